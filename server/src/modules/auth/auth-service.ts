import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema/index.js';
import type { Lang } from '../i18n/locale.js';
import { enqueueMail } from '../mail/outbox.js';
import { loginBackoffMail, passwordResetMail } from '../mail/templates.js';
import { createAccount, findByLogin, findUser, normaliseLogin, setPassword, staffLanguageOf, type NewAccount, type UserRow } from './accounts.js';
import { dummyHash, verifyPassword } from './password.js';
import { SessionStore, type CreatedSession } from './sessions.js';
import type { KnownDevices } from './known-devices.js';
import {
  LOGIN_ACCOUNT,
  LOGIN_ADDRESS,
  LOGIN_BACKOFF_NOTICE,
  LOGIN_DEVICE,
  LOGIN_PAIR,
  RESET_ACCOUNT,
  RESET_ADDRESS,
  RESET_KEY_ADDRESS,
  Throttle,
  TooManyAttemptsError,
  type ThrottleRule,
} from './throttle.js';
import { DomainError } from '../../errors/domain-error.js';
import type { Logger } from '../../logger.js';
import { logSecurityEvent } from './security-log.js';
import { customerLang } from '../customers/customer-admin.js';

// docs/product.md §8 wording.
export const NO_ACCOUNT = 'No account found with that username; sign up for a new account.';
export const WRONG_PASSWORD = 'Incorrect password; try again.';
export const RESET_LINK_INVALID = 'Password reset link is invalid; request a new link.';
export const LOGIN_REQUIRED = 'You need to log in first.';
/** The account-wide back-off (issue 33 D3): what the owner on a new device can do about it. */
export const accountBackoffMessage = (seconds: number) =>
  `Many wrong passwords were tried for this account, so new devices may only try now and then. Try again in ${seconds} second${seconds === 1 ? '' : 's'}, log in on a device you used before, or reset your password.`;

const RESET_LIFETIME_MS = 3600_000;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export interface LoginResult {
  user: UserRow;
  session: CreatedSession;
}

/** Login, registration and password reset; transports (GraphQL, REST) stay thin over this. */
export class AuthService {
  readonly sessions: SessionStore;
  readonly throttle: Throttle;

  constructor(
    private readonly db: Db,
    private readonly siteUrl: string,
    private readonly clock: () => Date,
    private readonly devices: KnownDevices,
    /** Where logins, failed logins and lockouts are logged (security-log.ts); none in some tests. */
    private readonly log?: Logger,
  ) {
    this.sessions = new SessionStore(db, clock);
    this.throttle = new Throttle(db, clock);
  }

  /**
   * Counts the attempt before the password is checked (throttle.ts), under the throttle that fits where it
   * comes from: a device this account logged in on before has its own growing delays and nothing else,
   * so guessing from elsewhere never locks the owner out of it; any other device is slowed (up to 15
   * minutes) per account and address, slowed far less per account over all addresses (a back-off of at
   * most a minute, so a few addresses cannot lock the owner out of a new device), and limited per address
   * (docs/security.md "Rate limits", decision 0078). The owner is mailed when the account back-off starts.
   * Refused while throttled even with the right password: otherwise the throttle would not stop guessing.
   */
  async login(input: {
    login: string;
    password: string;
    remember: boolean;
    address: string;
    userAgent?: string;
    /** The browser's device cookie (known-devices.ts), if any. */
    deviceCookie?: string;
  }): Promise<LoginResult & { deviceCookie: string }> {
    const login = normaliseLogin(input.login);
    if (!login || !input.password) throw new DomainError('CREDENTIALS_REQUIRED', 'Please enter your username and password.');
    const found = await findByLogin(this.db, login);
    const user = found?.active ? found : undefined;
    // One key per account whichever name is typed (e-mail or username); unknown names are counted as typed.
    const account = user ? `user:${user.id}` : `login:${login}`;
    const device = this.devices.read(input.deviceCookie);
    const knownDevice = user !== undefined && device !== undefined && device.userIds.includes(user.id);
    const ownThrottle: [ThrottleRule, string] = knownDevice ? [LOGIN_DEVICE, `${account}|${device.id}`] : [LOGIN_PAIR, `${account}|${input.address}`];
    const accountId = user?.id ?? null;
    let accountCount = 0;
    try {
      if (knownDevice) await this.throttle.take([ownThrottle]);
      else accountCount = (await this.throttle.take([ownThrottle, [LOGIN_ACCOUNT, account], [LOGIN_ADDRESS, input.address]]))[1] ?? 0;
    } catch (error) {
      if (error instanceof TooManyAttemptsError) {
        logSecurityEvent(this.log, 'login.locked', { accountId, knownDevice, rule: error.rule, retryAfterSeconds: error.retryAfterSeconds });
        if (error.rule === LOGIN_ACCOUNT.name) {
          if (user) await this.tellOwnerOfBackoff(user);
          // The same answer whether the account exists or not (an unknown name is throttled by the name typed).
          throw new DomainError('ACCOUNT_BACKOFF', accountBackoffMessage(error.retryAfterSeconds), { retryAfter: error.retryAfterSeconds });
        }
      }
      throw error;
    }
    if (!user) {
      await verifyPassword(await dummyHash(), input.password);
      logSecurityEvent(this.log, 'login.failed', { accountId: null, reason: 'no_account' });
      throw new DomainError('NO_ACCOUNT', NO_ACCOUNT);
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      logSecurityEvent(this.log, 'login.failed', { accountId, reason: 'wrong_password', knownDevice });
      // This failure starts the account back-off: the next attempt without proof waits.
      if (accountCount >= LOGIN_ACCOUNT.freeAttempts) await this.tellOwnerOfBackoff(user);
      throw new DomainError('WRONG_PASSWORD', WRONG_PASSWORD);
    }
    await this.throttle.clear(...ownThrottle);
    // Only failures use up the account's and the address's allowance: staff logging in on many new
    // devices (kiosks, tills) at the start of the day must not lock their own account.
    if (!knownDevice) {
      await this.throttle.refund(LOGIN_ACCOUNT, account);
      await this.throttle.refund(LOGIN_ADDRESS, input.address);
    }
    const session = await this.sessions.create(user.id, user.role, { remember: input.remember, userAgent: input.userAgent });
    logSecurityEvent(this.log, 'login', { accountId, role: user.role, knownDevice });
    return { user, session, deviceCookie: this.devices.remember(device, user.id) };
  }

  /**
   * Mails the account's owner that the account back-off is on: once an hour at most (a window in the
   * throttle table, so every instance agrees), in a staff member's own language (null: the shop's, Dutch;
   * decision 0071), a customer's in the language of their last order: never the page's, which the guesser chose.
   */
  private async tellOwnerOfBackoff(user: UserRow): Promise<void> {
    try {
      await this.throttle.take([[LOGIN_BACKOFF_NOTICE, `user:${user.id}`]]);
    } catch (error) {
      if (error instanceof TooManyAttemptsError) return;
      throw error;
    }
    const lang = user.role === 'customer' ? await customerLang(this.db, user.id) : (staffLanguageOf(user.staffLang) ?? 'nl');
    await enqueueMail(this.db, loginBackoffMail(lang, { to: user.email, firstName: user.firstName }));
  }

  async register(input: NewAccount & { userAgent?: string }): Promise<LoginResult> {
    const user = await createAccount(this.db, { ...input, role: 'customer' });
    const session = await this.sessions.create(user.id, user.role, { remember: false, userAgent: input.userAgent });
    return { user, session };
  }

  /**
   * Sends a reset link when the account exists. The answer is the same either way, so the form cannot be
   * used to find out who has an account; the rate limit applies either way too.
   */
  async requestReset(login: string, address: string, lang: Lang): Promise<void> {
    const value = normaliseLogin(login);
    if (!value) throw new DomainError('CREDENTIALS_REQUIRED', 'Enter a username or email address.');
    await this.throttle.take([
      [RESET_ACCOUNT, value],
      [RESET_ADDRESS, address],
    ]);
    const user = await findByLogin(this.db, value);
    if (!user || !user.active) return;
    const key = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await tx
        .insert(passwordResets)
        .values({ keyHash: hashKey(key), userId: user.id, expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS), createdAt: now });
      const link = `${this.siteUrl}/my-account/reset-password?key=${encodeURIComponent(key)}&login=${encodeURIComponent(user.username)}`;
      // A staff member who chose a language gets their mails in it, whatever page asked (decision 0071).
      const mailLang = (user.role !== 'customer' ? staffLanguageOf(user.staffLang) : null) ?? lang;
      await enqueueMail(tx, passwordResetMail(mailLang, { to: user.email, firstName: user.firstName, link }));
    });
  }

  /** Sets a new password with a reset key: single use, one hour, for that login only; ends every session. */
  async resetPassword(input: { key: string; login: string; password: string; address: string }): Promise<UserRow> {
    // Counted before the key is looked at, right or wrong: a guesser's parallel tries cannot slip through.
    await this.throttle.take([[RESET_KEY_ADDRESS, input.address]]);
    const now = this.clock();
    const key = input.key.trim();
    const user = await findByLogin(this.db, input.login);
    const [reset] = key
      ? await this.db
          .select()
          .from(passwordResets)
          .where(and(eq(passwordResets.keyHash, hashKey(key)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      : [];
    if (!reset || !user || reset.userId !== user.id) throw new DomainError('RESET_LINK_INVALID', RESET_LINK_INVALID);
    await setPassword(this.db, user.id, input.password, now);
    await this.db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.userId, user.id));
    await this.sessions.revokeAllFor(user.id);
    // Whoever proved they own the mailbox may log in again at once, from any device.
    await this.throttle.clear(LOGIN_ACCOUNT, `user:${user.id}`);
    return user;
  }

  /** A logged-in user's new password; every other session of theirs ends. */
  /**
   * A new password for a signed-in account, given its current one (a stolen session alone must not take the
   * account over). Wrong guesses count against the account like failed logins.
   */
  async changePassword(userId: number, currentPassword: string, password: string, keepSession: string): Promise<UserRow> {
    const user = await findUser(this.db, userId);
    if (!user) throw new DomainError('UPDATE_FAILED', 'Update failed.');
    if (!currentPassword) throw new DomainError('CURRENT_PASSWORD_REQUIRED', 'Enter your current password.');
    const account = `user:${user.id}`;
    await this.throttle.take([[LOGIN_ACCOUNT, account]]);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) throw new DomainError('CURRENT_PASSWORD_WRONG', 'The current password is not correct.');
    await this.throttle.refund(LOGIN_ACCOUNT, account);
    await setPassword(this.db, userId, password, this.clock());
    await this.sessions.revokeAllFor(userId, keepSession);
    return user;
  }

  /** Periodic clean-up of ended sessions, old rate-limit windows and spent reset keys. */
  async housekeeping(): Promise<void> {
    await this.sessions.prune();
    await this.throttle.prune();
    await this.db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date(this.clock().getTime() - 24 * 3600_000)));
  }

  async deactivate(userId: number): Promise<void> {
    await this.db.update(users).set({ active: false, updatedAt: this.clock() }).where(eq(users.id, userId));
    await this.sessions.revokeAllFor(userId);
  }
}
