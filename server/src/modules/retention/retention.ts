import { and, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jobs, localMailbox, orderEvents, simulatedTickets } from '../../db/schema/index.js';

/**
 * How long the shop keeps records that only serve live screens, printing and mail delivery. Orders
 * themselves are never pruned (bookkeeping); these tables would otherwise grow with every order forever.
 */
export interface RetentionPolicy {
  /** order_events: a screen that was away longer than this reloads its orders instead of resuming. */
  orderEventDays: number;
  /** Jobs of every kind (tickets, mails) that are finished: done, skipped or failed for good. */
  jobDays: number;
  /** What the simulators received (virtual printer page, local mailbox). */
  simulatorDays: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { orderEventDays: 30, jobDays: 30, simulatorDays: 7 };

export interface PruneResult {
  orderEvents: number;
  jobs: number;
  simulatorRecords: number;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 3600_000);

/**
 * Deletes what the policy no longer keeps. Safe to run on several instances at once (plain deletes by
 * age) and never touches work still to do: queued or running jobs (tickets, unsent mail).
 */
export async function pruneOldRecords(db: DbOrTx, now: Date, policy: RetentionPolicy = DEFAULT_RETENTION): Promise<PruneResult> {
  const events = await db
    .delete(orderEvents)
    .where(lt(orderEvents.createdAt, daysBefore(now, policy.orderEventDays)))
    .returning({ id: orderEvents.id });
  const finished = await db
    .delete(jobs)
    .where(and(inArray(jobs.status, ['done', 'skipped', 'failed']), lt(sql`coalesce(${jobs.finishedAt}, ${jobs.createdAt})`, daysBefore(now, policy.jobDays))))
    .returning({ id: jobs.id });
  const simulatorCutoff = daysBefore(now, policy.simulatorDays);
  const tickets = await db.delete(simulatedTickets).where(lt(simulatedTickets.receivedAt, simulatorCutoff)).returning({ id: simulatedTickets.id });
  const mailbox = await db.delete(localMailbox).where(lt(localMailbox.receivedAt, simulatorCutoff)).returning({ id: localMailbox.id });
  return { orderEvents: events.length, jobs: finished.length, simulatorRecords: tickets.length + mailbox.length };
}
