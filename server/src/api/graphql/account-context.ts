import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { DEVICE_COOKIE } from '../../modules/auth/known-devices.js';
import { clearSessionCookies, setDeviceCookie, setSessionCookies } from '../http/viewer.js';
import type { AccountContext } from './context.js';

export async function accountContext(request: FastifyRequest, reply: FastifyReply, config: Config): Promise<AccountContext> {
  const session = await request.authSession();
  const viewer = await request.viewer();
  return {
    viewer,
    session,
    address: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    deviceCookie: request.cookies[DEVICE_COOKIE],
    startSession: (created) => setSessionCookies(request, reply, config, created),
    endSession: () => clearSessionCookies(request, reply, config),
    rememberDevice: (cookie) => setDeviceCookie(request, reply, config, cookie),
  };
}
