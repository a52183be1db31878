import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, decodeJwt, errors as joseErrors } from 'jose';

/** Guests keep their cart for 48 hours after their last request (sliding). */
export const SESSION_LIFETIME_SECONDS = 48 * 3600;
/** A token older than this is renewed in the response, which makes the expiry slide. */
const RENEW_AFTER_SECONDS = 3600;

export const ISS_MISMATCH = 'The iss do not match with this server';
export const INVALID_TOKEN = 'Invalid session token';

export class SessionTokenError extends Error {}

export interface Session {
  /** `data.customer_id` of the token: a guest id (g_...) or a customer id (c_<id>). */
  key: string;
  issuedAt: number;
}

export function newGuestKey(): string {
  return `g_${randomBytes(16).toString('hex')}`;
}

/** WooGraphQL-style session tokens: HS256 JWT, `iss` = site URL, `data.customer_id`. */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly issuer: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(sessionKey: string, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({ data: { customer_id: sessionKey } })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + SESSION_LIFETIME_SECONDS)
      .sign(this.key);
  }

  /** Reads a token; throws SessionTokenError with one of the two storefront messages. */
  async verify(token: string, now = Date.now()): Promise<Session> {
    let claims;
    try {
      claims = decodeJwt(token);
    } catch {
      throw new SessionTokenError(INVALID_TOKEN);
    }
    if (claims.iss !== this.issuer) throw new SessionTokenError(ISS_MISMATCH);
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: this.issuer,
        algorithms: ['HS256'],
        currentDate: new Date(now),
      });
      const key = (payload.data as { customer_id?: unknown } | undefined)?.customer_id;
      if (typeof key !== 'string' || !/^(g_[0-9a-f]{32}|c_\d+)$/.test(key)) throw new SessionTokenError(INVALID_TOKEN);
      return { key, issuedAt: payload.iat ?? 0 };
    } catch (error) {
      if (error instanceof SessionTokenError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new SessionTokenError(INVALID_TOKEN);
      throw error;
    }
  }

  needsRenewal(session: Session, now = Date.now()): boolean {
    return Math.floor(now / 1000) - session.issuedAt >= RENEW_AFTER_SECONDS;
  }
}

/** `woocommerce-session: Session <token>` (the prefix is optional; values are trimmed). */
export function tokenFromHeader(header: string | string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  const token = value.replace(/^Session(\s+|$)/i, '').trim();
  return token || undefined;
}
