import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvidersView } from '@bakje/contract';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { MSP_BASE_URLS, MSP_SIMULATOR_API_KEY, MSP_SIMULATOR_PATH, STRIPE_BASE_URL, STRIPE_SIMULATOR_SECRET_KEY } from '../src/config.js';
import type { FetchLike } from '../src/integrations/multisafepay/multisafepay-client.js';
import { injectFetch } from '../src/integrations/multisafepay/multisafepay-simulator.js';
import { STRIPE_SIMULATOR_PATH } from '../src/integrations/stripe/stripe-simulator.js';
import { createAccount } from '../src/modules/auth/accounts.js';
import { PROVIDER_SETTINGS_ENTITY, PROVIDER_SETTINGS_KEY } from '../src/modules/payments/provider-settings.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { aShopTakingOrders, DAY } from './support/orders.js';
import { catalogCaughtUp, graphql, startTestApp } from './support/server.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const PASSWORD = 'Goed wachtwoord 42';
const URL = '/api/settings/payment-providers';
const GATEWAYS = `query { paymentGateways(channel: "web") { nodes { id } } }`;
const STRIPE_CHECKOUT = `query { stripeCheckout { publishableKey jsUrl } }`;
const ADD = `mutation($productId: Int!) { addToCart(input: {productId: $productId, quantity: 2}) { cart { isEmpty } } }`;
const SLOTS = `query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id } }`;
const INTENT = `query { stripePaymentIntent { id clientSecret amount } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { result order { databaseId orderKey status isPaid } } }`;
const BILLING = {
  firstName: 'An',
  lastName: 'Peeters',
  phone: '0470 12 34 56',
  email: 'an@example.be',
  address1: 'Veldstraat 1',
  city: 'Gent',
  postcode: '9000',
};

describe.each(databaseKinds)('payment provider settings and Stripe reconciliation on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  let now = new Date('2026-11-21T09:00:00Z');
  /** Every address the app called at a provider's real API (tests have no internet: the simulators answer). */
  const called: string[] = [];
  const providerFetch: FetchLike = (url, init) => {
    called.push(url);
    const target = url
      .replace(MSP_BASE_URLS.test, MSP_SIMULATOR_PATH)
      .replace(MSP_BASE_URLS.live, MSP_SIMULATOR_PATH)
      .replace(STRIPE_BASE_URL, STRIPE_SIMULATOR_PATH);
    return injectFetch(app.server)(target, init);
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(testDb.database.db));
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false' }, () => now, { providerFetch });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  let accounts = 0;
  const staff: Record<string, number> = {};
  async function as(role: 'kitchen' | 'manager' | 'admin') {
    const email = `${role}-${++accounts}@example.be`;
    const account = await createAccount(testDb.database.db, { email, password: PASSWORD, role });
    staff[email] = account.id;
    const browser = new Browser(() => app);
    expect((await browser.graphql(LOGIN, { u: email, p: PASSWORD })).body.errors).toBeUndefined();
    return browser;
  }
  const view = async (browser: Browser) => (await browser.request('GET', URL)).json() as PaymentProvidersView;
  const stored = async () => (await testDb.database.db.select().from(t.settings).where(eq(t.settings.key, PROVIDER_SETTINGS_KEY)))[0]?.value;

  it('is for settings.manage: the kitchen is refused; the defaults are the environment (here the simulators)', async () => {
    const kitchen = await as('kitchen');
    expect((await kitchen.request('GET', URL)).statusCode).toBe(403);
    expect((await kitchen.request('PUT', URL, { environment: 'live' })).statusCode).toBe(403);
    expect((await new Browser(() => app).request('GET', URL)).statusCode).toBe(401);
    expect(await stored()).toBeUndefined();
    const manager = await as('manager');
    expect(await view(manager)).toEqual({
      environment: 'test',
      multisafepay: { active: true, apiKey: { set: false, last4: '' }, source: 'simulator', ready: true, baseUrl: MSP_SIMULATOR_PATH },
      stripe: {
        active: false,
        secretKey: { set: false, last4: '' },
        publishableKey: { set: false, last4: '' },
        webhookSecret: { set: false, last4: '' },
        source: 'simulator',
        ready: false,
      },
    });
  });

  it('keeps keys write-only: answers show "set" and the last 4 characters, never the key; null removes a key', async () => {
    const admin = await as('admin');
    const saved = await admin.request('PUT', URL, { multisafepay: { apiKey: `  ${MSP_SIMULATOR_API_KEY}  ` } });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(MSP_SIMULATOR_API_KEY);
    expect(saved.json().multisafepay).toEqual({
      active: true,
      apiKey: { set: true, last4: MSP_SIMULATOR_API_KEY.slice(-4) },
      source: 'settings',
      ready: true,
      baseUrl: MSP_BASE_URLS.test,
    });
    const read = await admin.request('GET', URL);
    expect(read.body).not.toContain(MSP_SIMULATOR_API_KEY);
    // Saving something else keeps the key.
    expect((await admin.request('PUT', URL, { environment: 'test' })).json().multisafepay.apiKey.set).toBe(true);
    expect((await stored()) as { multisafepay: { apiKey: string } }).toMatchObject({ multisafepay: { apiKey: MSP_SIMULATOR_API_KEY } });

    // The change log says who changed what, with keys masked.
    const changes = await testDb.database.db
      .select()
      .from(t.catalogChanges)
      .where(and(eq(t.catalogChanges.entityType, PROVIDER_SETTINGS_ENTITY), eq(t.catalogChanges.actorType, 'staff')));
    expect(changes.length).toBeGreaterThanOrEqual(1);
    expect(changes[0]!.changes).toEqual({ 'multisafepay.apiKey': { before: null, after: `…${MSP_SIMULATOR_API_KEY.slice(-4)}` } });
    expect(changes[0]!.actorId).toBeGreaterThan(0);
    expect(JSON.stringify(changes)).not.toContain(MSP_SIMULATOR_API_KEY);

    const removed = await admin.request('PUT', URL, { multisafepay: { apiKey: null } });
    expect(removed.json().multisafepay).toMatchObject({ apiKey: { set: false, last4: '' }, source: 'simulator', baseUrl: MSP_SIMULATOR_PATH });
  });

  it('calls the environment base URL of the stored key, and a changed key or environment applies at once (no restart)', async () => {
    const admin = await as('admin');
    const msp = app.payments.service!.provider;
    await admin.request('PUT', URL, { multisafepay: { apiKey: MSP_SIMULATOR_API_KEY }, environment: 'test' });
    called.length = 0;
    expect(await msp.find('no-such-order')).toMatchObject({ success: false, notFound: true });
    expect(called).toEqual([`${MSP_BASE_URLS.test}/orders/no-such-order`]);

    await admin.request('PUT', URL, { environment: 'live' });
    expect(await msp.find('no-such-order')).toMatchObject({ success: false, notFound: true });
    expect(called.at(-1)).toBe(`${MSP_BASE_URLS.live}/orders/no-such-order`);

    // Another key: the next call already carries it (the simulator knows only its own and refuses it).
    await admin.request('PUT', URL, { multisafepay: { apiKey: 'another-msp-key-1234' } });
    const refused = await msp.find('no-such-order');
    expect(refused.success).toBe(false);
    expect(refused).not.toMatchObject({ notFound: true });
    await admin.request('PUT', URL, { multisafepay: { apiKey: null }, environment: 'test' });
    called.length = 0;
    expect(await msp.find('no-such-order')).toMatchObject({ success: false, notFound: true });
    // Back on the environment's default: the simulator, in process.
    expect(called).toEqual([]);

    // Stripe the same: a stored secret key goes to api.stripe.com.
    await admin.request('PUT', URL, { stripe: { secretKey: 'sk_test_notTheSimulatorKey42' } });
    const stripe = app.payments.stripe!.service.provider;
    const wrong = await stripe.find('pi_unknown');
    expect(wrong).toMatchObject({ success: false, code: 'invalid_request_error' });
    expect(called.at(-1)).toBe(`${STRIPE_BASE_URL}/payment_intents/pi_unknown?expand%5B%5D=latest_charge`);
    await admin.request('PUT', URL, { stripe: { secretKey: STRIPE_SIMULATOR_SECRET_KEY } });
    expect(await stripe.find('pi_unknown')).toMatchObject({ success: false, notFound: true });
    await admin.request('PUT', URL, { stripe: { secretKey: null } });
  });

  it('refuses bad input naming the fields, and changes nothing', async () => {
    const admin = await as('admin');
    const before = await stored();
    const cases: [unknown, string][] = [
      [{ environment: 'production' }, 'environment'],
      [{ multisafepay: { apiKey: 'short' } }, 'multisafepay.apiKey'],
      [{ multisafepay: { apiKey: 'has spaces inside it' } }, 'multisafepay.apiKey'],
      [{ multisafepay: { active: 'yes' } }, 'multisafepay.active'],
      [{ stripe: { secretKey: 'pk_test_abcdefgh1234' } }, 'stripe.secretKey'],
      [{ stripe: { publishableKey: 'sk_test_abcdefgh1234' } }, 'stripe.publishableKey'],
      [{ stripe: { webhookSecret: 'secret' } }, 'stripe.webhookSecret'],
      // A live key in the test environment.
      [{ stripe: { secretKey: 'sk_live_abcdefgh1234' } }, 'stripe.secretKey'],
      [{ stripe: { active: true, secretKey: 'sk_test_abcdefgh1234' } }, 'stripe.publishableKey'],
      [{ paypal: { apiKey: 'abcdefgh1234' } }, 'paypal'],
      [{ stripe: { apiKey: 'abcdefgh1234' } }, 'stripe.apiKey'],
      ['not an object', 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.request('PUT', URL, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ code: 'PAYMENT_PROVIDERS_INVALID' });
      expect((response.json() as { data: { fields: { field: string }[] } }).data.fields.map((f) => f.field)).toContain(field);
    }
    expect(await stored()).toEqual(before);
  });

  it('offers Stripe on the web checkout only while the owner has it on; the checklist follows', async () => {
    const admin = await as('admin');
    const ids = async () => ((await graphql(app, GATEWAYS)).body.data.paymentGateways.nodes as { id: string }[]).map((g) => g.id);
    const checklist = async () =>
      ((await admin.request('GET', '/api/settings/setup')).json() as { steps: { id: string; detail: string | null }[] }).steps.find((s) => s.id === 'payments');
    expect(await ids()).not.toContain('stripe');
    expect((await graphql(app, STRIPE_CHECKOUT)).body.data.stripeCheckout).toBeNull();

    expect((await admin.request('PUT', URL, { stripe: { active: true } })).json().stripe).toMatchObject({ active: true, ready: true, source: 'simulator' });
    await catalogCaughtUp(app, testDb.database);
    expect(await ids()).toContain('stripe');
    expect(
      (
        await graphql(
          app,
          `
            query {
              paymentGateways(channel: "kiosk") {
                nodes {
                  id
                }
              }
            }
          `,
        )
      ).body.data.paymentGateways.nodes,
    ).not.toContainEqual({
      id: 'stripe',
    });
    expect((await graphql(app, STRIPE_CHECKOUT)).body.data.stripeCheckout).toEqual({
      publishableKey: 'pk_test_simulatorNotASecret',
      jsUrl: '/simulators/stripe/js/v3',
    });
    // The simulator's Stripe.js is this site's: the policy stays script-src 'self'.
    const page = await app.server.inject('/');
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self';/);
    const script = await app.server.inject('/simulators/stripe/js/v3');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('confirmCardPayment');

    // MultiSafepay off: its methods go, Stripe stays; the checklist still counts Stripe, on its simulator
    // (docs/decisions/0070-test-and-live-mode.md: a simulator takes no money, so the step is not done).
    await admin.request('PUT', URL, { multisafepay: { active: false } });
    await catalogCaughtUp(app, testDb.database);
    expect((await ids()).filter((id) => id !== 'cod')).toEqual(['stripe']);
    expect((await checklist())?.detail).toBe('simulator');
    await admin.request('PUT', URL, { stripe: { active: false } });
    await catalogCaughtUp(app, testDb.database);
    expect(await ids()).toEqual(['cod']);
    expect((await checklist())?.detail).toBe('cashOnly');
    expect((await graphql(app, INTENT)).body.errors[0].extensions.code).toBe('STRIPE_NOT_CONFIGURED');
    await admin.request('PUT', URL, { multisafepay: { active: true } });
    await catalogCaughtUp(app, testDb.database);
    expect((await checklist())?.detail).toBe('simulator');

    // Real Stripe keys: the page loads Stripe.js from js.stripe.com, and the policy allows that origin only.
    const real = await admin.request('PUT', URL, { stripe: { active: true, secretKey: 'sk_test_realLooking1234', publishableKey: 'pk_test_realLooking5678' } });
    expect(real.json().stripe).toMatchObject({ ready: true, source: 'settings', publishableKey: { set: true, last4: '5678' } });
    await catalogCaughtUp(app, testDb.database);
    expect((await graphql(app, STRIPE_CHECKOUT)).body.data.stripeCheckout).toEqual({
      publishableKey: 'pk_test_realLooking5678',
      jsUrl: 'https://js.stripe.com/v3',
    });
    const csp = String((await app.server.inject('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com;");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com;");
    await admin.request('PUT', URL, { stripe: { active: false, secretKey: null, publishableKey: null } });
    await catalogCaughtUp(app, testDb.database);
    expect(String((await app.server.inject('/')).headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('reconciles a pending Stripe order like a MultiSafepay one, and the payment page reads it', async () => {
    const admin = await as('admin');
    await admin.request('PUT', URL, { stripe: { active: true } });
    await catalogCaughtUp(app, testDb.database);
    let token: string | undefined;
    const call = async (query: string, variables?: Record<string, unknown>) => {
      const response = await graphql(app, query, variables, token ? { 'woocommerce-session': `Session ${token}` } : {});
      if (typeof response.headers['woocommerce-session'] === 'string') token = response.headers['woocommerce-session'];
      if (response.body.errors) throw new Error(JSON.stringify(response.body.errors));
      return response.body.data;
    };
    await call(ADD, { productId });
    const slot = (await call(SLOTS)).availableTimeSlots[0].id as string;
    const intent = (await call(INTENT)).stripePaymentIntent.id as string;
    // The customer's card is confirmed, but the order is placed before Stripe says so (isPaid: false) and
    // the webhook is lost: reconciliation must find the money.
    const placed = (
      await call(CHECKOUT, {
        input: {
          paymentMethod: 'stripe',
          isPaid: false,
          transactionId: intent,
          billing: BILLING,
          metaData: [
            { key: 'fulfilment_type', value: 'takeaway' },
            { key: 'time_slot', value: slot },
          ],
        },
      })
    ).checkout.order as { databaseId: number; orderKey: string; status: string };
    expect(placed.status).toBe('PENDING');
    const [payment] = await testDb.database.db.select().from(t.payments).where(eq(t.payments.providerOrderId, intent));
    expect(payment).toMatchObject({ provider: 'stripe', status: 'pending' });
    expect(payment!.nextCheckAt).not.toBeNull();

    // The confirmation page asks while it is pending: the look-up goes to Stripe, not to MultiSafepay.
    const state = await app.server.inject(`/api/payments/orders/${placed.databaseId}?key=${encodeURIComponent(placed.orderKey)}`);
    expect(state.json()).toMatchObject({ paid: false, payment: { status: 'pending', gateway: 'stripe' } });
    const lookups = await testDb.database.db
      .select()
      .from(t.jobs)
      .where(eq(t.jobs.lane, `payment:${intent}`));
    expect(lookups.map((j) => (j.payload as { provider: string }).provider)).toEqual(['stripe']);

    await app.payments.stripeSimulator!.succeed(intent, { webhook: false });
    // Not due yet: nothing looked up.
    expect(await app.payments.service!.reconcile([app.payments.service!, app.payments.stripe!.service])).toMatchObject({ checked: 0 });
    now = new Date(now.getTime() + 31_000);
    expect(await app.payments.service!.reconcile([app.payments.service!, app.payments.stripe!.service])).toMatchObject({ checked: 1 });
    const [order] = await testDb.database.db.select().from(t.orders).where(eq(t.orders.id, placed.databaseId));
    expect(order).toMatchObject({ status: 'processing', transactionId: intent });
    expect(order!.datePaid).not.toBeNull();
    const after = await app.server.inject(`/api/payments/orders/${placed.databaseId}?key=${encodeURIComponent(placed.orderKey)}`);
    expect(after.json()).toMatchObject({ paid: true, payment: { status: 'paid', gateway: 'stripe' } });
    const [done] = await testDb.database.db.select().from(t.payments).where(eq(t.payments.providerOrderId, intent));
    expect(done).toMatchObject({ status: 'paid', nextCheckAt: null });
  });
});
