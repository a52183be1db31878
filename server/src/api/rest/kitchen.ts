import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { KitchenActionError, MAX_BATCH, type KitchenActions } from '../../modules/kitchen/kitchen-actions.js';
import type { KitchenSettings } from '../../modules/kitchen/kitchen-settings.js';
import type { StaffGuard } from '../events/routes.js';

/** What the kitchen screen needs besides the orders: age timer colours, how long "ready" lasts, the shop's zone. */
export interface KitchenViewSettings extends KitchenSettings {
  readyVisibleSeconds: number;
  timeZone: string;
}

const STATUS: Record<KitchenActionError['code'], number> = { bad_input: 400, not_found: 404, invalid_transition: 409 };
const idsBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(MAX_BATCH) }).strict();

/**
 * Kitchen actions (SPEC §4) for the kitchen view and dashboard, staff only:
 * POST /api/kitchen/orders/:id/{send,ready,recover,test-order}, POST /api/kitchen/orders/ready {ids} (the
 * selection), POST /api/kitchen/orders/ready-all. Each answers {orders: [ids changed]}.
 * POST /api/kitchen/orders/:id/print-kitchen-copy queues one more kitchen ticket and answers
 * {orders: [id], ticket: key} (202: printed by the job runner shortly after).
 * GET /api/kitchen/settings: the kitchen screen's settings (age timer minutes, ready time, time zone).
 */
export function registerKitchenRoutes(
  server: FastifyInstance,
  deps: { kitchen: KitchenActions; authorizeStaff: StaffGuard; viewSettings?: () => Promise<KitchenViewSettings> },
): void {
  server.register(async (scope) => {
    scope.addHook('preHandler', async (request, reply) => {
      if (!(await deps.authorizeStaff(request))) {
        return reply.code(401).send({ code: 'unauthorized', message: 'Staff only: sign in with a kitchen account.', data: { status: 401 } });
      }
    });

    const refuse = (reply: FastifyReply, error: unknown) => {
      if (!(error instanceof KitchenActionError)) throw error;
      const status = STATUS[error.code];
      return reply.code(status).send({ code: error.code, message: error.message, data: { status } });
    };
    const run = async (reply: FastifyReply, action: () => Promise<number[]>) => {
      try {
        return { orders: await action() };
      } catch (error) {
        return refuse(reply, error);
      }
    };
    const badRequest = (reply: FastifyReply, message: string) => reply.code(400).send({ code: 'bad_input', message, data: { status: 400 } });
    const orderId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

    // Registered before the generic ':action' route; Fastify prefers the static segment.
    scope.post<{ Params: { id: string } }>('/api/kitchen/orders/:id/print-kitchen-copy', async (request, reply) => {
      const id = orderId(request.params.id);
      if (id === undefined || id <= 0) return badRequest(reply, 'Order ids must be positive whole numbers.');
      try {
        const ticket = await deps.kitchen.printKitchenCopy(id);
        return reply.code(202).send({ orders: [id], ticket });
      } catch (error) {
        return refuse(reply, error);
      }
    });

    const single = { send: 'sendOrder', ready: 'markReady', recover: 'recover', 'test-order': 'markTestOrder' } as const;
    scope.post<{ Params: { id: string; action: string } }>('/api/kitchen/orders/:id/:action', async (request, reply) => {
      const action = single[request.params.action as keyof typeof single];
      if (!action) return reply.code(404).send({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
      const id = orderId(request.params.id);
      if (id === undefined || id <= 0) return badRequest(reply, 'Order ids must be positive whole numbers.');
      return run(reply, () => (action === 'markReady' ? deps.kitchen.markReady([id]) : deps.kitchen[action](id)));
    });

    scope.post('/api/kitchen/orders/ready', async (request, reply) => {
      const parsed = idsBody.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, `Send {"ids": [order ids]} with 1 to ${MAX_BATCH} orders.`);
      return run(reply, () => deps.kitchen.markReady(parsed.data.ids));
    });

    if (deps.viewSettings) {
      const viewSettings = deps.viewSettings;
      scope.get('/api/kitchen/settings', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return viewSettings();
      });
    }

    scope.post('/api/kitchen/orders/ready-all', async (_request, reply) => run(reply, () => deps.kitchen.markAllReady()));
  });
}
