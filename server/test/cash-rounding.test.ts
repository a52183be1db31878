import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASH_METHODS, cashRoundingFor, cashRoundingOf, type Figures, type StaffOrderDetails } from '@bakje/contract';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { moveOrder, type OrderMove } from '../src/modules/orders/lifecycle.js';
import { readOrderFor } from '../src/modules/orders/order-read.js';
import { customerTicket } from '../src/modules/printing/tickets.js';
import { aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { fuzzOptions } from './support/fuzz-depth.js';
import { aShopTakingOrders, takeawayCheckout, anOrder, countAsLive, DAY, NOW } from './support/orders.js';
import { TEST_PEPPER, cartSession, catalogCaughtUp, startTestApp } from './support/server.js';

/**
 * Cash rounding (docs/decisions/0080-cash-rounding.md): a cash total is rounded to the nearest 5 cents, a card
 * total never; the VAT stays the unrounded amounts'; the rounding is a line of its own on the order, the ticket,
 * the store APIs and the day's figures.
 */

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { isEmpty } } }`;
const CART = `query($method: String) {
  cart(paymentMethod: $method) {
    total(format: RAW) totalTax(format: RAW) cashRounding(format: RAW) vatLines { rate tax total }
    fees { id name total(format: RAW) tax(format: RAW) taxClass taxable }
  }
}`;
const CHECKOUT = `mutation($input: CheckoutInput!) {
  checkout(input: $input) {
    result
    order {
      databaseId orderKey total(format: RAW) totalTax(format: RAW) cashRounding(format: RAW)
      feeLines { nodes { name taxClass taxStatus amount total totalTax } }
    }
  }
}`;

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('cash rounding to 5 cents', () => {
  it('rounds 1-2 cents down, 3-7 to 5, 8-9 up: never more than 2 cents off', () => {
    const expected = [0, -1, -2, 2, 1, 0, -1, -2, 2, 1];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (amount) => {
        const rounding = cashRoundingOf(amount);
        expect(Math.abs(rounding)).toBeLessThanOrEqual(2);
        expect((amount + rounding) % 5).toBe(0);
        expect(rounding).toBe(expected[amount % 10]);
      }),
      { numRuns: 2000 },
    );
    expect([1231, 1232, 1233, 1234, 1235, 1236, 1237, 1238, 1239, 1240].map((c) => c + cashRoundingOf(c))).toEqual([
      1230, 1230, 1235, 1235, 1235, 1235, 1235, 1240, 1240, 1240,
    ]);
  });

  it('only for a cash method and more than 5 cents to pay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1_000_000 }),
        fc.constantFrom(...CASH_METHODS, 'bancontact', 'visa', 'stripe', 'kiosk_terminal', 'counter_card', ''),
        (amount, method) => {
          const rounding = cashRoundingFor(method, amount);
          if (!CASH_METHODS.includes(method) || amount <= 5) expect(rounding).toBe(0);
          else expect(rounding).toBe(cashRoundingOf(amount));
        },
      ),
      { numRuns: 1000 },
    );
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((c) => c + cashRoundingFor('cod', c))).toEqual([1, 2, 3, 4, 5, 5, 5, 10]);
  });
});

describe.each(databaseKinds)('cash rounding on orders on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let admin: Browser;
  let writer: CreatedApiKey;
  /** Prices that end in every last digit, at the three VAT rates. */
  const products: { id: number; price: number }[] = [];
  let fries: number;
  let bitterballen: number;
  const db = () => testDb.database.db;
  const rest = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.server.inject({
      method,
      url: `/wp-json/wc/v3/${url}`,
      headers: {
        authorization: `Basic ${Buffer.from(`${writer.consumerKey}:${writer.consumerSecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const row = async (id: number) => (await db().select().from(t.orders).where(eq(t.orders.id, id)))[0]!;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    await aShopTakingOrders(db());
    const prices: [number, number][] = [
      [101, 6],
      [237, 12],
      [349, 21],
      [99, 6],
      [443, 6],
      [1257, 21],
      [280, 6],
    ];
    for (const [price, rate] of prices) {
      const row = await aProduct(db(), { regularPrice: price, vatRateTakeaway: rate, vatRateOnSite: rate });
      products.push({ id: row.id, price });
    }
    fries = products[5]!.id;
    bitterballen = products[0]!.id;
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false' }, () => NOW);
    await catalogCaughtUp(app, testDb.database);
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    admin = new Browser(() => app);
    await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' });
    writer = await new ApiKeyService(db(), () => TEST_PEPPER).create({ scope: 'read_write' });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  /** A shopper with these lines (product id, quantity) in the cart. */
  async function shopper(lines: [number, number][]) {
    const call = cartSession(() => app);
    for (const [productId, quantity] of lines) expect((await call(ADD, { productId, quantity })).errors).toBeUndefined();
    return call;
  }

  const checkout = (call: ReturnType<typeof cartSession>, paymentMethod: string) => takeawayCheckout(call, CHECKOUT, paymentMethod);

  it('random carts: a cash order is rounded to 5 cents, at most 2 cents off, as its cart showed; a card order to the cent; VAT unchanged', async () => {
    const line = fc.tuple(fc.integer({ min: 0, max: products.length - 1 }), fc.integer({ min: 1, max: 5 }));
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 4 }), fc.constantFrom('cod', 'bancontact'), async (lines, method) => {
        const call = await shopper(lines.map(([i, quantity]) => [products[i]!.id, quantity]));
        const plain = (await call(CART, { method: null })).data.cart;
        const shown = (await call(CART, { method })).data.cart;
        const placed = await checkout(call, method);
        const order = await row(placed.order.databaseId);
        const unrounded = cents(plain.total);
        const cash = method === 'cod';
        expect(Math.abs(order.total - unrounded)).toBeLessThanOrEqual(2);
        expect(order.cashRounding).toBe(order.total - unrounded);
        if (cash) expect(order.total % 5).toBe(0);
        else expect(order.total).toBe(unrounded);
        // VAT is the unrounded amounts', whatever the method.
        expect(order.totalTax).toBe(cents(plain.totalTax));
        expect(order.vatLines.map((v) => ({ rate: v.rate, tax: (v.tax / 100).toFixed(2), total: (v.total / 100).toFixed(2) }))).toEqual(plain.vatLines);
        expect(cents(shown.totalTax)).toBe(order.totalTax);
        // What the checkout showed for the method is what the order charges, the rounding as a fee of its own.
        expect(cents(shown.total)).toBe(order.total);
        expect(cents(shown.cashRounding)).toBe(order.cashRounding);
        expect(cents(placed.order.cashRounding)).toBe(order.cashRounding);
        const fee = shown.fees.find((f: { id: string }) => f.id === 'cash-rounding');
        if (order.cashRounding === 0) expect(fee).toBeUndefined();
        else expect(fee).toEqual({ id: 'cash-rounding', name: 'Afronding', total: shown.cashRounding, tax: '0.00', taxClass: '0', taxable: false });
      }),
      fuzzOptions(100),
    );
  });

  it('a cash order: rounded up to 13.60 with a line "Afronding" in GraphQL, REST, the ticket and the orders page; VAT on 13.58', async () => {
    // 12.57 at 21 % (2.18 VAT) + 1.01 at 6 % (0.06 VAT) = 13.58: cash pays 13.60.
    const call = await shopper([
      [fries, 1],
      [bitterballen, 1],
    ]);
    const placed = await checkout(call, 'cod');
    expect(placed.order).toMatchObject({
      total: '13.60',
      totalTax: '2.24',
      cashRounding: '0.02',
      feeLines: { nodes: [{ name: 'Afronding', taxClass: '0', taxStatus: 'NONE', amount: '0.02', total: '0.02', totalTax: '0.00' }] },
    });
    const id = placed.order.databaseId as number;
    expect(await row(id)).toMatchObject({
      total: 1360,
      cashRounding: 2,
      totalTax: 224,
      vatLines: [
        { rate: 6, tax: 6, total: 101 },
        { rate: 21, tax: 218, total: 1257 },
      ],
    });

    const wc = await rest('GET', `orders/${id}`);
    expect(wc.statusCode).toBe(200);
    const shape = wc.json();
    expect(shape).toMatchObject({
      total: '13.60',
      total_tax: '2.24',
      fee_lines: [{ id: 2, name: 'Afronding', tax_class: '0', tax_status: 'none', amount: '0.02', total: '0.02', total_tax: '0.00' }],
    });
    // As in WooCommerce, the lines, shipping and fees add up to the total.
    const sum = [...shape.line_items, ...shape.shipping_lines, ...shape.fee_lines].reduce((n: number, l: { total: string }) => n + cents(l.total), 0);
    expect(sum).toBe(1360);

    const order = (await readOrderFor(db(), id, { staff: true }))!;
    const lines = customerTicket(order, { seller: { name: 'Bakje', address: [], vatNumber: '' }, timeZone: 'Europe/Brussels', reference: 'r' }).lines;
    const at = (start: string) => lines.findIndex((l) => l.startsWith(start));
    expect(lines[at('Totaal')]).toMatch(/^Totaal +EUR 13,58$/);
    expect(lines[at('Afronding')]).toMatch(/^Afronding +0,02$/);
    expect(lines[at('Te betalen')]).toMatch(/^Te betalen +EUR 13,60$/);
    expect(lines.find((l) => l.includes('BTW 21%'))).toMatch(/incl\. BTW 21% op 12,57 +2,18$/);
    expect(at('Totaal')).toBeLessThan(at('Afronding'));
    expect(at('Afronding')).toBeLessThan(at('Te betalen'));
    expect(lines).toContainEqual(expect.stringMatching(/^Betaling: TE BETALEN$/));

    const staff = (await admin.request('GET', `/api/orders/${id}`)).json() as StaffOrderDetails;
    expect(staff).toMatchObject({ total: 1360, cashRounding: 2, totalTax: 224 });

    // Rounding down: 1.01 × 2 = 2.02 -> 2.00, the fee negative.
    const down = await checkout(await shopper([[bitterballen, 2]]), 'cod');
    expect(down.order).toMatchObject({ total: '2.00', cashRounding: '-0.02', feeLines: { nodes: [{ name: 'Afronding', total: '-0.02' }] } });
    const downTicket = customerTicket((await readOrderFor(db(), down.order.databaseId, { staff: true }))!, {
      seller: { name: 'Bakje', address: [], vatNumber: '' },
      timeZone: 'Europe/Brussels',
      reference: 'r',
    }).lines;
    expect(downTicket).toContainEqual(expect.stringMatching(/^Afronding +-0,02$/));
  });

  it('a card order of the same cart: charged 13.58 to the cent at the provider, no rounding line anywhere', async () => {
    const call = await shopper([
      [fries, 1],
      [bitterballen, 1],
    ]);
    const shown = (await call(CART, { method: 'bancontact' })).data.cart;
    expect(shown).toMatchObject({ total: '13.58', cashRounding: '0.00', fees: [] });
    const placed = await checkout(call, 'bancontact');
    expect(placed.result).toBe('success');
    expect(placed.order).toMatchObject({ total: '13.58', totalTax: '2.24', cashRounding: '0.00', feeLines: { nodes: [] } });
    const id = placed.order.databaseId as number;
    expect(await row(id)).toMatchObject({ status: 'pending', total: 1358, cashRounding: 0, totalTax: 224 });
    expect(app.payments.simulator!.orders.get(String(id))!.request).toMatchObject({ amount: 1358, currency: 'EUR' });
    expect((await rest('GET', `orders/${id}`)).json()).toMatchObject({ total: '13.58', fee_lines: [] });
    const order = (await readOrderFor(db(), id, { staff: true }))!;
    const lines = customerTicket(order, { seller: { name: 'Bakje', address: [], vatNumber: '' }, timeZone: 'Europe/Brussels', reference: 'r' }).lines;
    expect(lines.some((l) => l.startsWith('Afronding') || l.startsWith('Te betalen'))).toBe(false);
    expect(lines.find((l) => l.startsWith('Totaal'))).toMatch(/EUR 13,58$/);

    // Paid cash instead: rounded then.
    const cash = await app.server.inject({
      method: 'POST',
      url: `/api/payments/orders/${id}/cash`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ key: placed.order.orderKey }),
    });
    expect(cash.statusCode, cash.body).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'processing', paymentMethod: 'cod', total: 1360, cashRounding: 2, totalTax: 224 });
  });

  it('the payment method decides through the lifecycle: counter rounded, terminal and card at the counter to the cent, cash at the counter rounded', async () => {
    const move = async (id: number, m: OrderMove) => db().transaction((tx) => moveOrder(tx, id, m, { now: NOW }));
    const pending = {
      status: 'pending' as const,
      paymentMethod: 'kiosk_terminal',
      paymentMethodTitle: 'Card terminal',
      subtotal: 1358,
      total: 1358,
      totalTax: 224,
    };
    const card = await anOrder(db(), pending);
    await move(card.id, { kind: 'pay-at-counter', printTickets: false });
    expect(await row(card.id)).toMatchObject({ paymentMethod: 'kiosk_counter', total: 1360, cashRounding: 2, totalTax: 224 });
    await move(card.id, { kind: 'pay-by-terminal' });
    expect(await row(card.id)).toMatchObject({ paymentMethod: 'kiosk_terminal', total: 1358, cashRounding: 0 });
    await move(card.id, { kind: 'pay-at-counter', printTickets: false });
    await move(card.id, { kind: 'counter-paid', paymentMethod: 'counter_card', paymentMethodTitle: 'Card at the counter' });
    expect(await row(card.id)).toMatchObject({ status: 'processing', paymentMethod: 'counter_card', total: 1358, cashRounding: 0, totalTax: 224 });

    const cash = await anOrder(db(), { ...pending, paymentMethod: 'kiosk_counter', total: 1360, cashRounding: 2 });
    await move(cash.id, { kind: 'counter-paid', paymentMethod: 'counter_cash', paymentMethodTitle: 'Cash at the counter' });
    expect(await row(cash.id)).toMatchObject({ status: 'processing', paymentMethod: 'counter_cash', total: 1360, cashRounding: 2 });
    // A status change keeps it.
    await move(cash.id, { kind: 'ready' });
    expect(await row(cash.id)).toMatchObject({ status: 'completed', total: 1360, cashRounding: 2 });
  });

  it('the store REST API rounds an order it places for cash, not one it records as paid by card', async () => {
    const body = { status: 'processing', line_items: [{ product_id: fries, quantity: 1 }], shipping_lines: [{ method_id: 'takeaway', total: '0.00' }] };
    const cash = await rest('POST', 'orders', body);
    expect(cash.statusCode, cash.body).toBe(201);
    // 12.57 -> 12.55.
    expect(cash.json()).toMatchObject({ payment_method: 'cod', total: '12.55', total_tax: '2.18', fee_lines: [{ name: 'Afronding', total: '-0.02' }] });
    const card = await rest('POST', 'orders', { ...body, payment_method: 'bancontact', payment_method_title: 'Bancontact', set_paid: true });
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json()).toMatchObject({ total: '12.57', total_tax: '2.18', fee_lines: [] });
  });

  it("the day's figures: the rounding line is the sum of the counted orders' roundings, outside the VAT turnover, inside what cash took", async () => {
    await countAsLive(db());
    const figures = (await admin.request('GET', `/api/figures?from=${DAY}&to=${DAY}`)).json() as Figures;
    const counted = (await db().select().from(t.orders).where(eq(t.orders.pickupDay, DAY))).filter(
      (o) => !o.isTestOrder && ['processing', 'completed', 'on-hold'].includes(o.status),
    );
    const roundings = counted.map((o) => o.cashRounding);
    expect(roundings.some((r) => r !== 0)).toBe(true);
    expect(figures.cashRounding).toBe(roundings.reduce((a, b) => a + b, 0));
    // VAT turnover is the unrounded sales; what the means of payment took is that plus the rounding.
    expect(figures.gross).toBe(counted.reduce((n, o) => n + o.vatLines.reduce((m, v) => m + v.total, 0), 0));
    expect(figures.orders).toBe(counted.length);
    expect(figures.byPayment.reduce((n, b) => n + b.gross, 0)).toBe(figures.gross + figures.giftCardsSold.amount + figures.cashRounding);
    const csv = (await admin.request('GET', `/api/figures.csv?from=${DAY}`)).rawPayload.subarray(3).toString('utf8');
    const euro = `${figures.cashRounding < 0 ? '-' : ''}${Math.floor(Math.abs(figures.cashRounding) / 100)},${String(Math.abs(figures.cashRounding) % 100).padStart(2, '0')}`;
    expect(csv).toContain(`Afronding contante betalingen (buiten btw, niet in de omzet)\r\nBedrag\r\n${euro}\r\n`);
  });
});
