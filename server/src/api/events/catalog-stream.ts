import type { CatalogChangedEvent } from '@bakje/contract';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../errors/domain-error.js';
import type { CatalogService } from '../../modules/catalog/catalog-service.js';
import { openSse, type SseConnection, type SseOptions } from './sse.js';
import { OpenStreams, type StreamLimits } from './stream-limits.js';

/**
 * GET /api/events/catalog (public): a `catalog` event with the catalogue version on connect and after every
 * catalogue change (any product, category, add-on or setting write, "sold out today" marks set or ending),
 * so open shop pages, the kiosk and menu boards refetch instead of polling. Every instance hears every
 * change through the catalogue NOTIFY (docs/decisions/0002-catalogue-cache.md), so it works behind a load
 * balancer. Nothing to resume: a reconnecting client gets the current version and refetches.
 */
export function registerCatalogStream(server: FastifyInstance, deps: { catalog: CatalogService; sse: SseOptions; limits: StreamLimits }): void {
  const open = new Set<SseConnection>();
  server.addHook('preClose', async () => {
    for (const connection of open) connection.close();
  });
  const openStreams = new OpenStreams(deps.limits);
  let sequence = 0;

  server.get('/api/events/catalog', { exposeHeadRoute: false }, async (request, reply) => {
    const admission = openStreams.admit(request.ip);
    if (!admission.admitted) {
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
    const send = (version: number) => {
      const data: CatalogChangedEvent = { version };
      connection.send({ id: ++sequence, event: 'catalog', data });
    };
    connection.onClose(
      deps.catalog.onChange((version) => {
        // A change without a version number (a "sold out" mark ending, a lost LISTEN connection): the
        // version after reloading.
        if (Number.isSafeInteger(version) && version < Number.MAX_SAFE_INTEGER) send(version);
        else
          deps.catalog.get().then(
            (snapshot) => send(snapshot.version),
            (error: unknown) => request.log.error({ err: error }, 'catalogue reload for the catalog stream failed'),
          );
      }),
    );
    try {
      send((await deps.catalog.get()).version);
    } catch (error) {
      request.log.error({ err: error }, 'starting the catalog stream failed');
      connection.close();
    }
  });
}
