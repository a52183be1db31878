import type { Db } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import type { AuthService } from '../auth/auth-service.js';
import { enqueueGuestOrderRetention } from './guest-orders.js';
import { DEFAULT_RETENTION, pruneOldRecords } from './retention.js';

/**
 * Every hour: sign-in housekeeping, old records pruned (docs/decisions/0007-retention.md), and the guest orders
 * past the retention period queued to lose their personal data (a job: retried, shown on /dashboard/jobs).
 * Answers the timer to stop.
 */
export function startHousekeeping(deps: { db: Db; auth: AuthService; clock: () => Date; guestCartDays: number; log: Logger }): NodeJS.Timeout {
  const { db, clock, log } = deps;
  const tidyUp = async () => {
    await deps.auth.housekeeping().catch((err: unknown) => log.warn({ err }, 'auth housekeeping failed'));
    const pruned = await pruneOldRecords(db, clock(), { ...DEFAULT_RETENTION, guestCartDays: deps.guestCartDays }).catch((err: unknown) =>
      log.warn({ err }, 'pruning old records failed'),
    );
    if (pruned && Object.values(pruned).some((n) => n > 0)) log.info({ pruned }, 'old records pruned');
    await enqueueGuestOrderRetention(db, clock()).catch((err: unknown) => log.warn({ err }, 'guest order retention could not be queued'));
  };
  const timer = setInterval(() => void tidyUp(), 3600_000);
  timer.unref();
  return timer;
}
