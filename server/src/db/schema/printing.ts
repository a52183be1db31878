import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const ticketKinds = ['customer', 'kitchen'] as const;
export type TicketKind = (typeof ticketKinds)[number];

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
