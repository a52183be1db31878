import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { OrderEventStreams } from '../../modules/order-events/event-streams.js';
import type { EventScope } from '../../modules/order-events/scopes.js';
import { readOrderFor } from '../../modules/orders/order-read.js';
import { SessionTokenError, tokenFromHeader, type SessionTokens } from '../../modules/session/session-token.js';
import { idSchema } from '../http/route-schemas.js';
import { requireGuard } from '../http/viewer.js';
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
      reply.header('retry-after', '30');
      throw admission.reason === 'client'
        ? new DomainError(
            'TOO_MANY_STREAMS_FROM_CLIENT',
            `Too many open event streams from your address (at most ${deps.limits.perClient}). Close another screen or tab and try again.`,
          )
        : new DomainError('TOO_MANY_STREAMS', 'The server has too many open event streams right now. Try again in a moment.');
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

  server.get('/api/events/kitchen', { exposeHeadRoute: false, preValidation: requireGuard(deps.authorizeStaff, 'kitchen.view') }, async (request, reply) =>
    stream(request, reply, { kind: 'kitchen' }),
  );

  server.get('/api/events/status-screen', { exposeHeadRoute: false }, async (request, reply) => {
    return stream(request, reply, { kind: 'status-screen' });
  });

  server.get<{ Params: { id: string }; Querystring: { key?: string } }>('/api/events/order/:id', { exposeHeadRoute: false }, async (request, reply) => {
    const id = idSchema.safeParse(request.params.id);
    const notFound = () => new DomainError('ORDER_NOT_FOUND', 'We could not find your order');
    if (!id.success) throw notFound();
    const orderId = id.data;
    const key = typeof request.query.key === 'string' ? request.query.key.slice(0, 200) : undefined;
    const sessionKey = await sessionKeyOf(request, deps.tokens);
    // Same answer for "no such order" and "not yours", so order ids cannot be probed.
    const order = await readOrderFor(deps.db, orderId, { orderKey: key, sessionKey });
    if (!order) throw notFound();
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
