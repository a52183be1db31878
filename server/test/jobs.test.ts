import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { Database } from '../src/db/client.js';
import type { Logger } from '../src/logger.js';
import { JobHandlers, JobRunner, PermanentJobError, type JobHandler, type JobRunnerOptions } from '../src/jobs/job-runner.js';
import { enqueueJob, enqueueJobs, type Job } from '../src/jobs/job-store.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { waitFor } from './support/wait.js';

const silent = pino({ level: 'silent' }) as unknown as Logger;
const FAST: JobRunnerOptions = { concurrency: 4, pollMs: 25, leaseMs: 1000 };
const statusOf = (db: Database, kind: string) => db.db.select().from(t.jobs).where(eq(t.jobs.kind, kind)).orderBy(t.jobs.id);

describe.each(databaseKinds)('job runner on %s', (kind) => {
  let testDb: TestDatabase;
  const runners: JobRunner[] = [];

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await testDb.cleanup();
  });

  function startRunner(handlers: JobHandlers, database: Database = testDb.database, options: Partial<JobRunnerOptions> = {}) {
    const runner = new JobRunner(database.db, database, handlers, silent, { ...FAST, ...options });
    runners.push(runner);
    return runner.start().then(() => runner);
  }

  it('retries a handler that fails twice, then runs its side effect once', async () => {
    const effects: string[] = [];
    let calls = 0;
    const flaky: JobHandler<{ to: string }> = {
      kind: 'flaky',
      backoff: { baseMs: 10, maxMs: 50 },
      async handle(job) {
        calls += 1;
        if (calls <= 2) throw new Error(`attempt ${job.attempts} failed`);
        effects.push(job.payload.to);
      },
    };
    await startRunner(new JobHandlers().register(flaky));
    // Enqueued in a transaction: the NOTIFY wakes the runner at commit.
    await testDb.database.db.transaction((tx) => enqueueJob(tx, { kind: 'flaky', lane: 'flaky', payload: { to: 'an' }, idempotencyKey: 'flaky-1' }));
    const [job] = await waitFor('the job done', async () => {
      const rows = await statusOf(testDb.database, 'flaky');
      return rows[0]?.status === 'done' && rows;
    });
    expect(job).toMatchObject({ attempts: 3, lastError: null, interrupted: false, idempotencyKey: 'flaky-1' });
    expect(effects).toEqual(['an']);
    expect(calls).toBe(3);

    // A second enqueue of the same key stays one job.
    expect(await enqueueJob(testDb.database.db, { kind: 'flaky', lane: 'flaky', payload: { to: 'an' }, idempotencyKey: 'flaky-1' })).toBe(0);
  });

  it('runs a job added to a lane while that lane is busy as soon as the lane is free, without waiting for the poll', async () => {
    // The poll is an hour: only notifications and finished lanes can drive the runner here.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ran: number[] = [];
    await startRunner(
      new JobHandlers().register<{ n: number }>({
        kind: 'held',
        async handle(job) {
          ran.push(job.payload.n);
          if (job.payload.n === 1) await held;
        },
        // A batch handler (as printing's): a batch that is not full does not by itself make the runner look again.
        batch: {
          max: 10,
          async handle(jobs) {
            for (const job of jobs) ran.push(job.payload.n);
            return jobs.map(() => undefined);
          },
        },
      }),
      testDb.database,
      { pollMs: 3_600_000 },
    );
    await enqueueJob(testDb.database.db, { kind: 'held', lane: 'busy', payload: { n: 1 } });
    await waitFor('the first job running', async () => ran.length === 1);
    // Committed while the lane runs: the claim its notification wakes passes the busy lane over.
    await enqueueJob(testDb.database.db, { kind: 'held', lane: 'busy', payload: { n: 2 } });
    await enqueueJob(testDb.database.db, { kind: 'held', lane: 'other', payload: { n: 3 } });
    await waitFor('the other lane run meanwhile', async () => ran.includes(3));
    release();
    await waitFor(
      'the job added to the busy lane run',
      async () => ran.includes(2),
      () => ran,
      10_000,
    );
    const rows = await waitFor('all done', async () => {
      const all = await statusOf(testDb.database, 'held');
      return all.length === 3 && all.every((r) => r.status === 'done') && all;
    });
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1]);
  });

  it('fails a job for good after its attempts, or at once on a permanent error, and leaves the lane free', async () => {
    const seen: number[] = [];
    await startRunner(
      new JobHandlers().register<{ n: number }>({
        kind: 'strict',
        maxAttempts: 2,
        backoff: { baseMs: 10, maxMs: 10 },
        async handle(job) {
          seen.push(job.payload.n);
          if (job.payload.n === 1) throw new Error('always');
          if (job.payload.n === 2) throw new PermanentJobError('refused');
        },
      }),
    );
    await enqueueJobs(
      testDb.database.db,
      [1, 2, 3].map((n) => ({ kind: 'strict', lane: 'one', payload: { n } })),
    );
    const rows = await waitFor('all settled', async () => {
      const all = await statusOf(testDb.database, 'strict');
      return all.every((r) => r.status !== 'queued' && r.status !== 'running') && all;
    });
    expect(rows.map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ['failed', 2, 'always'],
      ['failed', 1, 'refused'],
      ['done', 1, null],
    ]);
    // In lane order: the third waited for the first two.
    expect(seen).toEqual([1, 1, 2, 3]);
  });

  it('runs three lanes in parallel: a lane that hangs or keeps failing holds up only itself', async () => {
    const done: string[] = [];
    let releaseJam: () => void = () => undefined;
    const jammed = new Promise<void>((resolve) => (releaseJam = resolve));
    const handler: JobHandler<{ lane: string; n: number }> = {
      kind: 'ticket',
      backoff: { baseMs: 20, maxMs: 20 },
      maxAttempts: 1000,
      async handle(job) {
        if (job.payload.lane === 'print:jammed') await jammed;
        if (job.payload.lane === 'print:broken') throw new Error('paper out');
        done.push(`${job.payload.lane}#${job.payload.n}`);
      },
    };
    await startRunner(new JobHandlers().register(handler), testDb.database, { concurrency: 3 });
    const lanes = ['print:jammed', 'print:broken', 'print:ok'];
    // The jammed and broken lanes get their jobs first.
    await enqueueJobs(
      testDb.database.db,
      lanes.flatMap((lane) => [1, 2, 3].map((n) => ({ kind: 'ticket', lane, payload: { lane, n } }))),
    );
    try {
      const rows = await waitFor('the healthy lane done and the broken one retried', async () => {
        const all = await statusOf(testDb.database, 'ticket');
        return done.length === 3 && all.find((r) => r.lane === 'print:broken')!.attempts > 1 && all;
      });
      expect(done).toEqual(['print:ok#1', 'print:ok#2', 'print:ok#3']);
      const byLane = (lane: string) => rows.filter((r) => r.lane === lane).map((r) => r.status);
      expect(byLane('print:jammed')).toEqual(['running', 'queued', 'queued']);
      // The broken lane's head is between attempts (or in one); the jobs behind it wait their turn.
      expect(byLane('print:broken').slice(1)).toEqual(['queued', 'queued']);
    } finally {
      // The jam clears (also when an expectation failed, so the runner can stop): that lane catches up, in order.
      releaseJam();
    }
    await waitFor('the jammed lane done', async () => done.length === 6);
    expect(done.slice(3)).toEqual(['print:jammed#1', 'print:jammed#2', 'print:jammed#3']);
  });

  it('keeps a running job leased while its handler runs, and hands a job whose runner died to another, marked interrupted', async () => {
    let finish: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const attempts: Job[] = [];
    const handler: JobHandler = {
      kind: 'slow',
      async handle(job) {
        attempts.push(job);
        if (attempts.length === 1) await slow;
      },
    };
    const runner = await startRunner(new JobHandlers().register(handler), testDb.database, { leaseMs: 300 });
    await enqueueJob(testDb.database.db, { kind: 'slow', lane: 'slow', payload: {} });
    await waitFor('the first attempt', async () => attempts.length === 1);
    // Several leases long: the heartbeat keeps it, nobody else takes it.
    const other = await startRunner(new JobHandlers().register(handler), testDb.database, { leaseMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(attempts).toHaveLength(1);
    finish();
    await waitFor('done', async () => (await statusOf(testDb.database, 'slow'))[0]!.status === 'done');
    await runner.stop();
    await other.stop();

    // A runner that died mid-job: its lease runs out and the next runner takes over, telling the handler.
    const [dead] = await testDb.database.db
      .insert(t.jobs)
      .values({ kind: 'slow', lane: 'slow', payload: {}, status: 'running', attempts: 1, claimedBy: 'jr-dead', leaseUntil: new Date(Date.now() - 1) })
      .returning();
    const fresh = new JobRunner(testDb.database.db, testDb.database, new JobHandlers().register(handler), silent, FAST);
    expect(await fresh.drain()).toBe(1);
    expect(attempts.at(-1)).toMatchObject({ id: dead!.id, attempts: 2, interrupted: true });
    const [row] = await testDb.database.db.select().from(t.jobs).where(eq(t.jobs.id, dead!.id));
    expect(row).toMatchObject({ status: 'done', interrupted: true });
  });

  it('lets the event loop serve requests between jobs, so a burst never runs as one unbroken chain', async () => {
    const done: number[] = [];
    const quick: JobHandler<{ n: number }> = {
      kind: 'quick',
      async handle(job) {
        done.push(job.payload.n);
      },
    };
    await enqueueJobs(
      testDb.database.db,
      Array.from({ length: 40 }, (_, n) => ({ kind: 'quick', lane: `quick:${n}`, payload: { n } })),
    );
    // What a request arriving during the burst gets: a turn of the event loop.
    const turns: number[] = [];
    const timer = setInterval(() => turns.push(done.length), 0);
    try {
      await startRunner(new JobHandlers().register(quick));
      await waitFor('the burst done', async () => done.length === 40);
    } finally {
      clearInterval(timer);
    }
    expect(turns.some((n) => n > 0 && n < 40)).toBe(true);
  });

  it('hands consecutive jobs of a lane to a batch handler in order, up to its size', async () => {
    const batches: number[][] = [];
    const handler: JobHandler<{ n: number }> = {
      kind: 'batched',
      async handle(job) {
        batches.push([job.payload.n]);
      },
      batch: {
        max: 4,
        async handle(jobs) {
          batches.push(jobs.map((j) => j.payload.n));
          return jobs.map((j) => (j.payload.n === 6 ? new Error('jammed at 6') : { result: { n: j.payload.n } }));
        },
      },
    };
    await enqueueJobs(
      testDb.database.db,
      [1, 2, 3, 4, 5, 6].map((n) => ({ kind: 'batched', lane: 'a', payload: { n } })),
    );
    const runner = new JobRunner(testDb.database.db, testDb.database, new JobHandlers().register(handler), silent, FAST);
    expect(await runner.drain()).toBe(6);
    expect(batches).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ]);
    const rows = await statusOf(testDb.database, 'batched');
    expect(rows.map((r) => [r.status, r.result])).toEqual([
      ['done', { n: 1 }],
      ['done', { n: 2 }],
      ['done', { n: 3 }],
      ['done', { n: 4 }],
      ['done', { n: 5 }],
      ['queued', null],
    ]);
  });

  it.runIf(kind === 'postgres')('two runners on one database (two processes) never run one job twice, nor two jobs of a lane at once', async () => {
    const runs = new Map<number, number>();
    const inLane = new Map<string, number>();
    let overlaps = 0;
    const handler: JobHandler<{ lane: string }> = {
      kind: 'shared',
      backoff: { baseMs: 5, maxMs: 5 },
      async handle(job) {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        const now = (inLane.get(job.lane) ?? 0) + 1;
        inLane.set(job.lane, now);
        if (now > 1) overlaps += 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
        inLane.set(job.lane, now - 1);
        // Some fail once, so retries come due while both runners claim.
        if (job.id % 7 === 0 && job.attempts === 1) throw new Error('once');
      },
    };
    const lanes = ['l1', 'l2', 'l3', 'l4', 'l5'];
    await enqueueJobs(
      testDb.database.db,
      Array.from({ length: 150 }, (_, i) => ({ kind: 'shared', lane: lanes[i % lanes.length]!, payload: { lane: lanes[i % lanes.length]! } })),
    );
    const another = await testDb.openAnother();
    const mine = new JobHandlers().register(handler);
    const first = await startRunner(mine, testDb.database, { concurrency: 3 });
    const second = await startRunner(mine, another, { concurrency: 3 });
    await waitFor('all done', async () => {
      const rows = await statusOf(testDb.database, 'shared');
      return rows.every((r) => r.status === 'done') && rows;
    });
    const rows = await statusOf(testDb.database, 'shared');
    const claimedBy = new Set(rows.map((r) => r.claimedBy));
    expect(claimedBy).toEqual(new Set([first.id, second.id]));
    for (const row of rows) expect(runs.get(row.id), `job ${row.id}`).toBe(row.id % 7 === 0 ? 2 : 1);
    expect(overlaps).toBe(0);
  });
});
