import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const ticketKinds = ['customer', 'kitchen'] as const;
export type TicketKind = (typeof ticketKinds)[number];

export const printJobStatuses = ['pending', 'printing', 'done', 'skipped', 'failed'] as const;
export type PrintJobStatus = (typeof printJobStatuses)[number];

/**
 * One ticket to print, written in the same transaction as the change that asks for it (a new cash order,
 * later a paid card order or a kitchen reprint). A worker claims it with a lease, prints it and marks it
 * done; the idempotency key travels with every attempt so a retry after a crash is recognised downstream.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: serial('id').primaryKey(),
    /** Stable for the ticket's life, e.g. "o12-kitchen-1"; a second insert of the same key is a no-op. */
    idempotencyKey: text('idempotency_key').notNull(),
    orderId: integer('order_id').notNull(),
    kind: text('kind').$type<TicketKind>().notNull(),
    copy: integer('copy').notNull().default(1),
    status: text('status').$type<PrintJobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who holds the job and until when; an expired lease means its worker died and the job is resumed. */
    claimedBy: text('claimed_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Where it went ("printnode:123" or "lan:host:port") and the print service's job id, if any. */
    printer: text('printer'),
    externalJobId: text('external_job_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('print_jobs_idempotency_key').on(t.idempotencyKey),
    index('print_jobs_due_idx').on(t.status, t.nextAttemptAt),
    index('print_jobs_order_idx').on(t.orderId),
  ],
);

/**
 * Tickets received by the built-in simulators (virtual LAN printer, PrintNode simulator), decoded to text,
 * so the dashboard's virtual printer page survives a restart and shows tickets from every instance.
 */
export const simulatedTickets = pgTable(
  'simulated_tickets',
  {
    id: serial('id').primaryKey(),
    /** "lan:127.0.0.1:9100" or "printnode:1". */
    printer: text('printer').notNull(),
    idempotencyKey: text('idempotency_key'),
    title: text('title').notNull().default(''),
    text: text('text').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('simulated_tickets_received_idx').on(t.receivedAt),
    // A retried job reaches the simulator again with the same key: it keeps the ticket once.
    uniqueIndex('simulated_tickets_key').on(t.printer, t.idempotencyKey),
  ],
);
