import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { orders, paymentNotifications, payments } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { verifyNotification } from '../../integrations/multisafepay/multisafepay-client.js';
import type { Logger } from '../../logger.js';
import { parseLang } from '../../modules/i18n/locale.js';
import { sameKey } from '../../modules/orders/order-key.js';
import { ORDER_NOT_FOUND } from '../../modules/orders/order-read.js';
import { enqueuePaymentLookup } from '../../modules/payments/payment-jobs.js';
import { readPaymentSettings, savePaymentSettings } from '../../modules/payments/payment-settings.js';
import { PAYMENT_CREATE_FAILED, type PaymentsService } from '../../modules/payments/payments-service.js';
import { recordOrderEvent } from '../../modules/order-events/record.js';
import { enqueueOrderTickets } from '../../modules/printing/print-jobs.js';
import { requireStaff } from '../http/viewer.js';
import type { PaymentState, StartPaymentAnswer } from '@bakje/contract';

export interface PaymentRoutesDeps {
  db: Db;
  payments: PaymentsService | undefined;
  /** The key notifications are signed with (the website API key); undefined: card payments are off. */
  apiKey: string | undefined;
  clock: () => Date;
  log: Logger;
}

export const NOTIFICATION_PATH = '/api/payments/multisafepay/notification';

const keyInput = z.object({ key: z.string().min(1).max(200) });
const payInput = keyInput.extend({ gateway: z.string().min(1).max(40), lang: z.string().max(10).optional() });

/**
 * MultiSafepay notifications, and the customer's side of a card payment (its state, try again, pay cash
 * instead). docs/decisions/0030-card-payments-multisafepay.md.
 */
export function registerPaymentRoutes(server: FastifyInstance, deps: PaymentRoutesDeps): void {
  const log = deps.log.child({ module: 'payments' });
  const service = () => {
    if (!deps.payments) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', 'Card payments are not available.');
    return deps.payments;
  };
  const security = (request: FastifyRequest, reason: string, extra: Record<string, unknown> = {}) =>
    log.warn({ securityEvent: 'payment-notification-rejected', reason, ip: request.ip, ...extra }, 'payment notification rejected');

  server.register(async (scope) => {
    // The signature covers the body byte for byte: it is kept raw, and parsed here after checking.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

    scope.post(NOTIFICATION_PATH, async (request, reply) => {
      reply.type('text/plain; charset=utf-8');
      if (!deps.apiKey || !deps.payments) {
        security(request, 'card payments are not configured');
        return reply.code(404).send('Not found');
      }
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['auth'];
      const check = verifyNotification(deps.apiKey, typeof header === 'string' ? header : undefined, raw, deps.clock());
      if (!check.ok) {
        security(request, check.reason);
        return reply.code(check.reason === 'malformed' || check.reason === 'missing' ? 400 : 403).send('Refused');
      }
      let orderId: string | undefined;
      try {
        const body = JSON.parse(raw) as { order_id?: unknown };
        if (typeof body?.order_id === 'string' && body.order_id.length > 0 && body.order_id.length <= 50) orderId = body.order_id;
      } catch {
        orderId = undefined;
      }
      const query = (request.query as { transactionid?: unknown }).transactionid;
      if (!orderId || (query !== undefined && query !== orderId)) {
        security(request, 'malformed body');
        return reply.code(400).send('Refused');
      }
      const fingerprint = createHash('sha256').update(`multisafepay:${check.timestamp}:${check.signature}`).digest('hex');
      const outcome = await deps.db.transaction(async (tx) => {
        const [payment] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.provider, service().provider.id), eq(payments.providerOrderId, orderId)));
        if (!payment) return 'unknown' as const;
        const fresh = await tx.insert(paymentNotifications).values({ fingerprint, providerOrderId: orderId }).onConflictDoNothing().returning();
        if (fresh.length === 0) return 'replay' as const;
        await enqueuePaymentLookup(tx, { provider: service().provider.id, providerOrderId: orderId }, `notify:${fingerprint}`);
        return 'queued' as const;
      });
      if (outcome === 'replay') security(request, 'replayed', { payment: orderId });
      if (outcome === 'unknown') log.warn({ payment: orderId }, 'notification for a payment this shop does not know');
      // Acknowledged at once: the look-up and the state change run as a job.
      return reply.code(200).send('OK');
    });
  });

  // MultiSafepay's GET notifications are not signed: they only cause a look-up at its API.
  server.get(NOTIFICATION_PATH, async (request, reply) => {
    reply.type('text/plain; charset=utf-8');
    const id = (request.query as { transactionid?: unknown }).transactionid;
    if (typeof id !== 'string' || id.length === 0 || id.length > 50) return reply.code(400).send('Refused');
    const [payment] = await deps.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, service().provider.id), eq(payments.providerOrderId, id)));
    // At most one look-up per payment per 10 seconds, however often this is called.
    if (payment) {
      await enqueuePaymentLookup(deps.db, { provider: service().provider.id, providerOrderId: id }, `get:${id}:${Math.floor(deps.clock().getTime() / 10_000)}`);
    }
    return reply.code(200).send('OK');
  });

  const orderByKey = async (idParam: string, key: string) => {
    const id = Number(idParam);
    if (!Number.isInteger(id) || id <= 0) throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, id));
    if (!order || !sameKey(order.orderKey, key)) throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
    return order;
  };
  const parse = <T extends z.ZodType>(schema: T, value: unknown): z.output<T> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new DomainError('INVALID_INPUT', `Invalid parameter(s): ${parsed.error.issues.map((i) => i.path.join('.') || 'body').join(', ')}`);
    return parsed.data;
  };
  const stateOf = async (orderId: number): Promise<PaymentState> => {
    const [order] = await deps.db
      .select({ status: orders.status, datePaid: orders.datePaid, paymentMethod: orders.paymentMethod })
      .from(orders)
      .where(eq(orders.id, orderId));
    const payment = await service().paymentOf(deps.db, orderId);
    return {
      orderId,
      orderStatus: order!.status,
      paid: order!.datePaid !== null,
      paymentMethod: order!.paymentMethod,
      payment: payment ? { status: payment.status, gateway: payment.gateway } : null,
    };
  };

  /** The confirmation page's question: read from our records (the return URL proves nothing). */
  server.get('/api/payments/orders/:id', async (request) => {
    const { key } = parse(keyInput, request.query);
    const order = await orderByKey((request.params as { id: string }).id, key);
    const state = await stateOf(order.id);
    // The customer is back from the payment page and we know nothing yet: ask the provider now (at most
    // once per 5 seconds per payment, however often the page asks).
    if (state.payment?.status === 'pending') {
      const open = await deps.db
        .select({ providerOrderId: payments.providerOrderId })
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
      const bucket = Math.floor(deps.clock().getTime() / 5_000);
      for (const { providerOrderId } of open) {
        await enqueuePaymentLookup(deps.db, { provider: service().provider.id, providerOrderId }, `return:${providerOrderId}:${bucket}`);
      }
    }
    return state;
  });

  /** Try again (the same or another card method): a payment still open at the provider is reused. */
  server.post('/api/payments/orders/:id/pay', async (request): Promise<StartPaymentAnswer> => {
    const input = parse(payInput, request.body);
    const order = await orderByKey((request.params as { id: string }).id, input.key);
    const started = await service().startPayment(order.id, input.gateway, parseLang(input.lang) ?? 'nl', request.ip);
    if (!started.success) return { success: false, message: PAYMENT_CREATE_FAILED, error: started.error };
    return { success: true, paymentUrl: started.paymentUrl };
  });

  /** Pay cash instead: the order goes to the kitchen now, as a cash order would have. */
  server.post('/api/payments/orders/:id/cash', async (request) => {
    const { key } = parse(keyInput, request.body);
    const order = await orderByKey((request.params as { id: string }).id, key);
    // Money may have come in meanwhile: look before switching.
    const open = await deps.db
      .select({ providerOrderId: payments.providerOrderId })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
    for (const p of open)
      await service()
        .refresh(p.providerOrderId)
        .catch(() => undefined);
    const now = deps.clock();
    const switched = await deps.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: 'processing', paymentMethod: 'cod', paymentMethodTitle: 'Cash', updatedAt: now })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
        .returning({ id: orders.id });
      if (!changed) return false;
      await tx
        .update(payments)
        .set({ status: 'failed', nextCheckAt: null, updatedAt: now })
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
      await enqueueOrderTickets(tx, order.id);
      await recordOrderEvent(tx, 'order.status-changed', order.id, { previousStatus: 'pending', action: 'cash' });
      return true;
    });
    if (!switched) {
      const state = await stateOf(order.id);
      if (!state.paid) throw new DomainError('ORDER_ACTION_REFUSED', 'This order no longer waits for a payment.');
      return state;
    }
    return stateOf(order.id);
  });

  const manage = { preValidation: requireStaff('settings.manage') };
  /** Enabled card methods per fulfilment type and channel, and the cut-off: the dashboard page builds on it. */
  server.get('/api/settings/payments', manage, async () => readPaymentSettings(deps.db));
  server.put('/api/settings/payments', manage, async (request) => {
    try {
      return await savePaymentSettings(deps.db, request.body);
    } catch (error) {
      if (error instanceof z.ZodError) {
        throw new DomainError('INVALID_INPUT', `Invalid parameter(s): ${error.issues.map((i) => i.path.join('.') || 'body').join(', ')}`);
      }
      throw error;
    }
  });
}
