import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { OrderEventStreams } from '../../modules/order-events/event-streams.js';
import type { EventScope } from '../../modules/order-events/scopes.js';
import { readOrderFor } from '../../modules/orders/order-read.js';
import { SessionTokenError, tokenFromHeader, type SessionTokens } from '../../modules/session/session-token.js';
import { lastEventIdOf, openSse, type SseConnection, type SseOptions } from './sse.js';
import { OpenStreams, type StreamLimits } from './stream-limits.js';

/** Decides whether a request comes from signed-in staff (kitchen role and up). Provided by the auth module. */
export type StaffGuard = (request: FastifyRequest) => Promise<boolean>;

export interface EventRoutesDeps {
  db: Db;
  streams: OrderEventStreams;
  authorizeStaff: StaffGuard;
  tokens: SessionTokens;
  sse: SseOptions;
  limits: StreamLimits;
}

const SESSION_COOKIE = 'woocommerce-session';

/**
 * GET /api/events/kitchen (staff: full orders), /api/events/status-screen (public: pickup numbers and states),
 * /api/events/order/:id (the order's own session, or ?key= its order key: that order only).
 */
export function registerEventRoutes(server: FastifyInstance, deps: EventRoutesDeps): void {
  // No HEAD routes: a HEAD would otherwise open a stream that never ends.
  // Streams never end on their own: close them when the server shuts down, or it would wait for them forever.
  const open = new Set<SseConnection>();
  server.addHook('preClose', async () => {
    for (const connection of open) connection.close();
  });

  const openStreams = new OpenStreams(deps.limits);

  const stream = async (request: FastifyRequest, reply: FastifyReply, scope: EventScope) => {
    const admission = openStreams.admit(request.ip);
    if (!admission.admitted) {
      // Browsers retry an EventSource that failed; a refused screen comes back when a place is free.
      return admission.reason === 'client'
        ? reply
            .code(429)
            .header('retry-after', '30')
            .send({
              code: 'too_many_requests',
              message: `Too many open event streams from your address (at most ${deps.limits.perClient}). Close another screen or tab and try again.`,
              data: { status: 429 },
            })
        : reply
            .code(503)
            .header('retry-after', '30')
            .send({
              code: 'too_many_streams',
              message: 'The server has too many open event streams right now. Try again in a moment.',
              data: { status: 503 },
            });
    }
    const connection = openSse(request, reply, deps.sse);
    open.add(connection);
    connection.onClose(() => open.delete(connection));
    connection.onClose(admission.release);
    try {
      const stop = await deps.streams.open(scope, lastEventIdOf(request), (message) => connection.send(message));
      connection.onClose(stop);
    } catch (error) {
      request.log.error({ err: error }, 'starting an event stream failed');
      connection.close();
    }
  };

  server.get('/api/events/kitchen', { exposeHeadRoute: false }, async (request, reply) => {
    if (!(await deps.authorizeStaff(request))) {
      return reply.code(401).send({ code: 'unauthorized', message: 'Staff only: sign in with a kitchen account.', data: { status: 401 } });
    }
    return stream(request, reply, { kind: 'kitchen' });
  });

  server.get('/api/events/status-screen', { exposeHeadRoute: false }, async (request, reply) => {
    return stream(request, reply, { kind: 'status-screen' });
  });

  server.get<{ Params: { id: string }; Querystring: { key?: string } }>('/api/events/order/:id', { exposeHeadRoute: false }, async (request, reply) => {
    const orderId = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : NaN;
    const notFound = () => reply.code(404).send({ code: 'order_not_found', message: 'We could not find your order', data: { status: 404 } });
    if (!Number.isSafeInteger(orderId) || orderId <= 0) return notFound();
    const key = typeof request.query.key === 'string' ? request.query.key.slice(0, 200) : undefined;
    const sessionKey = await sessionKeyOf(request, deps.tokens);
    // Same answer for "no such order" and "not yours", so order ids cannot be probed.
    const order = await readOrderFor(deps.db, orderId, { orderKey: key, sessionKey });
    if (!order) return notFound();
    return stream(request, reply, { kind: 'order', orderId });
  });
}

/** The storefront session from the woocommerce-session header, or its cookie (EventSource sends no headers). */
async function sessionKeyOf(request: FastifyRequest, tokens: SessionTokens): Promise<string | undefined> {
  const token = tokenFromHeader(request.headers[SESSION_COOKIE]) ?? tokenFromHeader(request.cookies?.[SESSION_COOKIE]);
  if (!token) return undefined;
  try {
    return (await tokens.verify(token)).key;
  } catch (error) {
    if (error instanceof SessionTokenError) return undefined;
    throw error;
  }
}
