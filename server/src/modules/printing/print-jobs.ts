import { randomBytes } from 'node:crypto';
import { and, asc, eq, getTableColumns, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { printJobs, settings, type TicketKind } from '../../db/schema/index.js';
import { PRINT_SETTINGS_KEY, parsePrintSettings, readPrintSettings, type PrintSettings } from './print-settings.js';

/** NOTIFY channel that wakes the print workers when a job is committed. */
export const PRINT_JOBS_CHANNEL = 'bakje_print_jobs';

export type PrintJob = typeof printJobs.$inferSelect;
export interface ClaimedJob {
  job: PrintJob;
  settings: PrintSettings;
}

/** Short and stable, because it is printed on the ticket (23 columns) and sent as the idempotency key. */
export function ticketKey(orderId: number, kind: TicketKind, copy: number): string {
  return `o${orderId}-${kind === 'customer' ? 'c' : 'k'}${copy}`;
}

async function insertJobs(tx: DbOrTx, jobs: (typeof printJobs.$inferInsert)[]): Promise<number> {
  if (jobs.length === 0) return 0;
  // The same ticket asked for twice (a repeated payment notification, say) stays one job. The workers are
  // woken only when a job was added; the notification is delivered at commit, and only if it commits.
  const insert = tx.insert(printJobs).values(jobs).onConflictDoNothing().returning({ id: printJobs.id });
  const result = (await tx.execute(sql`
    with inserted as (${insert.getSQL()}), notified as (select pg_notify(${PRINT_JOBS_CHANNEL}, '') from inserted limit 1)
    select (select count(*) from inserted)::int as inserted, (select count(*) from notified)::int as notified`)) as unknown as {
    rows: Array<{ inserted: number }>;
  };
  return Number(result.rows[0]?.inserted ?? 0);
}

/** Wakes every instance's print worker; delivered at commit, and only if the transaction commits. */
export async function wakePrintWorkers(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify(${PRINT_JOBS_CHANNEL}, '')`);
}

/**
 * The tickets a new order prints (customer ticket, kitchen copies), as jobs in the caller's transaction:
 * they exist exactly when the order does. Whether printing is on and where tickets go is decided when
 * the job runs, so a printer fixed later still gets the tickets that are waiting.
 */
export async function enqueueOrderTickets(tx: DbOrTx, orderId: number, known?: PrintSettings): Promise<number> {
  const settings = known ?? (await readPrintSettings(tx));
  const jobs: (typeof printJobs.$inferInsert)[] = [];
  if (settings.customerTicket) jobs.push({ idempotencyKey: ticketKey(orderId, 'customer', 1), orderId, kind: 'customer', copy: 1 });
  if (settings.kitchenTicket) {
    for (let copy = 1; copy <= settings.kitchenCopies; copy++) {
      jobs.push({ idempotencyKey: ticketKey(orderId, 'kitchen', copy), orderId, kind: 'kitchen', copy });
    }
  }
  return insertJobs(tx, jobs);
}

/** One more ticket on staff request (the kitchen's "print kitchen copy"): a new job with its own key. */
export async function enqueueReprint(tx: DbOrTx, orderId: number, kind: TicketKind): Promise<string> {
  const key = `o${orderId}-r${randomBytes(3).toString('hex')}`;
  await insertJobs(tx, [{ idempotencyKey: key, orderId, kind, copy: 0 }]);
  return key;
}

/**
 * Takes the next due job: pending and due, or claimed by a worker whose lease ran out (it crashed or hung).
 * SKIP LOCKED lets several workers on one PostgreSQL claim different jobs without waiting on each other;
 * on PGlite (one connection) it is simply a row lock.
 */
export async function claimNextJob(db: DbOrTx, workerId: string, leaseMs: number): Promise<ClaimedJob | null> {
  const due = or(
    and(eq(printJobs.status, 'pending'), lte(printJobs.nextAttemptAt, sql`now()`)),
    and(eq(printJobs.status, 'printing'), lt(printJobs.leaseUntil, sql`now()`)),
  );
  // A scalar subquery runs once (an InitPlan); `id in (... limit 1 for update skip locked)` may be re-run
  // per row and claim several jobs at once.
  const next = db
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(due)
    .orderBy(asc(printJobs.nextAttemptAt), asc(printJobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(printJobs)
    .set({
      status: 'printing',
      claimedBy: workerId,
      leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql`${printJobs.attempts} + 1`,
    })
    .where(and(sql`${printJobs.id} = (${next})`, due))
    // The print settings as they are at the claim, in the same round trip (the worker needs them for every job).
    .returning({ ...getTableColumns(printJobs), settings: sql<unknown>`(select value from ${settings} where key = ${PRINT_SETTINGS_KEY})` });
  if (!job) return null;
  const { settings: value, ...row } = job;
  return { job: row, settings: parsePrintSettings(value) };
}

/** Only the worker that still holds the job may settle it; returns false when the lease was lost. */
function held(job: PrintJob, workerId: string) {
  return and(eq(printJobs.id, job.id), eq(printJobs.status, 'printing'), eq(printJobs.claimedBy, workerId));
}

export async function markDone(db: DbOrTx, job: PrintJob, workerId: string, result: { printer: string; externalJobId: string | null }) {
  const rows = await db
    .update(printJobs)
    .set({ status: 'done', printer: result.printer, externalJobId: result.externalJobId, lastError: null, doneAt: sql`now()`, leaseUntil: null })
    .where(held(job, workerId))
    .returning({ id: printJobs.id });
  return rows.length > 0;
}

export async function markSkipped(db: DbOrTx, job: PrintJob, workerId: string, reason: string) {
  await db.update(printJobs).set({ status: 'skipped', lastError: reason, doneAt: sql`now()`, leaseUntil: null }).where(held(job, workerId));
}

/** A failed attempt: back to pending after `delayMs`, or failed for good. */
export async function markFailed(db: DbOrTx, job: PrintJob, workerId: string, error: string, retryInMs: number | null) {
  await db
    .update(printJobs)
    .set(
      retryInMs === null
        ? { status: 'failed', lastError: error, leaseUntil: null, doneAt: sql`now()` }
        : { status: 'pending', lastError: error, leaseUntil: null, claimedBy: null, nextAttemptAt: sql`now() + ${retryInMs} * interval '1 millisecond'` },
    )
    .where(held(job, workerId));
}

export async function jobsForOrder(db: DbOrTx, orderId: number): Promise<PrintJob[]> {
  return db.select().from(printJobs).where(eq(printJobs.orderId, orderId)).orderBy(asc(printJobs.id));
}
