import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PaymentProvidersView, StartPaymentAnswer } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { Logger } from '../../logger.js';
import { parseLang } from '../../modules/i18n/locale.js';
import { lookUpOpenPayments, orderByKey as orderByKeyIn, paymentState, switchToCash } from '../../modules/payments/payment-customer.js';
import { readPaymentSettings, savePaymentSettings } from '../../modules/payments/payment-settings.js';
import { readPaymentSurcharges, savePaymentSurcharges } from '../../modules/payments/payment-surcharges.js';
import { PAYMENT_CREATE_FAILED, type PaymentsService } from '../../modules/payments/payments-service.js';
import { providersView, readProviderSettings, updateProviderSettings, type ProviderDefaults } from '../../modules/payments/provider-settings.js';
import { STRIPE } from '../../modules/payments/stripe-payments.js';
import { requireStaff } from '../http/viewer.js';

export interface PaymentRoutesDeps {
  db: Db;
  /** MultiSafepay's service. */
  payments: PaymentsService | undefined;
  /** Every provider's service (MultiSafepay, Stripe): a payment is looked up at its own provider. */
  services: PaymentsService[];
  /** The environment's provider settings, under what the owner stores (docs/decisions/0040). */
  providerDefaults: ProviderDefaults;
  clock: () => Date;
  log: Logger;
}

const keyInput = z.object({ key: z.string().min(1).max(200) });
const payInput = keyInput.extend({ gateway: z.string().min(1).max(40), lang: z.string().max(10).optional() });

/**
 * The customer's side of a card payment (its state, try again, pay cash instead) and the payment settings.
 * docs/decisions/0030-card-payments-multisafepay.md; the providers' notifications: payment-notifications.ts.
 */
export function registerPaymentRoutes(server: FastifyInstance, deps: PaymentRoutesDeps): void {
  const log = deps.log.child({ module: 'payments' });
  const service = () => {
    if (!deps.payments) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', 'Card payments are not available.');
    return deps.payments;
  };
  const orderByKey = (idParam: string, key: string) => orderByKeyIn(deps.db, idParam, key);
  const parse = <T extends z.ZodType>(schema: T, value: unknown): z.output<T> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      throw new DomainError('INVALID_INPUT', `Invalid parameter(s): ${parsed.error.issues.map((i) => i.path.join('.') || 'body').join(', ')}`);
    return parsed.data;
  };
  const stateOf = (orderId: number) => paymentState(deps.db, service(), orderId);

  /** The confirmation page's question: read from our records (the return URL proves nothing). */
  server.get('/api/payments/orders/:id', async (request) => {
    const { key } = parse(keyInput, request.query);
    const order = await orderByKey((request.params as { id: string }).id, key);
    const state = await stateOf(order.id);
    // The customer is back from the payment page and we know nothing yet: ask the provider now (at most
    // once per 5 seconds per payment, however often the page asks).
    if (state.payment?.status === 'pending') await lookUpOpenPayments(deps.db, order.id, String(Math.floor(deps.clock().getTime() / 5_000)));
    return state;
  });

  /** Try again (the same or another card method): a payment still open at the provider is reused. */
  server.post('/api/payments/orders/:id/pay', async (request): Promise<StartPaymentAnswer> => {
    const input = parse(payInput, request.body);
    const order = await orderByKey((request.params as { id: string }).id, input.key);
    // A Stripe card is confirmed in the browser before the order exists (stripePaymentIntent, then checkout):
    // a Stripe order that is still unpaid is paid here by another card method or in cash.
    if (input.gateway === STRIPE) {
      throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', 'A card payment through Stripe is made on the checkout page; choose another method here.');
    }
    const started = await service().startPayment(order.id, input.gateway, parseLang(input.lang) ?? 'nl', request.ip);
    if (!started.success) return { success: false, message: PAYMENT_CREATE_FAILED, error: started.error };
    return { success: true, paymentUrl: started.paymentUrl };
  });

  /** Pay cash instead: the order goes to the kitchen now, as a cash order would have. */
  server.post('/api/payments/orders/:id/cash', async (request) => {
    const { key } = parse(keyInput, request.body);
    const order = await orderByKey((request.params as { id: string }).id, key);
    return switchToCash(deps.db, deps.services.length ? deps.services : [service()], order.id, deps.clock());
  });

  const manage = { preValidation: requireStaff('settings.manage') };
  /** The providers' switches, keys (write-only: the answer shows the last 4 characters) and environment. */
  server.get('/api/settings/payment-providers', manage, async (): Promise<PaymentProvidersView> =>
    providersView(await readProviderSettings(deps.db), deps.providerDefaults),
  );
  server.put('/api/settings/payment-providers', manage, async (request): Promise<PaymentProvidersView> => {
    const viewer = await request.viewer();
    const actor = viewer.kind === 'staff' ? { type: 'staff' as const, id: viewer.id } : { type: 'system' as const, id: null };
    const stored = await deps.db.transaction((tx) => updateProviderSettings(tx, request.body, deps.providerDefaults, actor));
    // Which provider changed, never a key.
    log.info({ actor: actor.id, multisafepay: stored.multisafepay.active, stripe: stored.stripe.active }, 'payment provider settings changed');
    return providersView(stored, deps.providerDefaults);
  });
  /** Transaction cost per payment method (docs/decisions/0048-transaction-cost.md). */
  server.get('/api/settings/payment-surcharges', manage, async () => readPaymentSurcharges(deps.db));
  server.put('/api/settings/payment-surcharges', manage, async (request) => {
    const viewer = await request.viewer();
    const actor = viewer.kind === 'staff' ? { type: 'staff' as const, id: viewer.id } : { type: 'system' as const, id: null };
    return deps.db.transaction((tx) => savePaymentSurcharges(tx, request.body, actor));
  });
  /** Enabled card methods per fulfilment type and channel, and the cut-off: the dashboard page builds on it. */
  server.get('/api/settings/payments', manage, async () => readPaymentSettings(deps.db));
  server.put('/api/settings/payments', manage, async (request) => {
    try {
      return await savePaymentSettings(deps.db, request.body);
    } catch (error) {
      if (error instanceof z.ZodError) {
        // An unknown card method is reported on its own name, not on the whole `methods` object.
        const fields = error.issues.flatMap((i) =>
          i.code === 'unrecognized_keys' ? i.keys.map((key) => [...i.path, key].join('.')) : [i.path.join('.') || 'body'],
        );
        throw new DomainError('INVALID_INPUT', `Invalid parameter(s): ${fields.join(', ')}`);
      }
      throw error;
    }
  });
}
