import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authThrottle } from '../../db/schema/index.js';

export interface ThrottleRule {
  /** Key prefix, e.g. "login:account". */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Login: 20 wrong passwords per account or 100 per address in 15 minutes lock that key until the window ends. */
export const LOGIN_ACCOUNT: ThrottleRule = { name: 'login:account', limit: 20, windowSeconds: 15 * 60 };
export const LOGIN_ADDRESS: ThrottleRule = { name: 'login:address', limit: 100, windowSeconds: 15 * 60 };
/** Reset e-mails: 5 per account and 20 per address an hour; wrong reset keys: 20 per address an hour. */
export const RESET_ACCOUNT: ThrottleRule = { name: 'reset:account', limit: 5, windowSeconds: 3600 };
export const RESET_ADDRESS: ThrottleRule = { name: 'reset:address', limit: 20, windowSeconds: 3600 };
export const RESET_KEY_ADDRESS: ThrottleRule = { name: 'resetkey:address', limit: 20, windowSeconds: 3600 };

export class TooManyAttemptsError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. For your security, please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
  }
}

/**
 * Fixed-window counters in the database, so every instance sees the same counts and a restart does not
 * reset them. The clock is injected so tests can let a window pass.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  /** Throws TooManyAttemptsError when any of the keys has used up its window. */
  async check(entries: [ThrottleRule, string][]): Promise<void> {
    const now = this.clock();
    let wait = 0;
    for (const [rule, subject] of entries) {
      const [row] = await this.db.select().from(authThrottle).where(eq(authThrottle.key, `${rule.name}:${subject}`));
      if (!row) continue;
      const ends = row.windowStart.getTime() + rule.windowSeconds * 1000;
      if (ends > now.getTime() && row.count >= rule.limit) wait = Math.max(wait, Math.ceil((ends - now.getTime()) / 1000));
    }
    if (wait > 0) throw new TooManyAttemptsError(wait);
  }

  /** Counts one attempt against each key; a key whose window has passed starts a new window. */
  async hit(entries: [ThrottleRule, string][]): Promise<void> {
    const now = this.clock();
    for (const [rule, subject] of entries) {
      const windowStartedBefore = new Date(now.getTime() - rule.windowSeconds * 1000);
      const expired = sql`${authThrottle.windowStart} <= ${windowStartedBefore.toISOString()}::timestamptz`;
      await this.db
        .insert(authThrottle)
        .values({ key: `${rule.name}:${subject}`, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            count: sql`case when ${expired} then 1 else ${authThrottle.count} + 1 end`,
            windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${authThrottle.windowStart} end`,
          },
        });
    }
  }

  async clear(rule: ThrottleRule, subject: string): Promise<void> {
    await this.db.delete(authThrottle).where(eq(authThrottle.key, `${rule.name}:${subject}`));
  }

  /** Drops counters whose window ended long ago (housekeeping). */
  async prune(olderThanSeconds = 24 * 3600): Promise<void> {
    await this.db
      .delete(authThrottle)
      .where(and(lt(authThrottle.windowStart, new Date(this.clock().getTime() - olderThanSeconds * 1000))));
  }
}
