import { randomBytes } from 'node:crypto';
import type { Database, Db } from '../db/client.js';
import { runAsBackground } from '../db/query-priority.js';
import type { Logger } from '../logger.js';
import { JOBS_CHANNEL, claimJobs, renewLeases, settleJobs, type Job, type JobAbout, type Settlement } from './job-store.js';

export interface JobContext {
  /** The runner's own connections (on PostgreSQL a small pool of its own). */
  db: Db;
  log: Logger;
}

/** How one attempt ended: done (with a result to keep), or skipped with the reason (nothing to do). */
export type JobOutcome = void | { result?: unknown } | { skipped: string };

/** Thrown by a handler for an error that a retry cannot fix (bad credentials, a rejected request): the job fails now. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

export interface Backoff {
  /** Delay after the first failed attempt; doubles per attempt. */
  baseMs: number;
  maxMs: number;
}

/**
 * What the runner runs for one kind of job. `handle` may throw: the job is retried with back-off until
 * `maxAttempts`, unless the error is a PermanentJobError. A handler must be safe to run again for the same
 * job (after a crash the runner cannot know whether the side effect happened): send the idempotency key
 * downstream, and look at `job.interrupted`.
 */
export interface JobHandler<P = unknown> {
  kind: string;
  /** Attempts before the job fails for good (default 10). */
  maxAttempts?: number;
  /** Default: 2 s doubling to 5 minutes. */
  backoff?: Backoff;
  handle(job: Job<P>, ctx: JobContext): Promise<JobOutcome>;
  /**
   * Optional: takes up to `max` consecutive jobs of one lane in one call (several tickets over one printer
   * connection), in lane order; returns one outcome per job, an Error for a job that failed.
   */
  batch?: { max: number; handle(jobs: Job<P>[], ctx: JobContext): Promise<Array<JobOutcome | Error>> };
  /** What the job is about, for the dashboard (which words it per kind); never personal data. */
  describe?(payload: P): JobAbout;
}

const DEFAULT_BACKOFF: Backoff = { baseMs: 2_000, maxMs: 5 * 60_000 };
const DEFAULT_MAX_ATTEMPTS = 10;

/** The handlers of this process by kind; also used where jobs are shown (their descriptions). */
export class JobHandlers {
  private readonly byKind = new Map<string, JobHandler>();

  register<P>(handler: JobHandler<P>): this {
    if (this.byKind.has(handler.kind)) throw new Error(`a handler for job kind "${handler.kind}" is already registered`);
    this.byKind.set(handler.kind, handler as JobHandler);
    return this;
  }

  get(kind: string): JobHandler | undefined {
    return this.byKind.get(kind);
  }

  kinds(): string[] {
    return [...this.byKind.keys()];
  }

  describe = (kind: string, payload: unknown): JobAbout => {
    try {
      return this.byKind.get(kind)?.describe?.(payload) ?? {};
    } catch {
      return {};
    }
  };
}

export interface JobRunnerOptions {
  /** Lanes worked on at once by this runner. */
  concurrency: number;
  /** Fallback poll, for retries coming due, leases running out and a missed notification. */
  pollMs: number;
  /** How long a claim holds without renewal; renewed every third of it while the handler runs. */
  leaseMs: number;
  /**
   * Least time between two claims (default 0). On PGlite every claim takes the one connection the customers'
   * requests use, and under load every order's notification woke a claim that mostly found its lane busy:
   * waking at most once per gap lets one claim take what several orders queued
   * (docs/decisions/0053-pglite-memory-checkout.md).
   */
  claimGapMs?: number;
}

/**
 * Lets the event loop take waiting requests before the next piece of background work. On the embedded
 * database a query does no I/O (it runs in this thread), and neither does a simulator called in-process, so
 * without this a burst of jobs runs as one unbroken chain of promises and requests wait until it ends.
 */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs the committed jobs of every registered kind. At-least-once: a job stays claimable until it is
 * settled, and a lease that runs out (its runner died) hands it to the next claim, marked interrupted.
 * One lane at a time per lane, up to `concurrency` lanes at once, so a jammed printer holds up only its
 * own lane. Woken by NOTIFY when a job is committed; polls as a fallback.
 */
export class JobRunner {
  readonly id = `jr-${randomBytes(4).toString('hex')}`;
  private stopped = true;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  /** Lanes being worked on by this runner, with the work. */
  private readonly active = new Map<string, Promise<void>>();
  /**
   * The jobs whose handlers run now: only their leases are renewed, so a job whose outcome could not be
   * recorded is not kept alive by a busy runner and is taken over when its lease runs out.
   */
  private readonly running = new Set<number>();
  private lastClaimAt = Number.NEGATIVE_INFINITY;
  private lastClaimFound = false;
  /**
   * Whether a claim may find something: set by a notification (a job was committed), by a lane finishing
   * with work possibly left behind it (a full batch, a failed attempt) and by the poll; cleared as a claim
   * starts. A lane finishing with nothing new to do then costs no query: on the embedded database every
   * claim is a millisecond of CPU, as much as rendering a few tickets (issue 18, bench/ticket-cpu.mjs).
   */
  private pending = true;
  /** Notifications heard so far; a lane remembers the count at its claim (see laneFinished). */
  private notifications = 0;

  constructor(
    private readonly db: Db,
    private readonly database: Pick<Database, 'listen'>,
    private readonly handlers: JobHandlers,
    private readonly log: Logger,
    private readonly options: JobRunnerOptions,
  ) {}

  async start() {
    if (!this.stopped) return;
    this.stopped = false;
    // After a dropped LISTEN connection a job may have been missed: look again.
    this.unlisten = await this.database.listen(JOBS_CHANNEL, { onPayload: () => this.nudge(), onResubscribed: () => this.nudge() });
    this.heartbeat = setInterval(() => void runAsBackground(() => this.renew()), Math.max(50, Math.floor(this.options.leaseMs / 3)));
    this.heartbeat.unref();
    // Jobs left queued (or held by a runner that died) before this start are picked up right away.
    // Everything the loop starts (claims, handlers, settlements) is background work: on the embedded database
    // requests' statements go first (docs/decisions/0059-request-statements-first.md).
    this.loop = runAsBackground(() => this.run());
  }

  nudge() {
    this.notifications += 1;
    this.pending = true;
    this.wake?.();
  }

  /** Stops claiming, lets the running handlers finish, and stops. */
  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    this.nudge();
    await this.loop;
    await Promise.all(this.active.values());
    clearInterval(this.heartbeat);
    // The database may already be gone (shutdown order, a lost connection): nothing left to unsubscribe.
    await this.unlisten?.().catch(() => undefined);
  }

  private async run() {
    while (!this.stopped) {
      try {
        // At the concurrency limit `pending` stays set: the next lane to finish looks again.
        while (!this.stopped && this.pending && this.active.size < this.options.concurrency) {
          this.pending = false;
          const heard = this.notifications;
          await yieldToRequests();
          const claimed = await this.claim();
          // Nothing due; unless a notification came in meanwhile (then `pending` is set again: look again).
          if (claimed.length === 0) continue;
          // Another lane may be due too.
          this.pending = true;
          const lane = claimed[0]!.lane;
          const work = this.runBatch(claimed).then(
            (again) => this.laneFinished(lane, again || this.notifications !== heard),
            () => this.laneFinished(lane, true),
          );
          this.active.set(lane, work);
        }
      } catch (error) {
        this.log.error({ err: error }, 'job runner: could not claim jobs');
        // Tried again on the poll, not in a tight loop.
        this.pending = false;
      }
      if (this.stopped) break;
      // A lane that finished while this loop was claiming found no one waiting to wake.
      if (this.pending && this.active.size < this.options.concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.pending = true;
          resolve();
        }, this.options.pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  /**
   * A lane is free again; `again`: work may be left in it. A job committed since the lane's claim may be
   * in this lane, which every claim meanwhile passed over as busy, so any notification since counts. A lane
   * holds jobs of one kind (print:<printer>, mail, payment:<id>, ...): a batch not full means it took all
   * that was due; anything due later is the poll's.
   */
  private laneFinished(lane: string, again: boolean) {
    this.active.delete(lane);
    if (again) this.pending = true;
    this.wake?.();
  }

  private batchMax(kind: string): number {
    return this.handlers.get(kind)?.batch?.max ?? 1;
  }

  private async claim(): Promise<Job[]> {
    const gap = this.options.claimGapMs ?? 0;
    // With a gap, even the first claim waits for the next turn of the event loop: PGlite runs a query on this
    // thread, and the request whose commit woke the runner then sends its answer first.
    // A claim that found work means a backlog: the next one goes at once, or the backlog drains at one job per
    // gap (a burst of payment look-ups, say, would hold up the next payment's kitchen event for seconds).
    if (gap > 0 && !this.stopped && !this.lastClaimFound) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, this.lastClaimAt + gap - performance.now())));
    }
    this.lastClaimAt = performance.now();
    const batchSizes: Record<string, number> = {};
    for (const kind of this.handlers.kinds()) batchSizes[kind] = this.batchMax(kind);
    const claimed = await claimJobs(this.db, { runnerId: this.id, leaseMs: this.options.leaseMs, batchSizes, busyLanes: [...this.active.keys()] });
    this.lastClaimFound = claimed.length > 0;
    return claimed;
  }

  private async renew() {
    if (this.running.size === 0) return;
    try {
      await renewLeases(this.db, this.id, this.options.leaseMs, [...this.running]);
    } catch (error) {
      this.log.warn({ err: error }, 'job runner: could not renew leases');
    }
  }

  /**
   * Runs everything due now, one lane after the other, without the loop (tests, tools); returns how many
   * jobs it ran. Meant for a runner that is not started.
   */
  async drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return handled;
      await this.runBatch(claimed);
      handled += claimed.length;
    }
  }

  /**
   * Runs a claimed batch; answers whether its lane may have work left that no notification announces: jobs
   * beyond a full batch, or an attempt that failed (its retry may be due at once).
   */
  private async runBatch(claimed: Job[]): Promise<boolean> {
    for (const job of claimed) this.running.add(job.id);
    try {
      await yieldToRequests();
      const failed = await this.runClaimed(claimed);
      return failed || claimed.length >= this.batchMax(claimed[0]!.kind);
    } finally {
      for (const job of claimed) this.running.delete(job.id);
    }
  }

  /** Answers whether an attempt failed or its outcome could not be recorded. */
  private async runClaimed(claimed: Job[]): Promise<boolean> {
    const handler = this.handlers.get(claimed[0]!.kind)!;
    const log = this.log.child({ kind: handler.kind, lane: claimed[0]!.lane });
    const ctx: JobContext = { db: this.db, log };
    let outcomes: Array<JobOutcome | Error>;
    try {
      if (handler.batch && claimed.length > 1) {
        outcomes = await handler.batch.handle(claimed, ctx);
        if (outcomes.length !== claimed.length) throw new Error(`the ${handler.kind} handler answered ${outcomes.length} outcomes for ${claimed.length} jobs`);
      } else {
        outcomes = [];
        for (const job of claimed) outcomes.push(await handler.handle(job, ctx).catch((error: unknown) => toError(error)));
      }
    } catch (error) {
      outcomes = claimed.map(() => toError(error));
    }
    const settlements = claimed.map((job, i) => this.settlement(handler, job, outcomes[i], log));
    try {
      const settled = new Set(await settleJobs(this.db, this.id, settlements));
      for (const job of claimed) if (!settled.has(job.id)) log.warn({ job: job.id }, 'job lease lost while running');
    } catch (error) {
      // The lease runs out and another attempt (marked interrupted) follows: the work is never lost.
      log.error({ err: error }, 'job runner: could not record job outcomes');
      return true;
    }
    return settlements.some((s) => s.status === 'queued');
  }

  private settlement(handler: JobHandler, job: Job, outcome: JobOutcome | Error, log: Logger): Settlement {
    if (outcome instanceof Error) {
      const maxAttempts = handler.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      const again = !(outcome instanceof PermanentJobError) && job.attempts < maxAttempts;
      const backoff = handler.backoff ?? DEFAULT_BACKOFF;
      const retryInMs = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, job.attempts - 1));
      log.warn({ job: job.id, key: job.idempotencyKey, attempt: job.attempts, err: outcome.message, retryInMs: again ? retryInMs : null }, 'job failed');
      return again ? { id: job.id, status: 'queued', error: outcome.message, retryInMs } : { id: job.id, status: 'failed', error: outcome.message };
    }
    if (outcome && 'skipped' in outcome) return { id: job.id, status: 'skipped', error: outcome.skipped };
    return { id: job.id, status: 'done', result: outcome?.result ?? null };
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
