import { eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authThrottle } from '../../db/schema/index.js';

/** At most `limit` attempts per key in a fixed window; then refused until the window ends. */
export interface WindowRule {
  kind: 'window';
  /** Key prefix, e.g. "login:account". */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Growing delays: `freeAttempts` attempts at any pace, then each attempt must wait twice as long after
 * the one before (2 s, 4 s, 8 s ...), at most `maxDelaySeconds`. The series starts over when a delay has
 * long passed (`resetAfterSeconds` without an attempt it held back) or when it is cleared (a success).
 */
export interface DelayRule {
  kind: 'delay';
  name: string;
  freeAttempts: number;
  maxDelaySeconds: number;
  resetAfterSeconds: number;
}

export type ThrottleRule = WindowRule | DelayRule;

// The login policy: docs/security.md "Rate limits".
/** Per account and address, from a device the account has not logged in on: slows one guesser down. */
export const LOGIN_PAIR: DelayRule = { kind: 'delay', name: 'login:pair', freeAttempts: 5, maxDelaySeconds: 15 * 60, resetAfterSeconds: 24 * 3600 };
/** Per account and known device (its signed device cookie): the owner's own typos, never anyone else's. */
export const LOGIN_DEVICE: DelayRule = { kind: 'delay', name: 'login:device', freeAttempts: 5, maxDelaySeconds: 15 * 60, resetAfterSeconds: 24 * 3600 };
/**
 * Per account over all addresses, for unknown devices only: guessing spread over many addresses. A back-off,
 * not a lock (issue 33 D3, decision 0078): 20 free attempts, then 2 s, 4 s ... at most 60 s between attempts,
 * so a few addresses can no longer lock the owner out of a new device for 15 minutes; a device that proves
 * itself (known-devices.ts) is never counted here. Starts over after an hour without a held-back attempt.
 */
export const LOGIN_ACCOUNT: DelayRule = { kind: 'delay', name: 'login:account', freeAttempts: 20, maxDelaySeconds: 60, resetAfterSeconds: 3600 };
/** The owner is told when the account back-off starts: at most one mail an hour per account. */
export const LOGIN_BACKOFF_NOTICE: WindowRule = { kind: 'window', name: 'login:notice', limit: 1, windowSeconds: 3600 };
/** Per address, for unknown devices: a ceiling high enough for a shop whose kiosks and staff share one address. */
export const LOGIN_ADDRESS: WindowRule = { kind: 'window', name: 'login:address', limit: 300, windowSeconds: 15 * 60 };
/** Reset e-mails: 5 per account and 20 per address an hour; reset attempts with a key: 20 per address an hour. */
export const RESET_ACCOUNT: WindowRule = { kind: 'window', name: 'reset:account', limit: 5, windowSeconds: 3600 };
export const RESET_ADDRESS: WindowRule = { kind: 'window', name: 'reset:address', limit: 20, windowSeconds: 3600 };
export const RESET_KEY_ADDRESS: WindowRule = { kind: 'window', name: 'resetkey:address', limit: 20, windowSeconds: 3600 };

export class TooManyAttemptsError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    /** The rule that held the attempt back (its name, e.g. login:pair), for the log. */
    readonly rule?: string,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. For your security, please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
  }
}

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;
const int = (value: number) => sql`${value}::integer`;

/**
 * Counters in the database, so every instance sees the same counts and a restart does not reset them.
 * An attempt is counted before it is checked, in one statement per key that increments the counter
 * only while the key allows another attempt and returns whether it did: concurrent attempts queue on
 * the row, so no more attempts get through than the rule allows. The clock is injected so tests can
 * let time pass.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  /**
   * Counts one attempt against each key in turn and throws TooManyAttemptsError at the first key that
   * allows none now; keys after it are not counted, so list the narrowest first (an attempt held back by
   * its own account-and-address delay then does not use up the account's or the address's allowance).
   * Returns each key's count after this attempt, in the order given.
   */
  async take(entries: [ThrottleRule, string][]): Promise<number[]> {
    const now = this.clock();
    const counts: number[] = [];
    for (const [rule, subject] of entries) {
      const key = `${rule.name}:${subject}`;
      const counted = await this.db
        .insert(authThrottle)
        .values({ key, windowStart: now, count: 1, retryAt: firstRetryAt(rule, now) })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            count: sql`case when ${expired(rule, now)} then 1 else ${authThrottle.count} + 1 end`,
            windowStart: sql`case when ${expired(rule, now)} then ${at(now)} else ${authThrottle.windowStart} end`,
            retryAt: nextRetryAt(rule, now),
          },
          setWhere: allowsAnother(rule, now),
        })
        .returning({ count: authThrottle.count });
      if (counted.length === 0) {
        const [row] = await this.db.select({ retryAt: authThrottle.retryAt }).from(authThrottle).where(eq(authThrottle.key, key));
        throw new TooManyAttemptsError(row ? Math.max(1, Math.ceil((row.retryAt.getTime() - now.getTime()) / 1000)) : 1, rule.name);
      }
      counts.push(counted[0]!.count);
    }
    return counts;
  }

  /** Gives back an attempt that take() counted and that turned out well (a login with the right password). */
  async refund(rule: ThrottleRule, subject: string): Promise<void> {
    await this.db
      .update(authThrottle)
      .set({ count: sql`greatest(${authThrottle.count} - 1, 0)` })
      .where(eq(authThrottle.key, `${rule.name}:${subject}`));
  }

  async clear(rule: ThrottleRule, subject: string): Promise<void> {
    await this.db.delete(authThrottle).where(eq(authThrottle.key, `${rule.name}:${subject}`));
  }

  /** Drops counters that restrict nothing any more and would start over anyway (housekeeping). */
  async prune(olderThanSeconds = 24 * 3600): Promise<void> {
    await this.db.delete(authThrottle).where(lt(authThrottle.retryAt, new Date(this.clock().getTime() - olderThanSeconds * 1000)));
  }
}

/**
 * Whether the stored counter lets one more attempt through: a new window or series; else a window with
 * room left; or a free attempt or a delay that has passed. Only delays compare times with retry_at, so
 * instances whose clocks differ a little never refuse each other's ordinary attempts.
 */
function allowsAnother(rule: ThrottleRule, now: Date): SQL {
  if (rule.kind === 'window') return sql`${expired(rule, now)} or ${authThrottle.count} < ${int(rule.limit)}`;
  return sql`${expired(rule, now)} or ${authThrottle.count} < ${int(rule.freeAttempts)} or ${authThrottle.retryAt} <= ${at(now)}`;
}

/** The stored counter no longer applies: its window has ended, or its delays have long passed. */
function expired(rule: ThrottleRule, now: Date): SQL {
  return rule.kind === 'window'
    ? sql`${authThrottle.windowStart} <= ${at(new Date(now.getTime() - rule.windowSeconds * 1000))}`
    : sql`${authThrottle.retryAt} <= ${at(new Date(now.getTime() - rule.resetAfterSeconds * 1000))}`;
}

/** Seconds a delay rule holds back the attempt after the `count`-th. */
function delaySeconds(rule: DelayRule, count: number): number {
  return count < rule.freeAttempts ? 0 : Math.min(rule.maxDelaySeconds, 2 ** (count - rule.freeAttempts + 1));
}

/** retry_at of a new counter: the end of its window, or of the delay after its first attempt. */
function firstRetryAt(rule: ThrottleRule, now: Date): Date {
  return new Date(now.getTime() + (rule.kind === 'window' ? rule.windowSeconds : delaySeconds(rule, 1)) * 1000);
}

/** retry_at after this attempt, in SQL (for delays the same rule as delaySeconds, on the row's new count). */
function nextRetryAt(rule: ThrottleRule, now: Date): SQL {
  if (rule.kind === 'window') {
    const windowStart = sql`(case when ${expired(rule, now)} then ${at(now)} else ${authThrottle.windowStart} end)`;
    return sql`${windowStart} + ${int(rule.windowSeconds)} * interval '1 second'`;
  }
  const newCount = sql`(case when ${expired(rule, now)} then 1 else ${authThrottle.count} + 1 end)`;
  const delay = sql`least(${int(rule.maxDelaySeconds)}, case when ${newCount} < ${int(rule.freeAttempts)} then 0 else power(2, ${newCount} - ${int(rule.freeAttempts)} + 1) end)`;
  return sql`${at(now)} + ${delay} * interval '1 second'`;
}
