import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logSecurityEvent } from '../../modules/auth/security-log.js';

/** The code of a refusal's JSON body ({code, message, data}), if it has one. */
function codeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || payload.length > 4096) return undefined;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A refused request (403) as a security event in the log (issue 33 D4, modules/auth/security-log.ts): the
 * account behind the session cookie (its id), the method, the route's pattern (no ids, no query string) and
 * the refusal's code. Written after the answer is on its way: the session is looked up only for a 403.
 */
export function logRefusal(request: FastifyRequest, code: string | undefined, route = request.routeOptions.url ?? request.url.split('?')[0]): void {
  request.authSession().then(
    (session) => logSecurityEvent(request.log, 'access.refused', { accountId: session?.userId ?? null, method: request.method, route, code }),
    () => logSecurityEvent(request.log, 'access.refused', { accountId: null, method: request.method, route, code }),
  );
}

/** Registered before compression (api/http/shell.ts), so the body is still the JSON text. */
export function registerRefusalLog(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 403) logRefusal(request, codeOf(payload));
    done(null, payload);
  });
}
