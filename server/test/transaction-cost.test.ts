import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Figures, PaymentSurchargesView } from '@bakje/contract';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { JobRunner } from '../src/jobs/job-runner.js';
import { createLogger } from '../src/logger.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { readOrderFor } from '../src/modules/orders/order-read.js';
import { PAYMENT_SURCHARGES_ENTITY } from '../src/modules/payments/payment-surcharges.js';
import { customerTicket } from '../src/modules/printing/tickets.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { aShopTakingOrders, takeawayCheckout, countAsLive, DAY, NOW } from './support/orders.js';
import { TEST_PEPPER, cartSession, catalogCaughtUp, startTestApp } from './support/server.js';
import { waitFor } from './support/wait.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const ADD = `mutation($productId: Int!) { addToCart(input: {productId: $productId, quantity: 2}) { cart { isEmpty } } }`;
const CART = `query($method: String) {
  cart(paymentMethod: $method) {
    total(format: RAW) totalTax(format: RAW) vatLines { rate tax total }
    fees { id name amount(format: RAW) total(format: RAW) tax(format: RAW) taxClass taxable vatRate }
  }
}`;
const CHECKOUT = `mutation($input: CheckoutInput!) {
  checkout(input: $input) {
    result redirect
    order { databaseId orderKey total(format: RAW) transactionCost { name total(format: RAW) tax(format: RAW) vatRate } }
  }
}`;
const URL = '/api/settings/payment-surcharges';

const none = { fixed: 0, percent: 0, vatRate: 21, label: '' };

describe.each(databaseKinds)('transaction cost per payment method on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  let admin: Browser;
  let writer: CreatedApiKey;
  let runner: JobRunner;
  const db = () => testDb.database.db;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(db()));
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false' }, () => NOW);
    runner = new JobRunner(db(), testDb.database, app.jobs.handlers, createLogger('silent'), { concurrency: 4, pollMs: 1000, leaseMs: 5000 });
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    admin = new Browser(() => app);
    await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' });
    writer = await new ApiKeyService(db(), () => TEST_PEPPER).create({ scope: 'read_write' });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  /** A shopper with 2 frikandel (2 × 2.80 at 6 %) in the cart. */
  async function shopper() {
    const call = cartSession(() => app);
    await call(ADD, { productId });
    return call;
  }

  const checkout = (call: ReturnType<typeof cartSession>, paymentMethod: string) =>
    takeawayCheckout(call, CHECKOUT, paymentMethod, [
      // A client's own idea of the cost is never read: the server computes it from the method.
      { key: 'transaction_cost', value: '0.00' },
    ]);

  it('has none by default; refuses bad input naming each field and saves nothing; is for settings.manage only; logs a change', async () => {
    const initial = (await admin.request('GET', URL)).json() as PaymentSurchargesView;
    expect(Object.keys(initial.methods)).toEqual(expect.arrayContaining(['cod', 'bancontact', 'visa', 'stripe', 'kiosk_terminal', 'kiosk_counter']));
    expect(Object.values(initial.methods).every((m) => m.fixed === 0 && m.percent === 0 && m.vatRate === 21 && m.label === '')).toBe(true);
    expect((await (await shopper())(CART, { method: 'cod' })).data.cart.fees).toEqual([]);

    const refused = await admin.request('PUT', URL, {
      methods: { cod: { fixed: -1, percent: 101, vatRate: 7, label: 'x'.repeat(61) }, visa: { percent: 1.234 }, giftcard: none },
    });
    expect(refused.statusCode).toBe(400);
    const fields = (refused.json() as { code: string; data: { fields: { field: string }[] } }).data.fields.map((f) => f.field);
    expect(refused.json()).toMatchObject({ code: 'INVALID_INPUT' });
    expect(fields.sort()).toEqual([
      'methods.cod.fixed',
      'methods.cod.label',
      'methods.cod.percent',
      'methods.cod.vatRate',
      'methods.giftcard',
      'methods.visa.percent',
    ]);
    expect(await db().select().from(t.settings).where(eq(t.settings.key, 'payment-surcharges'))).toEqual([]);

    const body = { methods: { cod: { ...none, fixed: 25 }, bancontact: { fixed: 0, percent: 1.5, vatRate: 21, label: 'Kaartkosten' } } };
    expect((await new Browser(() => app).request('PUT', URL, body)).statusCode).toBe(401);
    const saved = await admin.request('PUT', URL, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json() as PaymentSurchargesView;
    expect(view.methods.cod).toEqual({ ...none, fixed: 25 });
    expect(view.methods.bancontact).toEqual({ fixed: 0, percent: 1.5, vatRate: 21, label: 'Kaartkosten' });
    expect(view.methods.visa).toEqual(none);
    expect((await admin.request('GET', URL)).json()).toEqual(view);
    const [change] = await db()
      .select()
      .from(t.catalogChanges)
      .where(and(eq(t.catalogChanges.entityType, PAYMENT_SURCHARGES_ENTITY), eq(t.catalogChanges.action, 'update')));
    expect(change?.changes).toMatchObject({ 'cod.fixed': { before: 0, after: 25 }, 'bancontact.percent': { before: 0, after: 1.5 } });
    await catalogCaughtUp(app, testDb.database);
  });

  it("prices the cart's fee for the method asked for, in the totals and VAT lines; none without a method", async () => {
    const call = await shopper();
    const cash = (await call(CART, { method: 'cod' })).data.cart;
    expect(cash.fees).toEqual([
      { id: 'transaction-cost:cod', name: 'Transactiekosten', amount: '0.25', total: '0.25', tax: '0.04', taxClass: '21', taxable: true, vatRate: 21 },
    ]);
    expect(cash.total).toBe('5.85');
    // 5.60 at 6 % (0.32 VAT) and 0.25 at 21 % (0.04 VAT).
    expect(cash.vatLines).toEqual([
      { rate: 6, tax: '0.32', total: '5.60' },
      { rate: 21, tax: '0.04', total: '0.25' },
    ]);
    expect(cash.totalTax).toBe('0.36');
    // 1.5 % of 5.60 = 0.084, rounded to the cent.
    const card = (await call(CART, { method: 'bancontact' })).data.cart;
    expect(card.fees).toMatchObject([{ name: 'Kaartkosten', total: '0.08' }]);
    expect(card.total).toBe('5.68');
    for (const method of ['visa', null, 'nonsense']) {
      const plain = (await call(CART, { method })).data.cart;
      expect(plain.fees, String(method)).toEqual([]);
      expect(plain.total).toBe('5.60');
    }
    // The default label is in the shopper's language.
    const fr = await graphqlIn('fr_FR');
    expect(fr.fees[0].name).toBe('Frais de transaction');
  });

  /** The cart as a French shopper sees it (x-bakje-locale). */
  async function graphqlIn(locale: string) {
    const response = await app.server.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-bakje-locale': locale },
      payload: JSON.stringify({ query: `mutation { addToCart(input: {productId: ${productId}, quantity: 2}) { cart { isEmpty } } }` }),
    });
    const token = response.headers['woocommerce-session'] as string;
    const cart = await app.server.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-bakje-locale': locale, 'woocommerce-session': `Session ${token}` },
      payload: JSON.stringify({ query: CART, variables: { method: 'cod' } }),
    });
    return cart.json().data.cart;
  }

  it('a cash order stores it in its total and VAT; REST fee_lines, the ticket and the day’s figures show it', async () => {
    const placed = await checkout(await shopper(), 'cod');
    expect(placed.order.total).toBe('5.85');
    expect(placed.order.transactionCost).toEqual({ name: 'Transactiekosten', total: '0.25', tax: '0.04', vatRate: 21 });
    const id = placed.order.databaseId as number;
    const [row] = await db().select().from(t.orders).where(eq(t.orders.id, id));
    expect(row).toMatchObject({ total: 585, totalTax: 36, transactionCost: { label: '', total: 25, tax: 4, vatRate: 21 } });
    expect(row!.vatLines).toEqual([
      { rate: 6, tax: 32, total: 560 },
      { rate: 21, tax: 4, total: 25 },
    ]);

    const rest = await app.server.inject({
      method: 'GET',
      url: `/wp-json/wc/v3/orders/${id}`,
      headers: { authorization: `Basic ${Buffer.from(`${writer.consumerKey}:${writer.consumerSecret}`).toString('base64')}` },
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({
      total: '5.85',
      total_tax: '0.36',
      fee_lines: [{ id: 1, name: 'Transactiekosten', tax_class: '21', tax_status: 'taxable', total: '0.25', total_tax: '0.04' }],
    });

    const order = (await readOrderFor(db(), id, { staff: true }))!;
    const lines = customerTicket(order, { seller: { name: 'Bakje', address: [], vatNumber: '' }, timeZone: 'Europe/Brussels', reference: 'r' }).lines;
    expect(lines.find((l) => l.startsWith('Transactiekosten'))).toMatch(/^Transactiekosten +0,25$/);
    expect(lines.find((l) => l.includes('Totaal'))).toMatch(/EUR 5,85$/);
    expect(lines.find((l) => l.includes('BTW 21%'))).toMatch(/incl\. BTW 21% op 0,25 +0,04$/);

    const staff = (await admin.request('GET', `/api/orders/${id}`)).json() as { transactionCost: unknown };
    expect(staff.transactionCost).toEqual({ label: '', total: 25, tax: 4, vatRate: 21 });

    await countAsLive(testDb.database.db);
    const figures = (await admin.request('GET', `/api/figures?from=${DAY}&to=${DAY}`)).json() as Figures;
    expect(figures.vat).toEqual([
      { rate: 6, gross: 560, tax: 32, net: 528 },
      { rate: 21, gross: 25, tax: 4, net: 21 },
    ]);
    expect(figures).toMatchObject({ orders: 1, gross: 585, tax: 36 });
    const csv = (await admin.request('GET', `/api/figures.csv?from=${DAY}`)).rawPayload.subarray(3).toString('utf8');
    expect(csv).toContain('21;0,21;0,04;0,25\r\n');
  });

  it('a Bancontact order through the MultiSafepay simulator is paid for the total with its surcharge', async () => {
    const placed = await checkout(await shopper(), 'bancontact');
    expect(placed.result).toBe('success');
    expect(placed.order.total).toBe('5.68');
    expect(placed.order.transactionCost).toMatchObject({ name: 'Kaartkosten', total: '0.08' });
    const id = placed.order.databaseId as number;
    expect(app.payments.simulator!.orders.get(String(id))!.request).toMatchObject({ amount: 568, currency: 'EUR' });
    const sessionId = (placed.redirect as string).split('/').pop();
    const page = await app.server.inject({
      method: 'POST',
      url: `/simulators/multisafepay/pay/${sessionId}`,
      payload: 'scenario=completed',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(303);
    await waitFor('the completed notification', async () => app.payments.simulator!.deliveries.some((d) => d.ok && d.status === 'completed'));
    await runner.drain();
    // Paid in full: the amount check passed (a different amount would have gone to review).
    const [row] = await db().select().from(t.orders).where(eq(t.orders.id, id));
    expect(row).toMatchObject({ status: 'processing', total: 568 });
    const [payment] = await db().select().from(t.payments).where(eq(t.payments.orderId, id));
    expect(payment).toMatchObject({ status: 'paid', amount: 568 });
  });

  it('a Bancontact order paid cash instead takes the cash surcharge instead of the card one', async () => {
    const placed = await checkout(await shopper(), 'bancontact');
    expect(placed.order.total).toBe('5.68');
    const id = placed.order.databaseId as number;
    const cash = await app.server.inject({
      method: 'POST',
      url: `/api/payments/orders/${id}/cash`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ key: placed.order.orderKey }),
    });
    expect(cash.statusCode, cash.body).toBe(200);
    const [row] = await db().select().from(t.orders).where(eq(t.orders.id, id));
    expect(row).toMatchObject({
      status: 'processing',
      paymentMethod: 'cod',
      total: 585,
      totalTax: 36,
      transactionCost: { label: '', total: 25, tax: 4, vatRate: 21 },
    });
    expect(row!.vatLines).toEqual([
      { rate: 6, tax: 32, total: 560 },
      { rate: 21, tax: 4, total: 25 },
    ]);
  });
});
