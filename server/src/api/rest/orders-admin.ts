import {
  cancelOrderInput,
  fulfilmentTypes,
  orderStatuses,
  refundInput,
  staffOrderViews,
  staffStatusInput,
  type StaffOrderDetails,
  type StaffOrderList,
  type StaffRefund,
} from '@bakje/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import { cancelOrderWithReason, listStaffOrders, staffOrderDetails } from '../../modules/orders/order-admin.js';
import { updateOrder } from '../../modules/orders/order-status-update.js';
import type { RefundsService } from '../../modules/payments/refunds.js';
import { enumQuery, idParams, intQuery, lastValue } from '../http/route-schemas.js';
import { requestLang } from '../http/request-lang.js';
import { requireStaff } from '../http/viewer.js';

const dateQuery = lastValue.pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'));

const listQuery = z.object({
  view: enumQuery(staffOrderViews).default('active'),
  search: lastValue.transform((value) => value.trim().slice(0, 100)).optional(),
  status: lastValue
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.enum(orderStatuses)))
    .optional(),
  fulfilment: enumQuery(fulfilmentTypes).optional(),
  from: dateQuery.optional(),
  to: dateQuery.optional(),
  page: intQuery(1, 100_000).default(1),
  per_page: intQuery(1, 100).default(50),
});

/**
 * The orders page (orders.manage: managers and admins): GET /api/orders (active or archived, search,
 * filters, 50 a page), GET /api/orders/{id} (details and history), PUT /api/orders/{id}/status and
 * POST /api/orders/{id}/cancel {reason} (slot place and stock back, event, mail to the customer) and
 * POST /api/orders/{id}/refunds {amount?, reason, idempotencyKey?} (docs/decisions/0039-refunds.md).
 */
export function registerOrderAdminRoutes(
  server: FastifyInstance,
  deps: { db: Db; clock: () => Date; timeZone: string; siteUrl: string; refunds: RefundsService },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const preValidation = requireStaff('orders.manage');

  app.get('/api/orders', { preValidation, schema: { querystring: listQuery } }, async (request, reply): Promise<StaffOrderList> => {
    reply.header('cache-control', 'no-store');
    const q = request.query;
    return listStaffOrders(
      deps.db,
      { view: q.view, search: q.search || undefined, statuses: q.status, fulfilment: q.fulfilment, from: q.from, to: q.to, page: q.page, perPage: q.per_page },
      deps.clock(),
      deps.timeZone,
      requestLang(request),
    );
  });

  app.get('/api/orders/:id', { preValidation, schema: { params: idParams } }, async (request, reply): Promise<StaffOrderDetails> => {
    reply.header('cache-control', 'no-store');
    return staffOrderDetails(deps.db, request.params.id, requestLang(request));
  });

  app.put('/api/orders/:id/status', { preValidation, schema: { params: idParams, body: staffStatusInput } }, async (request): Promise<StaffOrderDetails> => {
    const found = await updateOrder(deps.db, request.params.id, { status: request.body.status }, deps.clock());
    if (!found) throw new DomainError('ORDER_NOT_FOUND', `Order ${request.params.id} does not exist.`);
    return staffOrderDetails(deps.db, request.params.id, requestLang(request));
  });

  app.post('/api/orders/:id/cancel', { preValidation, schema: { params: idParams, body: cancelOrderInput } }, async (request): Promise<StaffOrderDetails> => {
    await cancelOrderWithReason(deps.db, request.params.id, request.body.reason, { siteUrl: deps.siteUrl, now: deps.clock() });
    return staffOrderDetails(deps.db, request.params.id, requestLang(request));
  });

  // 201 for a new refund, 200 for the same key again (nothing new was refunded), 202 for a refund whose
  // outcome the provider left unknown (in progress until settled: docs/decisions/0039-refunds.md).
  app.post('/api/orders/:id/refunds', { preValidation, schema: { params: idParams, body: refundInput } }, async (request, reply): Promise<StaffRefund> => {
    const viewer = await request.viewer();
    const { refund, replayed } = await deps.refunds.refund(request.params.id, { ...request.body, staffId: viewer.kind === 'staff' ? viewer.id : null });
    return reply.code(replayed ? 200 : refund.status === 'pending' ? 202 : 201).send(refund);
  });
}
