import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authSessions, users, type UserRole } from '../../db/schema/index.js';

/** Without "remember me" a session ends after 12 hours without use; with it, after 30 days. */
export const SESSION_IDLE_SECONDS = 12 * 3600;
export const REMEMBER_SECONDS = 30 * 24 * 3600;
/** last_seen/expiry are written at most this often per session, not on every request. */
const TOUCH_AFTER_SECONDS = 5 * 60;

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');
/** 256 bits, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url');

export interface ActiveSession {
  idHash: string;
  userId: number;
  role: UserRole;
  csrfToken: string;
  remember: boolean;
  expiresAt: Date;
}

export interface CreatedSession extends ActiveSession {
  /** The cookie value; only its hash is stored. */
  id: string;
}

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  /** A brand-new session (new id and CSRF token) for a login: never reuses an id the browser sent. */
  async create(userId: number, role: UserRole, options: { remember: boolean; userAgent?: string }): Promise<CreatedSession> {
    const now = this.clock();
    const id = newSecret();
    const csrfToken = newSecret();
    const expiresAt = new Date(now.getTime() + (options.remember ? REMEMBER_SECONDS : SESSION_IDLE_SECONDS) * 1000);
    await this.db.insert(authSessions).values({
      idHash: hashSessionId(id),
      userId,
      csrfToken,
      remember: options.remember,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      userAgent: (options.userAgent ?? '').slice(0, 300),
    });
    return { id, idHash: hashSessionId(id), userId, role, csrfToken, remember: options.remember, expiresAt };
  }

  /** The live session for a cookie value, sliding its expiry; undefined when unknown, expired or revoked. */
  async resolve(id: string): Promise<ActiveSession | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
    return this.resolveHash(hashSessionId(id));
  }

  /**
   * The same by the stored hash: a signed storefront token names its login session this way
   * (modules/auth/auth-tokens.ts), so logging out or changing the password ends the token with the session.
   */
  async resolveHash(idHash: string): Promise<ActiveSession | undefined> {
    if (!/^[0-9a-f]{64}$/.test(idHash)) return undefined;
    const now = this.clock();
    const [row] = await this.db
      .select({ session: authSessions, role: users.role, active: users.active })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(and(eq(authSessions.idHash, idHash), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)));
    if (!row || !row.active) return undefined;
    let expiresAt = row.session.expiresAt;
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_SECONDS * 1000) {
      expiresAt = new Date(now.getTime() + (row.session.remember ? REMEMBER_SECONDS : SESSION_IDLE_SECONDS) * 1000);
      await this.db.update(authSessions).set({ lastSeenAt: now, expiresAt }).where(eq(authSessions.idHash, idHash));
    }
    return { idHash, userId: row.session.userId, role: row.role, csrfToken: row.session.csrfToken, remember: row.session.remember, expiresAt };
  }

  /** Ends one session on the server: its cookie stops working everywhere at once. */
  async revoke(idHash: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: this.clock() })
      .where(and(eq(authSessions.idHash, idHash), isNull(authSessions.revokedAt)));
  }

  /** Ends every session of a user, except `keep` (the one changing the password). Returns how many. */
  async revokeAllFor(userId: number, keep?: string): Promise<number> {
    const rows = await this.db
      .update(authSessions)
      .set({ revokedAt: this.clock() })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), keep ? ne(authSessions.idHash, keep) : undefined))
      .returning({ idHash: authSessions.idHash });
    return rows.length;
  }

  /** Forgets sessions that ended (expired or revoked) over a day ago; they can never come back. */
  async prune(): Promise<number> {
    const before = new Date(this.clock().getTime() - 24 * 3600_000);
    const rows = await this.db
      .delete(authSessions)
      .where(or(lt(authSessions.expiresAt, before), and(isNotNull(authSessions.revokedAt), lt(authSessions.revokedAt, before))))
      .returning({ idHash: authSessions.idHash });
    return rows.length;
  }

  async listFor(userId: number) {
    const now = this.clock();
    return this.db
      .select({
        idHash: authSessions.idHash,
        createdAt: authSessions.createdAt,
        lastSeenAt: authSessions.lastSeenAt,
        expiresAt: authSessions.expiresAt,
        userAgent: authSessions.userAgent,
      })
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)));
  }
}
