import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { MSP_SIMULATOR_API_KEY } from '../src/config.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { createLogger } from '../src/logger.js';
import { notificationAuthHeader, notificationSignature, verifyNotification } from '../src/integrations/multisafepay/multisafepay-client.js';
import type { PaymentStatus } from '../src/db/schema/index.js';
import { nextPaymentStatus, paymentRank } from '../src/modules/payments/payment-state.js';
import { observedStatusOf } from '../src/modules/payments/gateways/multisafepay.js';
import { NOTIFICATION_PATH } from '../src/api/rest/payment-notifications.js';
import { recordNotifications } from '../src/modules/payments/payment-notifications.js';
import { PROVIDER_SETTINGS_KEY } from '../src/modules/payments/provider-settings.js';
import { aShopTakingOrders, DAY } from './support/orders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { graphql, startTestApp } from './support/server.js';

// MultiSafepay's documented signature example (docs/interfaces.md §3), byte for byte (note the space before "payment_details").
const VECTOR_KEY = '8HHhGgRWrA3O7NswjmgwyH7buPPCGnR5AkwAQyqI';
const VECTOR_TIMESTAMP = '1641218884';
const VECTOR_BODY =
  '{"amount":1000,"amount_refunded":0,"costs":[{"amount":0.49,"description":"0.49 For iDEAL Transactions","transaction_id":"123456789","type":"SYSTEM"}],"created":"2022-01-03T15:08:02","currency":"EUR","custom_info":{"custom_1":null,"custom_2":null,"custom_3":null},"customer":{"address1":null,"address2":null,"city":null,"country":null,"country_name":null,"email":"","first_name":null,"house_number":null,"last_name":null,"locale":"en_US","phone1":null,"phone2":"","state":null,"zip_code":null},"description":"product description","fastcheckout":"NO","financial_status":"initialized","items":null,"modified":"2022-01-03T15:08:02","order_id":"my-order-id", "payment_details":{"account_holder_name":null,"account_iban":"https://example.com","account_id":null,"external_transaction_id":"123456789","issuer_id":"3151","recurring_flow":null,"recurring_id":null,"recurring_model":null,"type":"IDEAL"},"payment_methods":[{"amount":1000,"currency":"EUR","description":"product description","external_transaction_id":"123456789","payment_description":"iDEAL","status":"initialized","type":"IDEAL"}],"reason":"","reason_code":"","related_transactions":null,"status":"initialized","transaction_id":"123456789","var1":null,"var2":null,"var3":null}';
const VECTOR_AUTH =
  'MTY0MTIxODg4NDowNmNiZjIyNmU3Yzg3M2VmZjk2OTIxZDdmZGUzOTk4ZWI2YmUwZGU3OTE1ZWUxYzFiNTE0OTUxMWZjYTgyZTI2YmIwYWIyZTZkMGUwYWQ5OTdjYmFiMTUxZTRiYTU2MTU0MThkOGUxMjUyODMwMTcyNjE0M2VkMTE0NjI4N2Y5Mw==';
const VECTOR_NOW = new Date(Number(VECTOR_TIMESTAMP) * 1000 + 30_000);

describe('MultiSafepay notification signature', () => {
  it('matches the test vector of MultiSafepay documentation', () => {
    expect(notificationSignature(VECTOR_KEY, VECTOR_TIMESTAMP, VECTOR_BODY)).toBe(
      '06cbf226e7c873eff96921d7fde3998eb6be0de7915ee1c1b5149511fca82e26bb0ab2e6d0e0ad997cbab151e4ba5615418d8e12528301726143ed1146287f93',
    );
    expect(notificationAuthHeader(VECTOR_KEY, VECTOR_TIMESTAMP, VECTOR_BODY)).toBe(VECTOR_AUTH);
    expect(verifyNotification(VECTOR_KEY, VECTOR_AUTH, VECTOR_BODY, VECTOR_NOW)).toMatchObject({ ok: true, timestamp: 1641218884 });
  });

  it('accepts a notification signed up to 60 s ahead of our clock, none further (clock skew, issue 33 D6); 600 s back as before', () => {
    const at = (seconds: number) => new Date((Number(VECTOR_TIMESTAMP) + seconds) * 1000);
    // "now" is the receiver's clock: a notification signed 30 s ahead arrives 30 s before its timestamp.
    expect(verifyNotification(VECTOR_KEY, VECTOR_AUTH, VECTOR_BODY, at(-30))).toMatchObject({ ok: true });
    expect(verifyNotification(VECTOR_KEY, VECTOR_AUTH, VECTOR_BODY, at(-60))).toMatchObject({ ok: true });
    expect(verifyNotification(VECTOR_KEY, VECTOR_AUTH, VECTOR_BODY, at(-61))).toEqual({ ok: false, reason: 'stale' });
    expect(verifyNotification(VECTOR_KEY, VECTOR_AUTH, VECTOR_BODY, at(-599))).toEqual({ ok: false, reason: 'stale' });
    expect(verifyNotification(VECTOR_KEY, VECTOR_AUTH, VECTOR_BODY, at(600))).toMatchObject({ ok: true });
    expect(verifyNotification(VECTOR_KEY, VECTOR_AUTH, VECTOR_BODY, at(601))).toEqual({ ok: false, reason: 'stale' });
  });

  it('rejects 10,000 mutated notifications (body, timestamp, signature, key, missing or malformed header)', () => {
    const mutation = fc.oneof(
      // Body changed anywhere (one character replaced, added or removed).
      fc.tuple(fc.constant('body'), fc.nat(VECTOR_BODY.length), fc.string({ minLength: 1, maxLength: 3 })).map(([, at, text]) => {
        const body = VECTOR_BODY.slice(0, at) + text + VECTOR_BODY.slice(at + 1);
        return { auth: VECTOR_AUTH, body: body === VECTOR_BODY ? body + ' ' : body, key: VECTOR_KEY, now: VECTOR_NOW };
      }),
      // Another timestamp in the header, signature kept.
      fc
        .integer({ min: 0, max: 2_000_000_000 })
        .filter((ts) => String(ts) !== VECTOR_TIMESTAMP)
        .map((ts) => ({
          auth: Buffer.from(`${ts}:${notificationSignature(VECTOR_KEY, VECTOR_TIMESTAMP, VECTOR_BODY)}`).toString('base64'),
          body: VECTOR_BODY,
          key: VECTOR_KEY,
          now: new Date(ts * 1000),
        })),
      // Correctly signed but stale or from the future (over 600 s).
      fc
        .integer({ min: 601, max: 10_000_000 })
        .chain((off) => fc.constantFrom(off, -off))
        .map((off) => ({
          auth: VECTOR_AUTH,
          body: VECTOR_BODY,
          key: VECTOR_KEY,
          now: new Date((Number(VECTOR_TIMESTAMP) + off) * 1000),
        })),
      // A signature character flipped.
      fc.nat(127).map((at) => {
        const sig = notificationSignature(VECTOR_KEY, VECTOR_TIMESTAMP, VECTOR_BODY);
        const flipped = sig.slice(0, at) + (sig[at] === '0' ? '1' : '0') + sig.slice(at + 1);
        return { auth: Buffer.from(`${VECTOR_TIMESTAMP}:${flipped}`).toString('base64'), body: VECTOR_BODY, key: VECTOR_KEY, now: VECTOR_NOW };
      }),
      // Signed with another key.
      fc
        .string({ minLength: 1, maxLength: 60 })
        .filter((k) => k !== VECTOR_KEY)
        .map((key) => ({
          auth: notificationAuthHeader(key, VECTOR_TIMESTAMP, VECTOR_BODY),
          body: VECTOR_BODY,
          key: VECTOR_KEY,
          now: VECTOR_NOW,
        })),
      // Missing, empty or malformed header (random text, random base64, truncated, no colon).
      fc
        .oneof(
          fc.constant(undefined),
          fc.constant(''),
          fc.string({ maxLength: 300 }),
          fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('base64')),
          fc.nat(VECTOR_AUTH.length - 1).map((n) => VECTOR_AUTH.slice(0, n)),
          fc.constant(Buffer.from(notificationSignature(VECTOR_KEY, VECTOR_TIMESTAMP, VECTOR_BODY)).toString('base64')),
        )
        .map((auth) => ({ auth, body: VECTOR_BODY, key: VECTOR_KEY, now: VECTOR_NOW })),
    );
    fc.assert(
      fc.property(mutation, ({ auth, body, key, now }) => {
        expect(verifyNotification(key, auth, body, now).ok).toBe(false);
      }),
      { numRuns: 10_000, seed: 14 },
    );
  });
});

describe('the payment state machine', () => {
  // What MultiSafepay's order can go through, in order (docs/interfaces.md §3).
  const lifecycles = [
    ['initialized', 'completed'],
    ['initialized', 'uncleared', 'completed'],
    ['initialized', 'uncleared', 'void'],
    ['initialized', 'declined'],
    ['initialized', 'cancelled'],
    ['initialized', 'expired'],
    ['initialized', 'completed', 'refunded'],
    ['initialized', 'uncleared', 'completed', 'refunded'],
  ];

  it('ends where the provider ends, never going back, over 1,000 random orderings of its statuses', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...lifecycles)
          .chain((life) => fc.shuffledSubarray(life, { minLength: life.length, maxLength: life.length }).map((order) => ({ life, order }))),
        ({ life, order }) => {
          let state: PaymentStatus = 'pending';
          for (const status of order) {
            const next = nextPaymentStatus(state, observedStatusOf(status), true);
            expect(paymentRank(next)).toBeGreaterThanOrEqual(paymentRank(state));
            state = next;
          }
          expect(state).toBe(observedStatusOf(life[life.length - 1]!));
        },
      ),
      { numRuns: 1000, seed: 14 },
    );
  });

  it('puts a completed payment of another amount in review, never paid', () => {
    expect(nextPaymentStatus('pending', 'paid', false)).toBe('review');
    expect(nextPaymentStatus('review', 'paid', true)).toBe('review');
  });
});

const ADD = `mutation($productId: Int!) { addToCart(input: {productId: $productId, quantity: 2}) { cart { isEmpty } } }`;
const SLOTS = `query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { result redirect paymentError order { databaseId orderKey status total(format: RAW) } } }`;
const GATEWAYS = `query { paymentGateways(fulfilmentType: TAKEAWAY) { nodes { id title icon isMultisafepay } } multiSafepayGateways { nodes { id } } }`;

describe.each(databaseKinds)('card payments through the MultiSafepay simulator on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  let now: Date;
  let runner: JobRunner;

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(testDb.database.db));
    now = new Date('2026-11-21T09:00:00Z');
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false', BAKJE_MSP_TIMEOUT_MS: '300' }, () => now);
    runner = new JobRunner(testDb.database.db, testDb.database, app.jobs.handlers, createLogger('silent'), { concurrency: 4, pollMs: 1000, leaseMs: 5000 });
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const simulator = () => app.payments.simulator!;
  const db = () => testDb.database.db;

  async function cardCheckout(gateway = 'bancontact') {
    let token: string | undefined;
    const call = async (query: string, variables?: Record<string, unknown>) => {
      const response = await graphql(app, query, variables, token ? { 'woocommerce-session': `Session ${token}` } : {});
      if (typeof response.headers['woocommerce-session'] === 'string') token = response.headers['woocommerce-session'];
      if (response.body.errors) throw new Error(JSON.stringify(response.body.errors));
      return response.body.data;
    };
    await call(ADD, { productId });
    const slot = (await call(SLOTS)).availableTimeSlots[0].id;
    const billing = {
      firstName: 'An',
      lastName: 'Peeters',
      phone: '0470 12 34 56',
      email: 'an@example.be',
      address1: 'Veldstraat 1',
      city: 'Gent',
      postcode: '9000',
    };
    return (
      await call(CHECKOUT, {
        input: {
          paymentMethod: gateway,
          billing,
          metaData: [
            { key: 'fulfilment_type', value: 'takeaway' },
            { key: 'time_slot', value: slot },
          ],
        },
      })
    ).checkout as {
      result: string;
      redirect: string;
      paymentError: string | null;
      order: { databaseId: number; orderKey: string; status: string; total: string };
    };
  }

  const orderRow = async (id: number) => (await db().select().from(t.orders).where(eq(t.orders.id, id)))[0]!;
  const paidEvents = async (id: number) =>
    (await db().select().from(t.orderEvents).where(eq(t.orderEvents.orderId, id))).filter(
      (e) => e.type === 'order.status-changed' && (e.payload as { action?: string }).action === 'paid',
    ).length;
  const ticketJobs = async (id: number) =>
    (await db().select().from(t.jobs).where(eq(t.jobs.kind, 'print'))).filter((j) => (j.payload as { orderId: number }).orderId === id).length;

  const lookupJobs = async () => (await db().select().from(t.jobs).where(eq(t.jobs.kind, 'payment-status'))).length;

  /** A notification as MultiSafepay signs it, for the order's current state at the simulator. */
  function notification(providerOrderId: string, at = now) {
    const body = JSON.stringify(simulator().view(providerOrderId));
    const timestamp = String(Math.floor(at.getTime() / 1000));
    return {
      method: 'POST' as const,
      url: `${NOTIFICATION_PATH}?transactionid=${providerOrderId}&timestamp=${timestamp}`,
      headers: { 'content-type': 'application/json', auth: notificationAuthHeader(MSP_SIMULATOR_API_KEY, timestamp, body) },
      payload: body,
    };
  }

  it('offers the enabled card methods with icons, merged with cash and sorted by title', async () => {
    const data = (await graphql(app, GATEWAYS)).body.data;
    const ids = data.paymentGateways.nodes.map((g: { id: string }) => g.id);
    expect(ids).toContain('bancontact');
    expect(ids).toContain('cod');
    expect(ids).not.toContain('cartebleue');
    const titles = data.paymentGateways.nodes.map((g: { title: string }) => g.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => a.localeCompare(b)));
    expect(data.paymentGateways.nodes.find((g: { id: string }) => g.id === 'bancontact')).toMatchObject({
      icon: '/images/payment/bancontact.svg',
      isMultisafepay: true,
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('pays by Bancontact: pending with the slot held, paid on the notification, into the kitchen once', async () => {
    const checkout = await cardCheckout('bancontact');
    expect(checkout.result).toBe('success');
    expect(checkout.redirect).toMatch(/\/simulators\/multisafepay\/pay\/[0-9a-f]+$/);
    const id = checkout.order.databaseId;
    expect(checkout.order.status).toBe('PENDING');
    expect(await ticketJobs(id)).toBe(0);
    const sent = simulator().orders.get(String(id))!.request;
    expect(sent).toMatchObject({ type: 'redirect', order_id: String(id), gateway: 'MISTERCASH', currency: 'EUR', amount: 560 });
    expect(sent.customer).toMatchObject({ locale: 'nl_BE', first_name: 'An', address1: 'Veldstraat', house_number: '1', zip_code: '9000' });
    expect(sent.custom_info?.custom_2).toBe('takeaway 0.00');
    expect(sent.payment_options.redirect_url).toContain(`/confirm-payment?order=${id}&key=`);

    // The customer's return proves nothing: still pending.
    const state = await app.server.inject({ method: 'GET', url: `/api/payments/orders/${id}?key=${encodeURIComponent(checkout.order.orderKey)}` });
    expect(state.json()).toMatchObject({ orderStatus: 'pending', paid: false, payment: { status: 'pending', gateway: 'bancontact' } });

    // The tester picks "completed" on the hosted page: the simulator notifies (in-process), a job does the work.
    const sessionId = checkout.redirect.split('/').pop();
    const page = await app.server.inject({
      method: 'POST',
      url: `/simulators/multisafepay/pay/${sessionId}`,
      payload: 'scenario=completed',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(303);
    await waitFor(() => simulator().deliveries.some((d) => d.ok && d.status === 'completed'));
    await runner.drain();
    const order = await orderRow(id);
    expect(order.status).toBe('processing');
    expect(order.datePaid).not.toBeNull();
    expect(order.paymentMethodTitle).toBe('Bancontact');
    expect(await paidEvents(id)).toBe(1);
    expect(await ticketJobs(id)).toBeGreaterThan(0);
  });

  it('takes the same notification 4 times in a row and 20 at once as one state change, one kitchen event, one set of tickets', async () => {
    const checkout = await cardCheckout();
    const id = String(checkout.order.databaseId);
    simulator().controls.sendNotifications = false;
    simulator().setStatus(id, 'completed');
    for (let i = 0; i < 4; i++) expect((await app.server.inject(notification(id))).body).toBe('OK');
    // 20 more, each freshly signed (MultiSafepay's resends carry new timestamps), at once.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => app.server.inject(notification(id, new Date(now.getTime() + (i + 1) * 1000)))));
    expect(burst.every((r) => r.statusCode === 200 && r.body === 'OK')).toBe(true);
    // The look-ups also race each other, not only run one after the other.
    await Promise.all([runner.drain(), app.payments.service!.refresh(id), app.payments.service!.refresh(id)]);
    const tickets = await ticketJobs(Number(id));
    expect(await paidEvents(Number(id))).toBe(1);
    expect((await orderRow(Number(id))).status).toBe('processing');
    const again = await Promise.all(Array.from({ length: 20 }, () => app.payments.service!.refresh(id)));
    expect(again.filter((r) => r?.changed)).toHaveLength(0);
    expect(await paidEvents(Number(id))).toBe(1);
    expect(await ticketJobs(Number(id))).toBe(tickets);
  });

  it('takes a burst of notifications together: each queued once, a copy in the same batch a replay, an unknown payment none', async () => {
    const first = String((await cardCheckout()).order.databaseId);
    const second = String((await cardCheckout()).order.databaseId);
    simulator().controls.sendNotifications = false;
    const outcomes = await recordNotifications(db(), [
      { payload: { provider: 'multisafepay', providerOrderId: first }, fingerprint: 'a' },
      { payload: { provider: 'multisafepay', providerOrderId: second }, fingerprint: 'b' },
      { payload: { provider: 'multisafepay', providerOrderId: first }, fingerprint: 'a' },
      { payload: { provider: 'multisafepay', providerOrderId: 'no-such-order' }, fingerprint: 'c' },
    ]);
    expect(outcomes).toEqual(['queued', 'queued', 'replay', 'unknown']);
    expect(await recordNotifications(db(), [{ payload: { provider: 'multisafepay', providerOrderId: second }, fingerprint: 'b' }])).toEqual(['replay']);
    const jobs = await db().select().from(t.jobs).where(eq(t.jobs.kind, 'payment-status'));
    expect(jobs.map((j) => j.payload).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { provider: 'multisafepay', providerOrderId: first },
      { provider: 'multisafepay', providerOrderId: second },
    ]);

    // Through the endpoint: the same signed notification 10 times at once is one look-up.
    const same = notification(first, new Date(now.getTime() + 5000));
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.server.inject(same)));
    expect(answers.every((r) => r.statusCode === 200 && r.body === 'OK')).toBe(true);
    expect(await lookupJobs()).toBe(3);
  });

  it('accepts notifications signed with a key the owner saved a moment ago', async () => {
    const id = String((await cardCheckout()).order.databaseId);
    simulator().controls.sendNotifications = false;
    const newKey = 'a-new-website-key-saved-in-the-dashboard';
    await db()
      .insert(t.settings)
      .values({ key: PROVIDER_SETTINGS_KEY, value: { multisafepay: { active: true, apiKey: newKey } } })
      .onConflictDoUpdate({ target: t.settings.key, set: { value: { multisafepay: { active: true, apiKey: newKey } } } });
    const body = JSON.stringify(simulator().view(id));
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const signedWith = (key: string) => ({
      method: 'POST' as const,
      url: `${NOTIFICATION_PATH}?transactionid=${id}&timestamp=${timestamp}`,
      headers: { 'content-type': 'application/json', auth: notificationAuthHeader(key, timestamp, body) },
      payload: body,
    });
    expect((await app.server.inject(signedWith(newKey))).body).toBe('OK');
    expect(await lookupJobs()).toBe(1);
    // Reading the row again on a signature that does not match lets nothing else in.
    expect((await app.server.inject(signedWith('a-key-nobody-saved'))).statusCode).toBe(403);
  });

  it('refuses forged, stale, future (over 60 s), replayed and malformed notifications and changes nothing', async () => {
    const checkout = await cardCheckout();
    const id = String(checkout.order.databaseId);
    simulator().controls.sendNotifications = false;
    simulator().setStatus(id, 'completed');
    const good = notification(id);
    const forged = {
      ...good,
      headers: { ...good.headers, auth: notificationAuthHeader('not-the-key-at-all', String(Math.floor(now.getTime() / 1000)), good.payload) },
    };
    const stale = notification(id, new Date(now.getTime() - 601_000));
    // Signed 61 s in the future: refused; 30 s ahead is clock skew and taken (below).
    const future = notification(id, new Date(now.getTime() + 61_000));
    const tampered = { ...good, payload: good.payload.replace('"amount":560', '"amount":1') };
    const missing = { ...good, headers: { 'content-type': 'application/json' } };
    const malformed = { ...good, headers: { ...good.headers, auth: '%%%' } };
    for (const request of [forged, stale, future, tampered, missing, malformed]) {
      const response = await app.server.inject(request);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await lookupJobs()).toBe(0);
    await runner.drain();
    expect((await orderRow(Number(id))).status).toBe('pending');
    // Replayed: the first is taken, the copy changes nothing.
    expect((await app.server.inject(good)).body).toBe('OK');
    expect((await app.server.inject(good)).body).toBe('OK');
    expect(await lookupJobs()).toBe(1);
    const skewed = await app.server.inject(notification(id, new Date(now.getTime() + 30_000)));
    expect(skewed.statusCode).toBe(200);
    expect(skewed.body).toBe('OK');
  });

  it('fulfils nothing when the amount paid differs: the payment goes to review', async () => {
    const checkout = await cardCheckout();
    const id = String(checkout.order.databaseId);
    simulator().controls.sendNotifications = false;
    simulator().orders.get(id)!.request.amount = 1;
    simulator().setStatus(id, 'completed');
    expect((await app.payments.service!.refresh(id))?.status).toBe('review');
    expect((await orderRow(Number(id))).status).toBe('pending');
    expect(await paidEvents(Number(id))).toBe(0);
  });

  it('declined then paid cash instead: the order goes to the kitchen as a cash order', async () => {
    const checkout = await cardCheckout('visa');
    const id = checkout.order.databaseId;
    simulator().setStatus(String(id), 'declined');
    await waitFor(() => simulator().deliveries.length > 0);
    await runner.drain();
    const key = encodeURIComponent(checkout.order.orderKey);
    expect((await app.server.inject({ method: 'GET', url: `/api/payments/orders/${id}?key=${key}` })).json()).toMatchObject({
      orderStatus: 'pending',
      payment: { status: 'failed' },
    });
    // Try again makes a second provider order (the first id cannot be reused at MultiSafepay).
    const retry = await app.server.inject({
      method: 'POST',
      url: `/api/payments/orders/${id}/pay`,
      payload: { key: checkout.order.orderKey, gateway: 'mastercard' },
    });
    expect(retry.json()).toMatchObject({ success: true });
    expect(simulator().orders.has(`${id}-2`)).toBe(true);
    const cash = await app.server.inject({ method: 'POST', url: `/api/payments/orders/${id}/cash`, payload: { key: checkout.order.orderKey } });
    expect(cash.json()).toMatchObject({ orderStatus: 'processing', paymentMethod: 'cod' });
    expect(await ticketJobs(id)).toBeGreaterThan(0);
    // A wrong key reads nothing.
    expect((await app.server.inject({ method: 'GET', url: `/api/payments/orders/${id}?key=wc_order_nope` })).statusCode).toBe(404);
  });

  it('makes one provider order when the create times out and the customer tries again', async () => {
    simulator().controls.replyDelayMs = 600;
    const checkout = await cardCheckout();
    expect(checkout.result).toBe('failure');
    expect(checkout.paymentError).toContain('Failed to create payment on MultiSafepay side.');
    expect(checkout.redirect).toContain('/confirm-payment?order=');
    const id = checkout.order.databaseId;
    expect((await orderRow(id)).status).toBe('pending');
    simulator().controls.replyDelayMs = 0;
    const retry = await app.server.inject({
      method: 'POST',
      url: `/api/payments/orders/${id}/pay`,
      payload: { key: checkout.order.orderKey, gateway: 'bancontact' },
    });
    expect(retry.json()).toMatchObject({ success: true, paymentUrl: expect.stringContaining('/simulators/multisafepay/pay/') });
    expect([...simulator().orders.keys()].filter((k) => k.startsWith(String(id)))).toEqual([String(id)]);
  });

  it('pays every paid order within 15 minutes through reconciliation after an hour without notifications', async () => {
    simulator().controls.sendNotifications = false;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await cardCheckout()).order.databaseId);
    // Paid at the provider, but the notification endpoint is down for an hour.
    for (const id of ids) simulator().setStatus(String(id), 'completed');
    const start = now.getTime();
    // Reconciliation keeps running on its schedule while the hour passes (its look-ups fail too, at first).
    simulator().controls.failNext = 1_000_000;
    for (let minute = 0; minute <= 60; minute++) {
      now = new Date(start + minute * 60_000);
      await app.payments.service!.reconcile();
    }
    expect((await orderRow(ids[0]!)).status).toBe('pending');
    simulator().controls.failNext = 0;
    const back = now.getTime();
    let paidAt: number | undefined;
    for (let second = 0; second <= 15 * 60; second += 30) {
      now = new Date(back + second * 1000);
      await app.payments.service!.reconcile();
      const rows = await db()
        .select()
        .from(t.orders)
        .where(and(eq(t.orders.status, 'processing')));
      if (ids.every((id) => rows.some((r) => r.id === id))) {
        paidAt = second;
        break;
      }
    }
    expect(paidAt).toBeDefined();
    expect(paidAt!).toBeLessThanOrEqual(15 * 60);
    for (const id of ids) expect(await paidEvents(id)).toBe(1);
  });

  it('cancels an order still unpaid at the cut-off and frees its slot place; a late payment goes to review', async () => {
    simulator().controls.sendNotifications = false;
    const checkout = await cardCheckout();
    const id = checkout.order.databaseId;
    const order = await orderRow(id);
    now = new Date(order.slotStart!.getTime() - 9 * 60_000);
    const result = await app.payments.service!.reconcile();
    expect(result.cancelled).toBe(1);
    expect((await orderRow(id)).status).toBe('cancelled');
    simulator().setStatus(String(id), 'completed');
    expect((await app.payments.service!.refresh(String(id)))?.status).toBe('review');
    expect((await orderRow(id)).status).toBe('cancelled');
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
