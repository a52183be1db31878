import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { JobAbout, JobCounts, JobView } from '@bakje/contract';
import { DomainError } from '../errors/domain-error.js';
import type { Db, DbOrTx } from '../db/client.js';
import { jobs, type JobStatus } from '../db/schema/index.js';

/** NOTIFY channel that wakes the job runners when a job is committed (or put back by a retry). */
export const JOBS_CHANNEL = 'bakje_jobs';

/** A job as a handler sees it. */
export interface Job<P = unknown> {
  id: number;
  kind: string;
  lane: string;
  payload: P;
  /** This attempt's number, from 1. */
  attempts: number;
  /**
   * The previous attempt was cut off (its runner died or lost its lease while the handler ran): its side
   * effect may or may not have happened. A handler that cannot ask downstream says so (a ticket prints HERDRUK).
   */
  interrupted: boolean;
  idempotencyKey: string | null;
  createdAt: Date;
}

export interface NewJob {
  kind: string;
  /** Jobs of one lane run one at a time, in the order they were enqueued. */
  lane: string;
  payload: unknown;
  /** Stable for the job's life; asking twice for the same key stays one job. */
  idempotencyKey?: string;
  /** Not before this moment (default: now). */
  runAt?: Date;
}

/**
 * Adds jobs in the caller's transaction: they exist exactly when the change that asked for them commits.
 * The runners are woken by a NOTIFY sent only when a job was added; PostgreSQL delivers it at commit, and
 * only if the transaction commits. Returns how many were added (a repeated idempotency key adds none).
 */
export async function enqueueJobs(tx: DbOrTx, items: NewJob[]): Promise<number> {
  if (items.length === 0) return 0;
  const values = items.map((item) => ({
    kind: item.kind,
    lane: item.lane,
    payload: item.payload,
    idempotencyKey: item.idempotencyKey ?? null,
    ...(item.runAt ? { nextAttemptAt: item.runAt } : {}),
  }));
  const insert = tx.insert(jobs).values(values).onConflictDoNothing().returning({ id: jobs.id });
  const result = (await tx.execute(sql`
    with inserted as (${insert.getSQL()}), notified as (select pg_notify(${JOBS_CHANNEL}, '') from inserted limit 1)
    select (select count(*) from inserted)::int as inserted, (select count(*) from notified)::int as notified`)) as unknown as {
    rows: Array<{ inserted: number }>;
  };
  return Number(result.rows[0]?.inserted ?? 0);
}

export async function enqueueJob(tx: DbOrTx, item: NewJob): Promise<number> {
  return enqueueJobs(tx, [item]);
}

/** Wakes every instance's runner; delivered at commit, and only if the transaction commits. */
export async function wakeRunners(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface ClaimedRow {
  id: number;
  kind: string;
  lane: string;
  payload: unknown;
  attempts: number;
  interrupted: boolean;
  idempotency_key: string | null;
  created_at: Date | string;
}

export interface ClaimOptions {
  runnerId: string;
  leaseMs: number;
  /** The kinds this runner has handlers for, each with how many consecutive jobs of a lane it takes at once. */
  batchSizes: Record<string, number>;
  /** Lanes this runner is already working on. */
  busyLanes: readonly string[];
}

/**
 * Claims the head of one lane (its oldest unfinished job) when it is due (queued and due, or running under
 * a lease that ran out: its runner died), plus the consecutive jobs behind it that are due too, up to the
 * kind's batch size. Only a lane's head can be claimed, and not while another job of the lane runs under a
 * live lease, so two runners (two processes) never run two jobs of one lane at once, and a lane runs in
 * order. SKIP LOCKED lets runners on one PostgreSQL claim different lanes without waiting on each other.
 */
export async function claimJobs(db: DbOrTx, options: ClaimOptions): Promise<Job[]> {
  const kinds = Object.keys(options.batchSizes);
  if (kinds.length === 0) return [];
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const notBusy: SQL = options.busyLanes.length ? sql`and j.lane not in (${list(options.busyLanes)})` : sql``;
  const due = (alias: string) =>
    sql.raw(`((${alias}.status = 'queued' and ${alias}.next_attempt_at <= now()) or (${alias}.status = 'running' and ${alias}.lease_until < now()))`);
  const result = await db.execute(sql`
    with head as (
      select j.id, j.lane, j.kind from jobs j
      where j.status in ('queued', 'running') and ${due('j')} and j.kind in (${list(kinds)}) ${notBusy}
        and not exists (select 1 from jobs o where o.lane = j.lane and o.status in ('queued', 'running') and o.id < j.id)
        and not exists (select 1 from jobs o where o.lane = j.lane and o.status = 'running' and o.lease_until >= now() and o.id <> j.id)
      order by j.next_attempt_at, j.id
      limit 1
      for update of j skip locked
    ), followers as (
      select f.id, bool_and(f.id = head.id or (f.kind = head.kind and ${due('f')})) over (order by f.id) as take
      from jobs f, head
      where f.lane = head.lane and f.status in ('queued', 'running') and f.id >= head.id
      order by f.id
      limit (select coalesce((${JSON.stringify(options.batchSizes)}::jsonb ->> head.kind)::int, 1) from head)
    )
    update jobs set
      status = 'running',
      claimed_by = ${options.runnerId},
      lease_until = now() + ${options.leaseMs} * interval '1 millisecond',
      attempts = jobs.attempts + 1,
      interrupted = (jobs.status = 'running')
    where jobs.id in (select id from followers where take)
    returning jobs.id, jobs.kind, jobs.lane, jobs.payload, jobs.attempts, jobs.interrupted, jobs.idempotency_key, jobs.created_at`);
  return rowsOf<ClaimedRow>(result)
    .map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      lane: row.lane,
      payload: row.payload,
      attempts: Number(row.attempts),
      interrupted: row.interrupted,
      idempotencyKey: row.idempotency_key,
      createdAt: new Date(row.created_at),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Keeps this runner's leases on `ids` alive while their handlers run; returns how many it still holds. */
export async function renewLeases(db: DbOrTx, runnerId: string, leaseMs: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(and(inArray(jobs.id, [...ids]), eq(jobs.status, 'running'), eq(jobs.claimedBy, runnerId)))
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Ends every running job's lease now, so the next claim takes them over (marked interrupted). Only for a
 * database no other runner can use: the embedded one, held by one process (its data directory lock),
 * where a running job at start-up was left by a process that died.
 */
export async function releaseAllLeases(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ leaseUntil: sql`now() - interval '1 millisecond'` })
    .where(and(eq(jobs.status, 'running'), sql`${jobs.leaseUntil} >= now()`))
    .returning({ id: jobs.id });
  return rows.length;
}

export type Settlement =
  | { id: number; status: 'done'; result: unknown }
  | { id: number; status: 'skipped'; error: string }
  | { id: number; status: 'failed'; error: string }
  | { id: number; status: 'queued'; error: string; retryInMs: number };

/**
 * Records how attempts ended, in one statement. Only the runner that still holds a job may settle it; the
 * ids it no longer held (its lease ran out and another runner took over) are left out of the answer.
 */
export async function settleJobs(db: DbOrTx, runnerId: string, settlements: Settlement[]): Promise<number[]> {
  if (settlements.length === 0) return [];
  const values = settlements.map((s) => ({
    id: s.id,
    status: s.status,
    result: s.status === 'done' ? (s.result ?? null) : null,
    error: s.status === 'done' ? null : s.error.slice(0, 1000),
    retry_ms: s.status === 'queued' ? Math.round(s.retryInMs) : null,
  }));
  const result = await db.execute(sql`
    update jobs set
      status = v.status,
      result = case when v.status = 'done' then v.result else jobs.result end,
      last_error = v.error,
      finished_at = case when v.status = 'queued' then null else now() end,
      next_attempt_at = case when v.status = 'queued' then now() + v.retry_ms * interval '1 millisecond' else jobs.next_attempt_at end,
      lease_until = null,
      claimed_by = case when v.status = 'queued' then null else jobs.claimed_by end
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id int, status text, result jsonb, error text, retry_ms int)
    where jobs.id = v.id and jobs.status = 'running' and jobs.claimed_by = ${runnerId}
    returning jobs.id`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** What a job is about, as its handler describes it: a few plain fields, never personal data. */
type Describe = (kind: string, payload: unknown) => JobAbout;
export type { JobAbout, JobView };

/** The dashboard's and the API's view of a job. */

type JobRow = typeof jobs.$inferSelect;

function toView(row: JobRow, describe: Describe): JobView {
  return {
    id: row.id,
    kind: row.kind,
    lane: row.lane,
    status: row.status,
    attempts: row.attempts,
    interrupted: row.interrupted,
    lastError: row.lastError,
    idempotencyKey: row.idempotencyKey,
    about: describe(row.kind, row.payload),
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export interface JobFilter {
  statuses?: readonly JobStatus[];
  kinds?: readonly string[];
  limit: number;
}

/** Jobs in the given states and kinds, newest first. */
export async function listJobs(db: Db, filter: JobFilter, describe: Describe): Promise<JobView[]> {
  const where = and(
    filter.statuses?.length ? inArray(jobs.status, [...filter.statuses]) : undefined,
    filter.kinds?.length ? inArray(jobs.kind, [...filter.kinds]) : undefined,
  );
  const rows = await db.select().from(jobs).where(where).orderBy(desc(jobs.id)).limit(filter.limit);
  return rows.map((row) => toView(row, describe));
}

export async function jobById(db: DbOrTx, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** How many jobs of each kind are in each state (readiness probe, dashboard). */
export async function countJobs(db: DbOrTx): Promise<JobCounts> {
  const rows = await db
    .select({ kind: jobs.kind, status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .groupBy(jobs.kind, jobs.status);
  const counts: Record<string, Partial<Record<JobStatus, number>>> = {};
  for (const row of rows) (counts[row.kind] ??= {})[row.status] = Number(row.count);
  return counts;
}

/**
 * Puts a failed or skipped job back in its lane, due now. It keeps its idempotency key, so work that did
 * reach downstream after all is still recognised there and happens once. The attempt count starts again:
 * a job that used up its attempts would otherwise fail for good on its first new error.
 */
export async function retryJob(db: Db, id: number, describe: Describe): Promise<JobView> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(jobs)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, claimedBy: null, leaseUntil: null, finishedAt: null, interrupted: false })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['failed', 'skipped'])))
      .returning();
    if (!updated) {
      const existing = await jobById(tx, id);
      if (!existing) throw new DomainError('JOB_NOT_FOUND', `There is no job ${id}.`);
      throw new DomainError('JOB_NOT_RETRYABLE', `Job ${id} is ${existing.status}; only failed or skipped jobs can be retried.`);
    }
    await wakeRunners(tx);
    return toView(updated, describe);
  });
}
