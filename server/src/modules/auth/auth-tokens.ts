import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { ActiveSession, SessionStore } from './sessions.js';

/**
 * Storefront auth tokens (WPGraphQL-JWT style, docs/decisions/0037-storefront-auth-tokens.md): a short-lived
 * auth token sent as `Authorization: Bearer <token>` and a long refresh token that buys new auth tokens.
 * Both name the login session they belong to, so ending that session (logout, password change, an
 * administrator disabling the account) ends both at once: they carry no authority of their own.
 */
export const AUTH_TOKEN_SECONDS = 15 * 60;

export const AUTH_TOKEN_EXPIRED = 'The authentication token has expired. Refresh it or log in again.';
export const AUTH_TOKEN_INVALID = 'The authentication token is not valid or its login has ended. Log in again.';
export const REFRESH_TOKEN_INVALID = 'The refresh token is not valid, has expired or its login has ended. Log in again.';

type TokenUse = 'auth' | 'refresh';

export class AuthTokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(reason === 'expired' ? AUTH_TOKEN_EXPIRED : AUTH_TOKEN_INVALID);
  }
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

export interface IssuedTokens {
  auth: IssuedToken;
  refresh: IssuedToken;
}

type TokenSession = Pick<ActiveSession, 'idHash' | 'userId' | 'expiresAt'>;

export class AuthTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly issuer: string,
    private readonly sessions: SessionStore,
    private readonly clock: () => Date,
  ) {
    // A key of its own: a guest cart token (same server secret) can never pass as an auth token.
    this.key = createHmac('sha256', secret).update('bakje storefront auth token').digest();
  }

  /** Both tokens for a new login session; the refresh token lives as long as the session may. */
  async issue(session: TokenSession): Promise<IssuedTokens> {
    return { auth: await this.issueAuth(session), refresh: await this.sign(session, 'refresh', session.expiresAt) };
  }

  async issueAuth(session: TokenSession): Promise<IssuedToken> {
    const expiresAt = new Date(Math.min(this.clock().getTime() + AUTH_TOKEN_SECONDS * 1000, session.expiresAt.getTime()));
    return this.sign(session, 'auth', expiresAt);
  }

  /** The live login session behind an auth token; throws AuthTokenError when the token or its session is not good. */
  async sessionOfAuthToken(token: string): Promise<ActiveSession> {
    const sessionHash = await this.verify(token, 'auth');
    const session = await this.sessions.resolveHash(sessionHash);
    if (!session) throw new AuthTokenError('invalid');
    return session;
  }

  /** A new auth token for a refresh token whose session still lives; undefined otherwise. */
  async refresh(refreshToken: string): Promise<{ session: ActiveSession; auth: IssuedToken } | undefined> {
    let sessionHash: string;
    try {
      sessionHash = await this.verify(refreshToken, 'refresh');
    } catch (error) {
      if (error instanceof AuthTokenError) return undefined;
      throw error;
    }
    const session = await this.sessions.resolveHash(sessionHash);
    if (!session) return undefined;
    return { session, auth: await this.issueAuth(session) };
  }

  private async sign(session: TokenSession, use: TokenUse, expiresAt: Date): Promise<IssuedToken> {
    const iat = Math.floor(this.clock().getTime() / 1000);
    const token = await new SignJWT({ use, sid: session.idHash, data: { user: { id: String(session.userId) } } })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setSubject(String(session.userId))
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The session hash a token names, after checking signature, issuer, times and use. */
  private async verify(token: string, use: TokenUse): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: this.issuer, algorithms: ['HS256'], currentDate: this.clock() });
      if (payload.use !== use || typeof payload.sid !== 'string') throw new AuthTokenError('invalid');
      return payload.sid;
    } catch (error) {
      if (error instanceof AuthTokenError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AuthTokenError('expired');
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw new AuthTokenError('invalid');
      throw error;
    }
  }
}

/** `Authorization: Bearer <token>`; other schemes (Basic keys of the REST API) are not ours to read here. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  const match = value && /^Bearer\s+(\S+)$/i.exec(value);
  return match ? match[1] : undefined;
}
