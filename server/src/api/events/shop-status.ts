import type { FastifyInstance } from 'fastify';
import type { ShopStatusHub } from '../../modules/opening-hours/shop-status-hub.js';
import { DomainError } from '../../errors/domain-error.js';
import { openSse, type SseConnection, type SseOptions } from './sse.js';
import { OpenStreams, type StreamLimits } from './stream-limits.js';

/**
 * GET /api/events/shop-status (public): an event 'shop-status' with the ShopStatus at once, then each time
 * it changes (pause, busy, hours, opening and closing). The shop and the kiosk listen; no polling.
 */
export function registerShopStatusStream(server: FastifyInstance, deps: { hub: ShopStatusHub; sse: SseOptions; limits: StreamLimits }): void {
  const open = new Set<SseConnection>();
  server.addHook('preClose', async () => {
    for (const connection of open) connection.close();
    deps.hub.stop();
  });
  const openStreams = new OpenStreams(deps.limits);
  let id = 0;
  server.get('/api/events/shop-status', { exposeHeadRoute: false }, async (request, reply) => {
    const admission = openStreams.admit(request.ip);
    if (!admission.admitted) {
      reply.header('retry-after', '30');
      throw new DomainError('TOO_MANY_STREAMS', 'The server has too many open event streams right now. Try again in a moment.');
    }
    const first = await deps.hub.current();
    const connection = openSse(request, reply, deps.sse);
    open.add(connection);
    connection.onClose(() => open.delete(connection));
    connection.onClose(admission.release);
    connection.send({ id: ++id, event: 'shop-status', data: first });
    const stop = deps.hub.subscribe((status) => connection.send({ id: ++id, event: 'shop-status', data: status }));
    connection.onClose(stop);
  });
}
