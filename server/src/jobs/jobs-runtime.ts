import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Logger } from '../logger.js';
import { JobRunner, type JobHandlers } from './job-runner.js';
import { releaseAllLeases } from './job-store.js';

export interface JobsRuntime {
  handlers: JobHandlers;
  /** Undefined when this instance runs no jobs (BAKJE_JOB_RUNNER=false). */
  runner: JobRunner | undefined;
  /** Takes over what the previous process left running and starts claiming; once, after the server listens. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A ticket waits at most this much longer; the customers' requests get the connection meanwhile. */
const PGLITE_CLAIM_GAP_MS = 25;

/**
 * This instance's job runner on connections of its own (BAKJE_JOB_POOL_SIZE on PostgreSQL), so background
 * work and customers' requests never wait on each other's connections. Nothing runs before `start`.
 */
export function createJobs(config: Config, database: Database, handlers: JobHandlers, log: Logger): JobsRuntime {
  if (!config.jobs.runner) return { handlers, runner: undefined, start: async () => undefined, stop: async () => undefined };
  const pool = database.dedicatedPool(config.jobs.poolSize);
  const runner = new JobRunner(pool.db, database, handlers, log.child({ module: 'jobs' }), {
    concurrency: config.jobs.concurrency,
    pollMs: config.jobs.pollMs,
    leaseMs: config.jobs.leaseMs,
    ...(database.kind === 'pglite' ? { claimGapMs: PGLITE_CLAIM_GAP_MS } : {}),
  });
  return {
    handlers,
    runner,
    async start() {
      // The embedded database is this process's alone: what was running was cut off by the previous process's
      // end, and is taken over now instead of when its lease runs out.
      if (database.kind === 'pglite') {
        const released = await releaseAllLeases(pool.db);
        if (released) log.warn({ jobs: released }, 'jobs cut off by the previous stop are run again');
      }
      await runner.start();
    },
    async stop() {
      await runner.stop();
      await pool.close();
    },
  };
}
