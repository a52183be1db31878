import { and, inArray, like, lt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { carts, jobs, localMailbox, orderEvents, simulatedTickets } from '../../db/schema/index.js';

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
  /**
   * A guest's cart (and with it the guest session's only state) after this long without a change. Every
   * visitor without a token gets one; most never come back. Customers' carts are kept.
   */
  guestCartDays: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { orderEventDays: 30, jobDays: 30, simulatorDays: 7, guestCartDays: 14 };

export interface PruneResult {
  orderEvents: number;
  jobs: number;
  simulatorRecords: number;
  guestCarts: number;
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
  const guestCarts = await pruneGuestCarts(db, daysBefore(now, policy.guestCartDays));
  await vacuumWhereDeleted(db, [
    [orderEvents, events.length],
    [jobs, finished.length],
    [simulatedTickets, tickets.length],
    [localMailbox, mailbox.length],
  ]);
  return { orderEvents: events.length, jobs: finished.length, simulatorRecords: tickets.length + mailbox.length, guestCarts };
}

/** Deletes guest carts (session key "g_...") unchanged since `before`; returns how many. */
export async function pruneGuestCarts(db: DbOrTx, before: Date): Promise<number> {
  const deleted = await db
    .delete(carts)
    .where(and(like(carts.sessionKey, 'g\\_%'), lt(carts.updatedAt, before)))
    .returning({ sessionKey: carts.sessionKey });
  await vacuumWhereDeleted(db, [[carts, deleted.length]]);
  return deleted.length;
}

/**
 * The embedded database runs without PostgreSQL's autovacuum workers: the space of deleted rows is never
 * reused until a VACUUM, so a pruned table would still grow with every new row (measured: +1.8 MB per
 * 10,000 guest carts, purged or not). On PostgreSQL this does now what autovacuum would do soon after.
 * Must run outside a transaction, as pruning does.
 */
async function vacuumWhereDeleted(db: DbOrTx, tables: [PgTable, number][]): Promise<void> {
  for (const [table, deleted] of tables) {
    if (deleted > 0) await db.execute(sql`vacuum ${table}`);
  }
}
