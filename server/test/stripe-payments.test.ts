import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { STRIPE_SIMULATOR_WEBHOOK_SECRET } from '../src/config.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { createLogger } from '../src/logger.js';
import { formEncode, verifyWebhook, webhookSignature, webhookSignatureHeader } from '../src/integrations/stripe/stripe-client.js';
import { STRIPE_WEBHOOK_PATH } from '../src/api/rest/payment-notifications.js';
import { PROVIDER_SETTINGS_KEY } from '../src/modules/payments/provider-settings.js';
import { aShopTakingOrders, DAY } from './support/orders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { graphql, startTestApp } from './support/server.js';

// docs/interfaces.md §3: v1 = hex HMAC-SHA256(whsec, "<t>.<raw body>"), computed independently with
// `printf '%s' '<t>.<body>' | openssl dgst -sha256 -hmac <secret>`.
const VECTOR_SECRET = 'whsec_referenceVectorSecret';
const VECTOR_T = 1700000000;
const VECTOR_BODY = '{"id":"evt_test","type":"payment_intent.succeeded"}';
const VECTOR_V1 = '470c5d1476b6c1b34de9727295051b8dceb96ca9c15a4e23529620cb93750494';

describe('Stripe webhook signature', () => {
  const at = new Date((VECTOR_T + 10) * 1000);

  it('is computed as docs/interfaces.md §3 says', () => {
    expect(webhookSignature(VECTOR_SECRET, VECTOR_T, VECTOR_BODY)).toBe(VECTOR_V1);
    expect(webhookSignatureHeader(VECTOR_SECRET, VECTOR_T, VECTOR_BODY)).toBe(`t=${VECTOR_T},v1=${VECTOR_V1}`);
    expect(verifyWebhook(VECTOR_SECRET, `t=${VECTOR_T},v1=${VECTOR_V1}`, VECTOR_BODY, at)).toEqual({ ok: true, timestamp: VECTOR_T, signature: VECTOR_V1 });
  });

  it('accepts any of several v1 values (a secret being rolled) and ignores other schemes', () => {
    const other = 'a'.repeat(64);
    expect(verifyWebhook(VECTOR_SECRET, `t=${VECTOR_T},v1=${other},v0=${other},v1=${VECTOR_V1}`, VECTOR_BODY, at).ok).toBe(true);
    expect(verifyWebhook(VECTOR_SECRET, `t=${VECTOR_T},v0=${VECTOR_V1}`, VECTOR_BODY, at)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses forged, stale, future, tampered and malformed signatures', () => {
    const flipped = (VECTOR_V1[0] === '0' ? '1' : '0') + VECTOR_V1.slice(1);
    expect(verifyWebhook(VECTOR_SECRET, `t=${VECTOR_T},v1=${flipped}`, VECTOR_BODY, at)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyWebhook('whsec_another', `t=${VECTOR_T},v1=${VECTOR_V1}`, VECTOR_BODY, at)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyWebhook(VECTOR_SECRET, `t=${VECTOR_T},v1=${VECTOR_V1}`, `${VECTOR_BODY} `, at)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyWebhook(VECTOR_SECRET, `t=${VECTOR_T + 1},v1=${VECTOR_V1}`, VECTOR_BODY, at)).toEqual({ ok: false, reason: 'signature' });
    expect(verifyWebhook(VECTOR_SECRET, `t=${VECTOR_T},v1=${VECTOR_V1}`, VECTOR_BODY, new Date((VECTOR_T + 301) * 1000))).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyWebhook(VECTOR_SECRET, `t=${VECTOR_T},v1=${VECTOR_V1}`, VECTOR_BODY, new Date((VECTOR_T - 301) * 1000))).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyWebhook(VECTOR_SECRET, `t=${VECTOR_T},v1=${VECTOR_V1}`, VECTOR_BODY, new Date((VECTOR_T + 300) * 1000)).ok).toBe(true);
    for (const header of [undefined, '', 'garbage', `v1=${VECTOR_V1}`, `t=abc,v1=${VECTOR_V1}`, `t=${VECTOR_T},v1=xyz`]) {
      expect(verifyWebhook(VECTOR_SECRET, header, VECTOR_BODY, at).ok).toBe(false);
    }
  });

  it('form-encodes nested fields as Stripe reads them', () => {
    expect(formEncode({ amount: 560, currency: 'eur', automatic_payment_methods: { enabled: true }, metadata: { cart: 'a b' }, skip: undefined })).toBe(
      'amount=560&currency=eur&automatic_payment_methods%5Benabled%5D=true&metadata%5Bcart%5D=a%20b',
    );
  });
});

describe.each(databaseKinds)('without Stripe on %s', (kind) => {
  it('answers STRIPE_NOT_CONFIGURED and refuses Stripe webhooks', async () => {
    const testDb = await createTestDatabase(kind);
    const app = await startTestApp(testDb.database, { BAKJE_STRIPE_SIMULATOR: 'false' });
    try {
      const result = await graphql(
        app,
        `
          query {
            stripePaymentIntent(amount: 560) {
              id
            }
          }
        `,
      );
      expect(result.body.errors[0]).toMatchObject({ message: 'Stripe is not configured.', extensions: { code: 'STRIPE_NOT_CONFIGURED' } });
      const webhook = await app.server.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(webhook.statusCode).toBe(404);
    } finally {
      await app.close();
      await testDb.cleanup();
    }
  });
});

const ADD = `mutation($productId: Int!) { addToCart(input: {productId: $productId, quantity: 2}) { cart { isEmpty } } }`;
const SLOTS = `query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id } }`;
const INTENT = `query($amount: Int, $currency: String) { stripePaymentIntent(amount: $amount, currency: $currency) { id clientSecret amount currency error } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { result redirect order { databaseId status isPaid paymentMethodTitle } } }`;
const BILLING = {
  firstName: 'An',
  lastName: 'Peeters',
  phone: '0470 12 34 56',
  email: 'an@example.be',
  address1: 'Veldstraat 1',
  city: 'Gent',
  postcode: '9000',
};

describe.each(databaseKinds)('card payments through the Stripe simulator on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  let now: Date;
  let runner: JobRunner;

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(testDb.database.db));
    now = new Date('2026-11-21T09:00:00Z');
    // Stripe is off until the owner turns it on (docs/decisions/0040); the simulator gives its keys.
    await testDb.database.db.insert(t.settings).values({ key: PROVIDER_SETTINGS_KEY, value: { stripe: { active: true } } });
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false', BAKJE_STRIPE_TIMEOUT_MS: '300' }, () => now);
    runner = new JobRunner(testDb.database.db, testDb.database, app.jobs.handlers, createLogger('silent'), { concurrency: 4, pollMs: 1000, leaseMs: 5000 });
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const simulator = () => app.payments.stripeSimulator!;
  const db = () => testDb.database.db;

  /** A shopper's session: every call carries its WooCommerce session token. */
  function shopper() {
    let token: string | undefined;
    const raw = async (query: string, variables?: Record<string, unknown>) => {
      const response = await graphql(app, query, variables, token ? { 'woocommerce-session': `Session ${token}` } : {});
      if (typeof response.headers['woocommerce-session'] === 'string') token = response.headers['woocommerce-session'];
      return response.body;
    };
    const call = async (query: string, variables?: Record<string, unknown>) => {
      const body = await raw(query, variables);
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data!;
    };
    const fillCart = async () => {
      await call(ADD, { productId });
      return (await call(SLOTS)).availableTimeSlots[0].id as string;
    };
    const checkout = (slot: string, transactionId: string, isPaid = true) =>
      raw(CHECKOUT, {
        input: {
          paymentMethod: 'stripe',
          isPaid,
          transactionId,
          billing: BILLING,
          metaData: [
            { key: 'fulfilment_type', value: 'takeaway' },
            { key: 'time_slot', value: slot },
          ],
        },
      });
    return { raw, call, fillCart, checkout };
  }

  const orders = async () => db().select().from(t.orders);
  const paidEvents = async (id: number) =>
    (await db().select().from(t.orderEvents).where(eq(t.orderEvents.orderId, id))).filter(
      (e) => e.type === 'order.status-changed' && (e.payload as { action?: string }).action === 'paid',
    ).length;
  const codeOf = (body: { errors?: { extensions?: { code?: string } }[] }) => body.errors?.[0]?.extensions?.code;

  it('answers an intent for the cart total the server computes, and refuses another amount or currency', async () => {
    const s = shopper();
    await s.fillCart();
    const intent = (await s.call(INTENT, { amount: 560, currency: 'EUR' })).stripePaymentIntent;
    expect(intent).toMatchObject({ amount: 560, currency: 'eur', error: null });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    // The same cart asked again: the same intent (Idempotency-Key), not a second one.
    expect((await s.call(INTENT, { amount: 560 })).stripePaymentIntent.id).toBe(intent.id);
    expect(codeOf(await s.raw(INTENT, { amount: 1 }))).toBe('STRIPE_AMOUNT_MISMATCH');
    expect(codeOf(await s.raw(INTENT, { amount: 560, currency: 'USD' }))).toBe('STRIPE_AMOUNT_MISMATCH');
    expect(codeOf(await shopper().raw(INTENT, { amount: 560 }))).toBe('CART_EMPTY');
  });

  it('refuses isPaid with an intent that did not succeed, of another amount, or of another cart, and pays nothing', async () => {
    const other = shopper();
    await other.fillCart();
    await other.call(ADD, { productId });
    const otherIntent = (await other.call(INTENT, { amount: 1120 })).stripePaymentIntent.id as string;
    await simulator().succeed(otherIntent, { webhook: false });

    const s = shopper();
    const slot = await s.fillCart();
    const intent = (await s.call(INTENT, { amount: 560 })).stripePaymentIntent.id as string;
    // Not confirmed yet, then declined: the client's isPaid alone is refused.
    expect(codeOf(await s.checkout(slot, intent))).toBe('STRIPE_PAYMENT_NOT_VERIFIED');
    await simulator().fail(intent, { webhook: false });
    expect(codeOf(await s.checkout(slot, intent))).toBe('STRIPE_PAYMENT_NOT_VERIFIED');
    // Another shopper's succeeded intent (another cart, another amount).
    expect(codeOf(await s.checkout(slot, otherIntent))).toBe('STRIPE_PAYMENT_NOT_VERIFIED');
    // An unknown or made-up id.
    expect(codeOf(await s.checkout(slot, 'pi_doesnotexist'))).toBe('STRIPE_PAYMENT_NOT_VERIFIED');
    expect(codeOf(await s.checkout(slot, 'not-an-intent'))).toBe('STRIPE_PAYMENT_NOT_VERIFIED');
    // This cart's intent, paid, but the cart changed since: another amount.
    await s.call(ADD, { productId });
    const bigger = (await s.call(INTENT, { amount: 1120 })).stripePaymentIntent.id as string;
    await simulator().succeed(bigger, { webhook: false });
    await s.call(ADD, { productId });
    expect(codeOf(await s.checkout(slot, bigger))).toBe('STRIPE_AMOUNT_MISMATCH');

    expect(await orders()).toHaveLength(0);
    expect(await db().select().from(t.payments)).toHaveLength(0);
  });

  it('pays a succeeded intent once: checkout, 4 times the same webhook and 20 at once give one state change and one kitchen event', async () => {
    const s = shopper();
    const slot = await s.fillCart();
    const intent = (await s.call(INTENT, { amount: 560 })).stripePaymentIntent.id as string;
    // Stripe.js confirms the card; the webhook arrives before the order exists (no payment known yet).
    await simulator().succeed(intent);
    expect(simulator().deliveries.at(-1)).toMatchObject({ event: 'payment_intent.succeeded', status: 200 });
    const body = await s.checkout(slot, intent);
    expect(body.errors).toBeUndefined();
    const order = body.data!.checkout.order;
    expect(order).toMatchObject({ status: 'PROCESSING', isPaid: true, paymentMethodTitle: 'Kredietkaart (Stripe)' });
    const id = order.databaseId as number;
    expect(await paidEvents(id)).toBe(1);
    const [payment] = await db().select().from(t.payments).where(eq(t.payments.orderId, id));
    expect(payment).toMatchObject({ provider: 'stripe', providerOrderId: intent, status: 'paid', amount: 560, transactionId: intent });
    expect((await orders())[0]).toMatchObject({ transactionId: intent, paymentMethod: 'stripe' });

    const event = simulator().event('payment_intent.succeeded', intent, now)!;
    const send = (e: { body: string; header: string }) =>
      app.server.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': e.header },
        payload: e.body,
      });
    for (let i = 0; i < 4; i++) expect((await send(event)).statusCode).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(simulator().event('payment_intent.succeeded', intent, new Date(now.getTime() + i * 1000))!)),
    );
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    await Promise.all([runner.drain(), app.payments.stripe!.service.refresh(intent), app.payments.stripe!.service.refresh(intent)]);
    expect(await paidEvents(id)).toBe(1);
    const statuses = await db().select().from(t.payments);
    expect(statuses).toHaveLength(1);
    expect(statuses[0]!.status).toBe('paid');

    // The same intent for a second order: refused.
    const slot2 = await s.fillCart();
    expect(codeOf(await s.checkout(slot2, intent))).toBe('STRIPE_PAYMENT_NOT_VERIFIED');
    expect(await orders()).toHaveLength(1);
  });

  it('pays an order checked out before the card was confirmed when the webhook comes, and refunds on charge.refunded', async () => {
    const s = shopper();
    const slot = await s.fillCart();
    const intent = (await s.call(INTENT, { amount: 560 })).stripePaymentIntent.id as string;
    const body = await s.checkout(slot, intent, false);
    expect(body.errors).toBeUndefined();
    const id = body.data!.checkout.order.databaseId as number;
    expect(body.data!.checkout.order).toMatchObject({ status: 'PENDING', isPaid: false });
    expect(await paidEvents(id)).toBe(0);

    await simulator().succeed(intent);
    await runner.drain();
    expect((await orders())[0]).toMatchObject({ status: 'processing' });
    expect(await paidEvents(id)).toBe(1);

    const refund = await app.server.inject({
      method: 'POST',
      url: '/simulators/stripe/v1/refunds',
      headers: { authorization: 'Bearer sk_test_simulatorNotASecret', 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'refund-1' },
      payload: `payment_intent=${intent}`,
    });
    expect(refund.statusCode).toBe(200);
    expect(simulator().deliveries.at(-1)).toMatchObject({ event: 'charge.refunded', status: 200 });
    await runner.drain();
    expect((await orders())[0]).toMatchObject({ status: 'refunded' });
    expect((await db().select().from(t.payments))[0]).toMatchObject({ status: 'refunded' });
  });

  it('refuses forged, stale and unsigned webhooks and changes nothing', async () => {
    const s = shopper();
    const slot = await s.fillCart();
    const intent = (await s.call(INTENT, { amount: 560 })).stripePaymentIntent.id as string;
    await s.checkout(slot, intent, false);
    await simulator().succeed(intent, { webhook: false });
    const event = simulator().event('payment_intent.succeeded', intent, now)!;
    const jobsBefore = (await db().select().from(t.jobs).where(eq(t.jobs.kind, 'payment-status'))).length;
    const send = (header: string | undefined, payload = event.body) =>
      app.server.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', ...(header === undefined ? {} : { 'stripe-signature': header }) },
        payload,
      });
    const t0 = Math.floor(now.getTime() / 1000);
    expect((await send(webhookSignatureHeader('whsec_forgedSecretValue', t0, event.body))).statusCode).toBe(403);
    expect((await send(webhookSignatureHeader(STRIPE_SIMULATOR_WEBHOOK_SECRET, t0 - 301, event.body))).statusCode).toBe(403);
    expect((await send(event.header, event.body.replace('succeeded', 'succeeded '))).statusCode).toBe(403);
    expect((await send(undefined)).statusCode).toBe(400);
    expect((await send('t=1,v1=zz')).statusCode).toBe(400);
    expect((await db().select().from(t.jobs).where(eq(t.jobs.kind, 'payment-status'))).length).toBe(jobsBefore);
    await runner.drain();
    expect((await orders())[0]).toMatchObject({ status: 'pending', datePaid: null });
  });
});
