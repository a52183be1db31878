import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Stations } from '../../modules/stations/stations.js';
import type { StaffGuard } from '../events/routes.js';
import { idParams } from '../http/route-schemas.js';
import { requireGuard, requireStaff } from '../http/viewer.js';

const partParams = z.object({ id: idParams.shape.id, stationId: idParams.shape.id });

/**
 * Kitchen stations (docs/decisions/0069-kitchen-stations.md).
 * Managers (`settings.manage`, as the kitchen's settings): GET, POST /api/dashboard/stations; GET, PUT, DELETE
 * /api/dashboard/stations/{id}. The body is checked by the module (STATION_INVALID names the field).
 * Kitchen (`kitchen.view`, as the kitchen's actions): GET /api/kitchen/stations (stations and which product goes
 * where), POST /api/kitchen/orders/{id}/stations/{stationId}/bump and .../recall.
 */
export function registerStationRoutes(server: FastifyInstance, deps: { stations: Stations; authorizeStaff: StaffGuard }): void {
  const { stations } = deps;
  server.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addHook('preValidation', requireStaff('settings.manage'));
    scope.get('/api/dashboard/stations', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { stations: await stations.list() };
    });
    scope.post('/api/dashboard/stations', async (request, reply) => {
      const station = await stations.create(request.body);
      return reply.code(201).send(station);
    });
    scope.get('/api/dashboard/stations/:id', { schema: { params: idParams } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stations.get(request.params.id);
    });
    scope.put('/api/dashboard/stations/:id', { schema: { params: idParams } }, async (request) => stations.update(request.params.id, request.body));
    scope.delete('/api/dashboard/stations/:id', { schema: { params: idParams } }, async (request, reply) => {
      await stations.remove(request.params.id);
      return reply.code(204).send();
    });
  });
  server.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addHook('preValidation', requireGuard(deps.authorizeStaff, 'kitchen.view'));
    scope.get('/api/kitchen/stations', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return stations.kitchenView();
    });
    const part = { schema: { params: partParams } };
    scope.post('/api/kitchen/orders/:id/stations/:stationId/bump', part, async (request) => stations.bump(request.params.id, request.params.stationId));
    scope.post('/api/kitchen/orders/:id/stations/:stationId/recall', part, async (request) => stations.recall(request.params.id, request.params.stationId));
  });
}
