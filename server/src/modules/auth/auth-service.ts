import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema/index.js';
import type { Lang } from '../i18n/locale.js';
import { enqueueMail } from '../mail/outbox.js';
import { passwordResetMail } from '../mail/templates.js';
import { AccountError, createAccount, findByLogin, findUser, normaliseLogin, setPassword, type NewAccount, type UserRow } from './accounts.js';
import { dummyHash, verifyPassword } from './password.js';
import { SessionStore, type CreatedSession } from './sessions.js';
import { LOGIN_ACCOUNT, LOGIN_ADDRESS, RESET_ACCOUNT, RESET_ADDRESS, RESET_KEY_ADDRESS, Throttle } from './throttle.js';

// SPEC §8 wording.
export const NO_ACCOUNT = 'No account found with that username; sign up for a new account.';
export const WRONG_PASSWORD = 'Incorrect password; try again.';
export const RESET_LINK_INVALID = 'Password reset link is invalid; request a new link.';
export const LOGIN_REQUIRED = 'You need to log in first.';

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
  ) {
    this.sessions = new SessionStore(db, clock);
    this.throttle = new Throttle(db, clock);
  }

  async login(input: { login: string; password: string; remember: boolean; address: string; userAgent?: string }): Promise<LoginResult> {
    const login = normaliseLogin(input.login);
    if (!login || !input.password) throw new AccountError('Please enter your username and password.');
    const keys: Parameters<Throttle['check']>[0] = [
      [LOGIN_ACCOUNT, login],
      [LOGIN_ADDRESS, input.address],
    ];
    // Refused while locked, even with the right password: otherwise the lock would not stop guessing.
    await this.throttle.check(keys);
    const user = await findByLogin(this.db, login);
    if (!user || !user.active) {
      await verifyPassword(await dummyHash(), input.password);
      await this.throttle.hit(keys);
      throw new AccountError(NO_ACCOUNT);
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      // Count under both names of the account, so switching between e-mail and username gains nothing.
      await this.throttle.hit([...keys, [LOGIN_ACCOUNT, login === user.email ? user.username : user.email]]);
      throw new AccountError(WRONG_PASSWORD);
    }
    await this.throttle.check([[LOGIN_ACCOUNT, user.email], [LOGIN_ACCOUNT, user.username]]);
    await this.throttle.clear(LOGIN_ACCOUNT, user.email);
    await this.throttle.clear(LOGIN_ACCOUNT, user.username);
    const session = await this.sessions.create(user.id, user.role, { remember: input.remember, userAgent: input.userAgent });
    return { user, session };
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
    if (!value) throw new AccountError('Enter a username or email address.');
    const keys: Parameters<Throttle['check']>[0] = [
      [RESET_ACCOUNT, value],
      [RESET_ADDRESS, address],
    ];
    await this.throttle.check(keys);
    await this.throttle.hit(keys);
    const user = await findByLogin(this.db, value);
    if (!user || !user.active) return;
    const key = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await tx.insert(passwordResets).values({ keyHash: hashKey(key), userId: user.id, expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS), createdAt: now });
      const link = `${this.siteUrl}/my-account/reset-password?key=${encodeURIComponent(key)}&login=${encodeURIComponent(user.username)}`;
      await enqueueMail(tx, passwordResetMail(lang, { to: user.email, firstName: user.firstName, link }));
    });
  }

  /** Sets a new password with a reset key: single use, one hour, for that login only; ends every session. */
  async resetPassword(input: { key: string; login: string; password: string; address: string }): Promise<UserRow> {
    await this.throttle.check([[RESET_KEY_ADDRESS, input.address]]);
    const now = this.clock();
    const key = input.key.trim();
    const user = await findByLogin(this.db, input.login);
    const [reset] = key
      ? await this.db
          .select()
          .from(passwordResets)
          .where(and(eq(passwordResets.keyHash, hashKey(key)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      : [];
    if (!reset || !user || reset.userId !== user.id) {
      await this.throttle.hit([[RESET_KEY_ADDRESS, input.address]]);
      throw new AccountError(RESET_LINK_INVALID);
    }
    await setPassword(this.db, user.id, input.password, now);
    await this.db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.userId, user.id));
    await this.sessions.revokeAllFor(user.id);
    await this.throttle.clear(LOGIN_ACCOUNT, user.email);
    await this.throttle.clear(LOGIN_ACCOUNT, user.username);
    return user;
  }

  /** A logged-in user's new password; every other session of theirs ends. */
  async changePassword(userId: number, password: string, keepSession: string): Promise<UserRow> {
    const user = await findUser(this.db, userId);
    if (!user) throw new AccountError('Update failed.');
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
