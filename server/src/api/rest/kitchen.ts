import { cancelOrderInput, orderDelayInput, type KitchenLaterOrders, type KitchenViewSettings } from '@bakje/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_BATCH, type KitchenActions } from '../../modules/kitchen/kitchen-actions.js';
import type { StaffGuard } from '../events/routes.js';
import { idParams } from '../http/route-schemas.js';
import { requireGuard, requireStaff } from '../http/viewer.js';

export type { KitchenViewSettings };

const idsBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(MAX_BATCH) }).strict();

/**
 * Kitchen actions (docs/product.md §4) for the kitchen view and dashboard, staff only:
 * POST /api/kitchen/orders/:id/{send,ready,recover,test-order}, POST /api/kitchen/orders/ready {ids} (the
 * selection), POST /api/kitchen/orders/ready-all (both only the "now" lane), POST /api/kitchen/orders/recover {ids}
 * (the undo of a bulk ready, all or nothing). Each answers {orders: [ids changed]}.
 * POST /api/kitchen/orders/:id/delay {minutes}: the order is that much later than promised; its customer gets an
 * update mail (docs/decisions/0081-confirmation-when-and-where.md).
 * POST /api/kitchen/orders/:id/print-kitchen-copy queues one more kitchen ticket and answers
 * {orders: [id], ticket: key} (202: printed by the job runner shortly after).
 * GET /api/kitchen/settings: the kitchen screen's settings (age timer minutes, ready time, time zone).
 * GET /api/kitchen/orders/later: pre-orders 3 to 14 days ahead; POST /api/kitchen/orders/:id/cancel {reason}
 * (orders.manage: the same cancel as the orders page).
 * Refusals (unknown order, a transition the order's status does not allow) are the module's DomainErrors.
 */
export function registerKitchenRoutes(
  server: FastifyInstance,
  deps: {
    kitchen: KitchenActions;
    authorizeStaff: StaffGuard;
    viewSettings?: () => Promise<KitchenViewSettings>;
    /** GET /api/kitchen/orders/later: pre-orders after the live window (the "Later" tab). */
    later?: () => Promise<KitchenLaterOrders>;
    /** POST /api/kitchen/orders/:id/cancel {reason}: orders.manage, as on the orders page. */
    cancel?: (orderId: number, reason: string) => Promise<void>;
  },
): void {
  const cancel = deps.cancel;
  if (cancel) {
    server.register(async (plugin) => {
      const scope = plugin.withTypeProvider<ZodTypeProvider>();
      scope.post(
        '/api/kitchen/orders/:id/cancel',
        { preValidation: requireStaff('orders.manage'), schema: { params: idParams, body: cancelOrderInput } },
        async (request) => {
          await cancel(request.params.id, request.body.reason);
          return { orders: [request.params.id] };
        },
      );
    });
  }
  server.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addHook('preValidation', requireGuard(deps.authorizeStaff, 'kitchen.view'));
    const byId = { schema: { params: idParams } };

    scope.post('/api/kitchen/orders/:id/print-kitchen-copy', byId, async (request, reply) => {
      const { id } = request.params;
      const ticket = await deps.kitchen.printKitchenCopy(id);
      return reply.code(202).send({ orders: [id], ticket });
    });
    scope.post('/api/kitchen/orders/:id/send', byId, async (request) => ({ orders: await deps.kitchen.sendOrder(request.params.id) }));
    scope.post('/api/kitchen/orders/:id/ready', byId, async (request) => ({ orders: await deps.kitchen.markReady([request.params.id]) }));
    scope.post('/api/kitchen/orders/:id/recover', byId, async (request) => ({ orders: await deps.kitchen.recover(request.params.id) }));
    scope.post('/api/kitchen/orders/:id/delay', { schema: { params: idParams, body: orderDelayInput } }, async (request) => ({
      orders: await deps.kitchen.delay(request.params.id, request.body.minutes),
    }));
    scope.post('/api/kitchen/orders/:id/test-order', byId, async (request) => ({ orders: await deps.kitchen.markTestOrder(request.params.id) }));

    // Static segments win over ':id' in Fastify's router, so 'ready', 'ready-all' and 'recover' are not order ids.
    scope.post('/api/kitchen/orders/ready', { schema: { body: idsBody } }, async (request) => ({
      orders: await deps.kitchen.markSelectionReady(request.body.ids),
    }));
    scope.post('/api/kitchen/orders/ready-all', async () => ({ orders: await deps.kitchen.markAllReady() }));
    scope.post('/api/kitchen/orders/recover', { schema: { body: idsBody } }, async (request) => ({ orders: await deps.kitchen.recoverAll(request.body.ids) }));

    if (deps.later) {
      const later = deps.later;
      scope.get('/api/kitchen/orders/later', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return later();
      });
    }

    if (deps.viewSettings) {
      const viewSettings = deps.viewSettings;
      scope.get('/api/kitchen/settings', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return viewSettings();
      });
    }
  });
}
