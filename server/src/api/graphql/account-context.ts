import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { AuthTokenError, bearerToken, type AuthTokens } from '../../modules/auth/auth-tokens.js';
import { DEVICE_COOKIE } from '../../modules/auth/known-devices.js';
import { clearSessionCookies, setDeviceCookie, setSessionCookies, viewerOf } from '../http/viewer.js';
import type { AccountContext } from './context.js';

/**
 * Who is asking: the login session of an `Authorization: Bearer` auth token when one is sent (storefronts on
 * another origin), else the session cookie's.
 */
export async function accountContext(request: FastifyRequest, reply: FastifyReply, config: Config, authTokens: AuthTokens): Promise<AccountContext> {
  const bearer = bearerToken(request.headers.authorization);
  let session = bearer ? undefined : await request.authSession();
  let tokenProblem: string | undefined;
  if (bearer) {
    try {
      session = await authTokens.sessionOfAuthToken(bearer);
    } catch (error) {
      if (!(error instanceof AuthTokenError)) throw error;
      tokenProblem = error.message;
    }
  }
  return {
    viewer: viewerOf(session),
    session,
    tokenProblem,
    address: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    deviceCookie: request.cookies[DEVICE_COOKIE],
    startSession: (created) => setSessionCookies(request, reply, config, created),
    endSession: () => clearSessionCookies(request, reply, config),
    rememberDevice: (cookie) => setDeviceCookie(request, reply, config, cookie),
  };
}
