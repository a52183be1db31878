import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { MSP_SIMULATOR_API_KEY, STRIPE_SIMULATOR_WEBHOOK_SECRET } from '../src/config.js';
import { notificationAuthHeader } from '../src/integrations/multisafepay/multisafepay-client.js';
import { webhookSignatureHeader } from '../src/integrations/stripe/stripe-client.js';
import { notificationPath, STRIPE_WEBHOOK_PATH } from '../src/api/rest/payment-notifications.js';
import { aShopTakingOrders, anOrder } from './support/orders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { startTestApp } from './support/server.js';

// One notification URL for every gateway, each checking its own provider's signature
// (docs/decisions/0062-payment-gateways-composition-root.md).
describe.each(databaseKinds)('POST /api/payments/{provider}/notification on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  const now = new Date('2026-11-21T09:00:00Z');
  const seconds = Math.floor(now.getTime() / 1000);

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    const { productId } = await aShopTakingOrders(testDb.database.db);
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false' }, () => now);
    const order = await anOrder(testDb.database.db, { status: 'pending', paymentMethod: 'bancontact', paymentMethodTitle: 'Bancontact' }, productId);
    await testDb.database.db.insert(t.payments).values([
      { orderId: order.id, provider: 'multisafepay', gateway: 'bancontact', providerOrderId: String(order.id), amount: 1000, currency: 'EUR' },
      { orderId: order.id, provider: 'stripe', gateway: 'stripe', providerOrderId: 'pi_notified123', amount: 1000, currency: 'eur' },
    ]);
    mspOrderId = String(order.id);
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  let mspOrderId: string;
  const lookUps = async () =>
    (await testDb.database.db.select().from(t.jobs).where(eq(t.jobs.kind, 'payment-status'))).map(
      (job) => job.payload as { provider: string; providerOrderId: string },
    );
  const post = (url: string, payload: string, headers: Record<string, string>) =>
    app.server.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });

  const mspBody = () => JSON.stringify({ order_id: mspOrderId, status: 'completed' });
  const stripeBody = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_notified123' } } });

  it('MultiSafepay: a notification signed with its key is acknowledged and looked up; a bad signature is refused', async () => {
    const url = notificationPath('multisafepay');
    const forged = await post(url, mspBody(), { auth: notificationAuthHeader('not-the-key', String(seconds), mspBody()) });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toBe('Refused');
    expect(await lookUps()).toEqual([]);

    const signed = await post(url, mspBody(), { auth: notificationAuthHeader(MSP_SIMULATOR_API_KEY, String(seconds), mspBody()) });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toMatch(/^text\/plain/);
    expect(signed.body).toBe('OK');
    expect(await lookUps()).toEqual([{ provider: 'multisafepay', providerOrderId: mspOrderId }]);
  });

  it('Stripe: an event signed with the webhook secret is acknowledged and looked up; a bad signature is refused', async () => {
    const url = notificationPath('stripe');
    const forged = await post(url, stripeBody, { 'stripe-signature': webhookSignatureHeader('whsec_forgedSecretValue', seconds, stripeBody) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ error: 'Refused' });
    expect((await post(url, stripeBody, {})).statusCode).toBe(400);
    expect(await lookUps()).toEqual([]);

    const signed = await post(url, stripeBody, { 'stripe-signature': webhookSignatureHeader(STRIPE_SIMULATOR_WEBHOOK_SECRET, seconds, stripeBody) });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toEqual({ received: true });
    expect(await lookUps()).toEqual([{ provider: 'stripe', providerOrderId: 'pi_notified123' }]);
  });

  it("Stripe's webhook URL as configured at Stripe answers as the one notification URL does", async () => {
    const again = webhookSignatureHeader(STRIPE_SIMULATOR_WEBHOOK_SECRET, seconds + 1, stripeBody);
    expect((await post(STRIPE_WEBHOOK_PATH, stripeBody, { 'stripe-signature': again })).json()).toEqual({ received: true });
    // The same signed event at the other URL is a replay: one look-up.
    expect((await post(notificationPath('stripe'), stripeBody, { 'stripe-signature': again })).statusCode).toBe(200);
    expect(await lookUps()).toHaveLength(1);
    expect((await post(STRIPE_WEBHOOK_PATH, stripeBody, { 'stripe-signature': 't=1,v1=zz' })).statusCode).toBe(400);
  });

  it('answers 404 for a provider it does not know, and for a gateway that takes no notifications', async () => {
    for (const provider of ['paypal', 'cash', 'MultiSafepay']) {
      const signed = await post(notificationPath(provider), mspBody(), { auth: notificationAuthHeader(MSP_SIMULATOR_API_KEY, String(seconds), mspBody()) });
      expect(signed.statusCode).toBe(404);
    }
    // The unsigned GET ping is MultiSafepay's only.
    expect((await app.server.inject({ method: 'GET', url: `${notificationPath('stripe')}?transactionid=pi_notified123` })).statusCode).toBe(404);
    expect((await app.server.inject({ method: 'GET', url: `${notificationPath('multisafepay')}?transactionid=${mspOrderId}` })).body).toBe('OK');
    expect(await lookUps()).toEqual([{ provider: 'multisafepay', providerOrderId: mspOrderId }]);
  });
});
