import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { jobStatuses, type JobStatus } from '@bakje/contract';

export { jobStatuses, type JobStatus };

/**
 * Every durable side effect (a ticket to print, a mail to send, later payment and point-of-sale work), written
 * in the same transaction as the change that asks for it and run by the job runner (`server/src/jobs/`).
 * Jobs of one lane run one at a time in id order; a running job holds a short lease its runner renews.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    /** Which handler runs it ("print", "mail", ...). */
    kind: text('kind').notNull(),
    /** Jobs of one lane run in order, one at a time ("print:<printer>", "mail"). */
    lane: text('lane').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who runs it and until when; a lease that runs out means its runner died, and the job is taken over. */
    claimedBy: text('claimed_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The current attempt took over a job whose previous attempt was cut off (its outcome is unknown). */
    interrupted: boolean('interrupted').notNull().default(false),
    lastError: text('last_error'),
    result: jsonb('result'),
    /** Stable for the job's life and sent downstream with every attempt; a second enqueue of the key is a no-op. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_idempotency_key').on(t.idempotencyKey),
    // The claim looks for due jobs and for the head of each lane among the unfinished ones.
    index('jobs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('queued', 'running')`),
    index('jobs_lane_idx')
      .on(t.lane, t.id)
      .where(sql`status in ('queued', 'running')`),
    index('jobs_kind_status_idx').on(t.kind, t.status),
    index('jobs_finished_idx').on(t.finishedAt),
  ],
);
