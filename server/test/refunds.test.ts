import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Figures, StaffOrderDetails, StaffRefund } from '@bakje/contract';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { STRIPE_SIMULATOR_SECRET_KEY } from '../src/config.js';
import { injectFetch } from '../src/integrations/multisafepay/multisafepay-simulator.js';
import { StripeClient } from '../src/integrations/stripe/stripe-client.js';
import { STRIPE_SIMULATOR_PATH } from '../src/integrations/stripe/stripe-simulator.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { createLogger } from '../src/logger.js';
import { enqueueReconciliation } from '../src/modules/payments/payment-jobs.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { PROVIDER_SETTINGS_KEY } from '../src/modules/payments/provider-settings.js';
import { splitOverRates } from '../src/modules/payments/refunds.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { aShopTakingOrders, countAsLive, DAY } from './support/orders.js';
import { startTestApp } from './support/server.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const ADD = `mutation($productId: Int!) { addToCart(input: {productId: $productId, quantity: 2}) { cart { isEmpty } } }`;
const SLOTS = `query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id } }`;
const INTENT = `query($amount: Int) { stripePaymentIntent(amount: $amount) { id } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId status } } }`;
const BILLING = {
  firstName: 'An',
  lastName: 'Peeters',
  phone: '0470 12 34 56',
  email: 'an@example.be',
  address1: 'Veldstraat 1',
  city: 'Gent',
  postcode: '9000',
};
/** Two frikandellen at 2.80. */
const TOTAL = 560;

describe('a refund split over VAT rates', () => {
  it('takes the whole VAT lines for a full refund and shares a partial one by gross, to the cent', () => {
    const lines = [
      { rate: 6, total: 560, tax: 32 },
      { rate: 21, total: 350, tax: 61 },
    ];
    expect(splitOverRates(910, 910, lines)).toEqual([
      { rate: 6, gross: -560, tax: -32 },
      { rate: 21, gross: -350, tax: -61 },
    ]);
    const part = splitOverRates(100, 910, lines);
    expect(part.reduce((a, p) => a + p.gross, 0)).toBe(-100);
    expect(part).toEqual([
      { rate: 6, gross: -62, tax: -4 },
      { rate: 21, gross: -38, tax: -7 },
    ]);
    expect(splitOverRates(50, 50, [])).toEqual([{ rate: 0, gross: -50, tax: 0 }]);
  });
});

describe.each(databaseKinds)('refunds of card orders on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let admin: Browser;
  let productId: number;
  let runner: JobRunner;
  let now = new Date('2026-11-21T09:00:00Z');

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(testDb.database.db));
    // Stripe takes payments only once the owner turns it on (docs/decisions/0040).
    await testDb.database.db.insert(t.settings).values({ key: PROVIDER_SETTINGS_KEY, value: { stripe: { active: true } } });
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false', BAKJE_MSP_TIMEOUT_MS: '500', BAKJE_STRIPE_TIMEOUT_MS: '500' }, () => now);
    // The provider's news comes by our own look-ups here, not by notifications.
    app.payments.simulator!.controls.sendNotifications = false;
    // Jobs run when a test drains them (the app's own runner is off).
    runner = new JobRunner(testDb.database.db, testDb.database, app.jobs.handlers, createLogger('silent'), { concurrency: 2, pollMs: 1000, leaseMs: 5000 });
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    admin = new Browser(() => app);
    await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const db = () => testDb.database.db;
  const msp = () => app.payments.simulator!;
  /** Stripe's API as anyone with the key sees it (its own dashboard, for one). */
  const stripe = () =>
    new StripeClient({ secretKey: STRIPE_SIMULATOR_SECRET_KEY, baseUrl: STRIPE_SIMULATOR_PATH, timeoutMs: 2000, fetch: injectFetch(app.server) });

  function shopper() {
    const customer = new Browser(() => app);
    return async (query: string, variables?: Record<string, unknown>) => {
      const response = await customer.graphql(query, variables);
      if (response.body.errors) throw new Error(JSON.stringify(response.body.errors));
      return response.body.data;
    };
  }
  const checkoutInput = (paymentMethod: string, slot: string, extra: Record<string, unknown> = {}) => ({
    input: {
      paymentMethod,
      billing: BILLING,
      metaData: [
        { key: 'fulfilment_type', value: 'takeaway' },
        { key: 'time_slot', value: slot },
      ],
      ...extra,
    },
  });

  /** A Bancontact order paid on MultiSafepay's simulator, as the provider's look-up says. */
  async function mspPaidOrder(): Promise<number> {
    const call = shopper();
    await call(ADD, { productId });
    const slot = (await call(SLOTS)).availableTimeSlots[0].id;
    const id = (await call(CHECKOUT, checkoutInput('bancontact', slot))).checkout.order.databaseId as number;
    msp().setStatus(String(id), 'completed');
    await app.payments.service!.refresh(String(id));
    expect((await orderRow(id)).status).toBe('processing');
    return id;
  }

  /** A card order paid through a Stripe payment intent. */
  async function stripePaidOrder(): Promise<{ id: number; intent: string }> {
    const call = shopper();
    await call(ADD, { productId });
    const slot = (await call(SLOTS)).availableTimeSlots[0].id;
    const intent = (await call(INTENT, { amount: TOTAL })).stripePaymentIntent.id as string;
    await app.payments.stripeSimulator!.succeed(intent, { webhook: false });
    const order = (await call(CHECKOUT, checkoutInput('stripe', slot, { isPaid: true, transactionId: intent }))).checkout.order;
    expect(order.status).toBe('PROCESSING');
    return { id: order.databaseId as number, intent };
  }

  async function cashOrder(): Promise<number> {
    const call = shopper();
    await call(ADD, { productId });
    const slot = (await call(SLOTS)).availableTimeSlots[0].id;
    return (await call(CHECKOUT, checkoutInput('cod', slot))).checkout.order.databaseId as number;
  }

  const orderRow = async (id: number) => (await db().select().from(t.orders).where(eq(t.orders.id, id)))[0]!;
  const paymentRow = async (id: number) => (await db().select().from(t.payments).where(eq(t.payments.orderId, id)))[0]!;
  const refundRows = async (id: number) => db().select().from(t.refunds).where(eq(t.refunds.orderId, id));
  const refund = (id: number, body: Record<string, unknown>) => admin.request('POST', `/api/orders/${id}/refunds`, body);
  const details = async (id: number) => (await admin.request('GET', `/api/orders/${id}`)).json() as StaffOrderDetails;
  const figures = async (day: string) => (await admin.request('GET', `/api/figures?from=${day}&to=${day}`)).json() as Figures;

  it('refunds a MultiSafepay order in full: the provider refunds, payment and order become refunded, the store API shows it', async () => {
    const id = await mspPaidOrder();
    const response = await refund(id, { reason: 'klant ziek', idempotencyKey: `full-${id}-aaaa` });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ amount: TOTAL, reason: 'klant ziek', status: 'succeeded', staffName: expect.any(String) });
    expect(msp().orders.get(String(id))).toMatchObject({ status: 'refunded', amountRefunded: TOTAL });
    expect((await paymentRow(id)).status).toBe('refunded');
    expect((await orderRow(id)).status).toBe('refunded');
    const [row] = await refundRows(id);
    expect(row).toMatchObject({ status: 'succeeded', amount: TOTAL, providerRefundId: expect.any(String), staffId: expect.any(Number) });
    const shown = await details(id);
    expect(shown.refundable).toBe(0);
    expect(shown.refunds).toHaveLength(1);
    // The history ends in refunded, not in a cancel.
    expect(shown.history.at(-1)).toMatchObject({ from: 'processing', to: 'refunded' });

    const wc = await admin.request('GET', `/wp-json/wc/v3/orders/${id}/refunds`);
    expect(wc.statusCode).toBe(200);
    expect(wc.json()).toEqual([expect.objectContaining({ id: row!.id, amount: '5.60', reason: 'klant ziek', refunded_payment: true })]);
    const order = (await admin.request('GET', `/wp-json/wc/v3/orders/${id}`)).json() as { status: string; refunds: unknown[] };
    expect(order.status).toBe('refunded');
    expect(order.refunds).toEqual([{ id: row!.id, reason: 'klant ziek', total: '-5.60' }]);

    // Nothing left: refused, nothing recorded, nothing asked of the provider.
    const again = await refund(id, { reason: 'nog eens' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REFUND_TOO_MUCH' });
    expect(await refundRows(id)).toHaveLength(1);
  });

  it('refunds part of an order: the order stays as it is, an over-refund is refused, the rest can follow', async () => {
    const id = await mspPaidOrder();
    const part = await refund(id, { amount: 200, reason: 'cola vergeten' });
    expect(part.statusCode).toBe(201);
    expect((await orderRow(id)).status).toBe('processing');
    expect((await paymentRow(id)).status).toBe('paid');
    expect(msp().orders.get(String(id))).toMatchObject({ status: 'partial_refunded', amountRefunded: 200 });
    expect((await details(id)).refundable).toBe(TOTAL - 200);

    const over = await refund(id, { amount: TOTAL - 199, reason: 'te veel' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'REFUND_TOO_MUCH', message: 'At most €3.60 can still be refunded on this order.' });
    expect(await refundRows(id)).toHaveLength(1);
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(200);

    // Bad input: a clear error, nothing changed.
    for (const body of [
      { amount: 0, reason: 'nul' },
      { amount: 1.5, reason: 'halve cent' },
      { amount: 100 },
      { amount: 100, reason: 'x' },
      { reason: 'ok', extra: 1 },
    ]) {
      const bad = await refund(id, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect(await refundRows(id)).toHaveLength(1);

    const rest = await refund(id, { reason: 'toch alles terug' });
    expect(rest.json()).toMatchObject({ amount: TOTAL - 200, status: 'succeeded' });
    expect((await orderRow(id)).status).toBe('refunded');
    expect((await details(id)).refunds.map((r) => r.amount)).toEqual([200, TOTAL - 200]);
  });

  it('lets only one of two concurrent full refunds through', async () => {
    const id = await mspPaidOrder();
    const answers = await Promise.all([refund(id, { reason: 'dubbel een' }), refund(id, { reason: 'dubbel twee' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(TOTAL);
    expect((await refundRows(id)).filter((r) => r.status === 'succeeded')).toHaveLength(1);
  });

  it('refunds once for a retry or a double click with the same key', async () => {
    const id = await mspPaidOrder();
    const key = `click-${id}-0123456789`;
    const first = await refund(id, { amount: 100, reason: 'dubbelklik', idempotencyKey: key });
    const second = await refund(id, { amount: 100, reason: 'dubbelklik', idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect((second.json() as StaffRefund).id).toBe((first.json() as StaffRefund).id);
    // At once, too.
    const both = await Promise.all([
      refund(id, { amount: 50, reason: 'samen', idempotencyKey: `${key}-b` }),
      refund(id, { amount: 50, reason: 'samen', idempotencyKey: `${key}-b` }),
    ]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(150);
    expect(await refundRows(id)).toHaveLength(2);
    // A refund left pending by a process that died on the way is tried again with its key (the provider's key unchanged).
    const [payment] = await db().select().from(t.payments).where(eq(t.payments.orderId, id));
    await db()
      .insert(t.refunds)
      .values({
        orderId: id,
        paymentId: payment!.id,
        amount: 30,
        reason: 'vastgelopen',
        idempotencyKey: `${key}-stuck`,
        updatedAt: new Date(now.getTime() - 11 * 60_000),
      });
    const resumed = await refund(id, { amount: 30, reason: 'vastgelopen', idempotencyKey: `${key}-stuck` });
    expect(resumed.json()).toMatchObject({ amount: 30, status: 'succeeded' });
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(180);
    // The same key for another amount is a mistake, not a retry.
    expect((await refund(id, { amount: 70, reason: 'anders', idempotencyKey: key })).json()).toMatchObject({ code: 'REFUND_KEY_REUSED' });
  });

  it('gives a clear error and records nothing as done when the provider fails; the same key then tries again', async () => {
    const id = await mspPaidOrder();
    msp().controls.failNext = 1;
    const failed = await refund(id, { reason: 'storing', idempotencyKey: `outage-${id}-abcdef` });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'REFUND_PROVIDER_FAILED', message: expect.stringContaining('Nothing was refunded') });
    expect((await refundRows(id)).map((r) => r.status)).toEqual(['failed']);
    expect((await orderRow(id)).status).toBe('processing');
    expect((await details(id)).refundable).toBe(TOTAL);
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(0);

    const retried = await refund(id, { reason: 'storing', idempotencyKey: `outage-${id}-abcdef` });
    expect(retried.statusCode).toBe(201);
    // One record, tried twice: a new provider key after a refusal (a provider replays its answer per key).
    expect((await refundRows(id)).map((r) => [r.status, r.attempts])).toEqual([['succeeded', 2]]);
    expect((await orderRow(id)).status).toBe('refunded');
  });

  it('settles a refund whose answer MultiSafepay lost after doing it by looking at the order: refunded once', async () => {
    const id = await mspPaidOrder();
    msp().controls.loseRefundReplies = 1;
    const lost = await refund(id, { amount: 200, reason: 'antwoord kwijt', idempotencyKey: `lost-${id}-abcdef` });
    // In progress, not failed: it counts against what is left until settled.
    expect(lost.statusCode).toBe(202);
    expect(lost.json()).toMatchObject({ amount: 200, status: 'pending' });
    expect((await refundRows(id)).map((r) => [r.status, r.error?.startsWith('unknown: ')])).toEqual([['pending', true]]);
    expect((await details(id)).refundable).toBe(TOTAL - 200);
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(200);
    // The settle job looks at MultiSafepay's order: the money went back, so it is not sent again.
    await runner.drain();
    const [row] = await refundRows(id);
    expect(row).toMatchObject({ status: 'succeeded', error: null });
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(200);
    expect((await details(id)).refundable).toBe(TOTAL - 200);
    expect((await orderRow(id)).status).toBe('processing');
    // Staff asking again with the same key get the settled refund, nothing is sent.
    expect((await refund(id, { amount: 200, reason: 'antwoord kwijt', idempotencyKey: `lost-${id}-abcdef` })).statusCode).toBe(200);
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(200);
    // The rest afterwards is refunded as usual, and the order is refunded in full.
    expect((await refund(id, { reason: 'de rest' })).json()).toMatchObject({ amount: TOTAL - 200, status: 'succeeded' });
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(TOTAL);
    expect((await orderRow(id)).status).toBe('refunded');
  });

  it('sends a refund again once when MultiSafepay timed out without doing it', async () => {
    const id = await mspPaidOrder();
    msp().controls.dropRefunds = 1;
    const lost = await refund(id, { reason: 'niet gedaan', idempotencyKey: `dropped-${id}-abcdef` });
    expect(lost.statusCode).toBe(202);
    expect((await details(id)).refundable).toBe(0);
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(0);
    await runner.drain();
    expect((await refundRows(id)).map((r) => r.status)).toEqual(['succeeded']);
    // One refund at the provider: a second of the whole amount would have been refused.
    expect(msp().orders.get(String(id))).toMatchObject({ status: 'refunded', amountRefunded: TOTAL });
    expect((await paymentRow(id)).status).toBe('refunded');
    expect((await orderRow(id)).status).toBe('refunded');
    await runner.drain();
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(TOTAL);
  });

  it('settles refunds left pending by a process that died, through the reconcile job, without staff', async () => {
    const id = await mspPaidOrder();
    const payment = await paymentRow(id);
    const stuck = (reason: string, minutesAgo: number) =>
      db()
        .insert(t.refunds)
        .values({
          orderId: id,
          paymentId: payment.id,
          amount: 100,
          reason,
          idempotencyKey: `${reason}-${id}`,
          updatedAt: new Date(now.getTime() - minutesAgo * 60_000),
        })
        .returning()
        .then((rows) => rows[0]!);
    // One died after MultiSafepay had refunded it, one before asking; one is fresh (a live process asks it).
    const done = await stuck('gedaan', 11);
    const order = msp().orders.get(String(id))!;
    order.amountRefunded += 100;
    msp().setStatus(String(id), 'partial_refunded');
    const notDone = await stuck('niet-gedaan', 12);
    const fresh = await stuck('bezig', 1);
    expect((await details(id)).refundable).toBe(TOTAL - 300);

    await enqueueReconciliation(db(), `refunds-${id}`);
    await runner.drain();
    const rows = await refundRows(id);
    const status = (refundId: number) => rows.find((r) => r.id === refundId)!.status;
    expect([status(done.id), status(notDone.id), status(fresh.id)]).toEqual(['succeeded', 'succeeded', 'pending']);
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(200);
    expect((await details(id)).refundable).toBe(TOTAL - 300);
    // The fresh one's process died too: once it is old, the next round settles it.
    now = new Date(now.getTime() + 11 * 60_000);
    try {
      await enqueueReconciliation(db(), `refunds-${id}-later`);
      await runner.drain();
    } finally {
      now = new Date('2026-11-21T09:00:00Z');
    }
    expect((await refundRows(id)).map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(msp().orders.get(String(id))!.amountRefunded).toBe(300);
    expect((await details(id)).refundable).toBe(TOTAL - 300);
  });

  it('refunds Stripe orders in part and in full through Stripe, with its idempotency key', async () => {
    const { id, intent } = await stripePaidOrder();
    expect((await refund(id, { amount: 160, reason: 'deels' })).statusCode).toBe(201);
    expect((await orderRow(id)).status).toBe('processing');
    const rest = await refund(id, { reason: 'rest', idempotencyKey: `stripe-${id}-restje` });
    expect(rest.json()).toMatchObject({ amount: TOTAL - 160, status: 'succeeded' });
    // A retry of the same refund: Stripe (simulated) is not asked to refund twice.
    expect((await refund(id, { reason: 'rest', idempotencyKey: `stripe-${id}-restje` })).statusCode).toBe(200);
    const seen = await stripe().retrievePaymentIntent(intent);
    expect(seen.success && seen.data.latest_charge).toMatchObject({ amount_refunded: TOTAL, refunded: true });
    expect((await paymentRow(id)).status).toBe('refunded');
    expect((await orderRow(id)).status).toBe('refunded');
  });

  it('a Stripe refusal (money already given back at Stripe) records nothing as done', async () => {
    const { id, intent } = await stripePaidOrder();
    // Someone refunded at Stripe's own dashboard: Stripe has nothing left to refund.
    expect((await stripe().refund(intent, `outside-${id}`)).success).toBe(true);
    const refused = await refund(id, { reason: 'te laat' });
    expect(refused.json()).toMatchObject({ code: 'REFUND_PROVIDER_FAILED' });
    expect((await refundRows(id)).map((r) => r.status)).toEqual(['failed']);
  });

  it('refuses a cash order not paid yet and an unpaid card order with a clear message', async () => {
    // A paid cash order is refunded in cash (docs/decisions/0084-allergens-at-the-door-own-container.md).
    const cash = await cashOrder();
    const refused = await refund(cash, { reason: 'contant' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REFUND_NOT_PAID', message: expect.stringContaining('cash') });
    const call = shopper();
    await call(ADD, { productId });
    const slot = (await call(SLOTS)).availableTimeSlots[0].id;
    const unpaid = (await call(CHECKOUT, checkoutInput('bancontact', slot))).checkout.order.databaseId as number;
    expect((await refund(unpaid, { reason: 'niet betaald' })).json()).toMatchObject({ code: 'REFUND_NOT_PAID' });
    expect((await refund(999_999, { reason: 'bestaat niet' })).statusCode).toBe(404);
    expect(await refundRows(cash)).toHaveLength(0);
    // Only staff with orders.manage.
    const stranger = new Browser(() => app);
    expect((await stranger.request('POST', `/api/orders/${cash}/refunds`, { reason: 'wie ben jij' })).statusCode).toBe(401);
  });

  it("puts refunds in the day's figures as negative amounts per VAT rate, on the refund's day", async () => {
    const fullId = await mspPaidOrder();
    const partId = await mspPaidOrder();
    await countAsLive(testDb.database.db);
    const before = await figures(DAY);
    const vat = (await orderRow(partId)).vatLines;
    expect(vat.length).toBeGreaterThan(0);

    await refund(fullId, { reason: 'vandaag alles' });
    const today = await figures(DAY);
    // The order stays sold on its day, and its refund comes off that same day (made today).
    expect(today.orders).toBe(before.orders);
    expect(today.gross).toBe(before.gross - TOTAL);
    expect(today.refunds.count).toBe(before.refunds.count + 1);
    expect(today.refunds.gross).toBe(before.refunds.gross - TOTAL);
    expect(today.excluded.cancelled).toEqual(before.excluded.cancelled);
    const rate = vat[0]!.rate;
    const vatOf = (f: Figures) => f.vat.find((v) => v.rate === rate)!;
    expect(vatOf(today).gross).toBe(vatOf(before).gross - TOTAL);

    // A partial refund the next day counts on the next day, not on the order's.
    now = new Date('2026-11-22T10:00:00Z');
    try {
      await refund(partId, { amount: 100, reason: 'morgen een deel' });
    } finally {
      now = new Date('2026-11-21T09:00:00Z');
    }
    expect((await figures(DAY)).gross).toBe(today.gross);
    const next = await figures('2026-11-22');
    expect(next.orders).toBe(0);
    expect(next.refunds).toMatchObject({ count: 1, gross: -100 });
    expect(next.gross).toBe(-100);
    expect(next.vat.find((v) => v.rate === rate)?.gross).toBe(-100);
    expect(next.refunds.vat.reduce((a, v) => a + v.tax, 0)).toBeLessThan(0);
    const csv = await admin.request('GET', '/api/figures.csv?from=2026-11-22');
    expect(csv.body).toContain('Terugbetalingen');
  });
});
