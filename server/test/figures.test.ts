import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Figures } from '@bakje/contract';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { GIFT_CARD_META, groupedCode, issueGiftCard } from '../src/modules/gift-cards/gift-cards.js';
import { aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { countAsLive, DAY, NOW } from './support/orders.js';
import { catalogCaughtUp, startTestApp } from './support/server.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { isEmpty } } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId } } }`;
const APPLY = `mutation($code: String!) { applyCoupon(input: {code: $code}) { cart { total(format: RAW) } } }`;

describe.each(databaseKinds)("the day's figures on %s", (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let admin: Browser;
  const ids: Record<string, number> = {};

  /** A customer orders through the real checkout (GraphQL), as the shop does. */
  async function order(fulfilment: 'takeaway' | 'dinein', lines: [string, number][], createdVia?: string, giftCard?: string): Promise<number> {
    const customer = new Browser(() => app);
    const call = async (query: string, variables?: Record<string, unknown>) => {
      const response = await customer.graphql(query, variables);
      if (response.body.errors) throw new Error(JSON.stringify(response.body.errors));
      return response.body.data;
    };
    for (const [product, quantity] of lines) await call(ADD, { productId: ids[product], quantity });
    if (giftCard) await call(APPLY, { code: giftCard });
    const slots = await call(`query { availableTimeSlots(type: ${fulfilment.toUpperCase()}, date: "${DAY}") { id } }`);
    const input = {
      paymentMethod: 'cod',
      billing: {
        firstName: 'An',
        lastName: 'Peeters',
        phone: '0470 12 34 56',
        email: 'an@example.be',
        address1: 'Veldstraat 1',
        city: 'Gent',
        postcode: '9000',
      },
      metaData: [
        { key: 'fulfilment_type', value: fulfilment },
        { key: 'time_slot', value: slots.availableTimeSlots[0].id },
      ],
      ...(createdVia ? { createdVia } : {}),
    };
    return (await call(CHECKOUT, { input })).checkout.order.databaseId;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    await db.insert(t.settings).values({ key: 'opening_hours', value: { week: { '6': [{ open: '09:00', close: '23:00' }] } } });
    // Belgian VAT as data per product (docs/interfaces.md §6): takeaway / on site.
    ids.frikandel = (await aProduct(db, { name: { nl: 'Frikandel' }, regularPrice: 280, vatRateTakeaway: 6, vatRateOnSite: 12 })).id;
    ids.cola = (await aProduct(db, { name: { nl: 'Cola' }, regularPrice: 250, vatRateTakeaway: 6, vatRateOnSite: 21 })).id;
    ids.bier = (await aProduct(db, { name: { nl: 'Bier' }, regularPrice: 350, vatRateTakeaway: 21, vatRateOnSite: 21 })).id;
    // A gift card product keeps the catalogue's VAT rates (6 % at least); sold, it is outside VAT all the same.
    ids.cadeaubon = (
      await aProduct(db, {
        name: { nl: 'Cadeaubon 25' },
        regularPrice: 2500,
        vatRateTakeaway: 6,
        vatRateOnSite: 12,
        metaData: [{ key: GIFT_CARD_META, value: 'yes' }],
      })
    ).id;
    await db.insert(t.timeSlots).values([
      { type: 'takeaway', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 100, repeatDays: [6] },
      { type: 'dinein', startTime: '10:00', endTime: '22:00', intervalMinutes: 30, maxOrders: 100, repeatDays: [6] },
    ]);
    app = await startTestApp(testDb.database, {}, () => NOW);
    await catalogCaughtUp(app, testDb.database);
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    admin = new Browser(() => app);
    await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' });
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('match the orders placed through the checkout, per VAT rate to the cent; cancelled and test orders apart; CSV for Belgian Excel', async () => {
    const db = testDb.database.db;
    // 1: takeaway, 2 frikandel (5.60 at 6 %) + 1 bier (3.50 at 21 %).
    await order('takeaway', [
      ['frikandel', 2],
      ['bier', 1],
    ]);
    // 2: dine-in at the kiosk, 1 frikandel (2.80 at 12 %) + 1 cola (2.50 at 21 %).
    await order(
      'dinein',
      [
        ['frikandel', 1],
        ['cola', 1],
      ],
      'kiosk',
    );
    // 3: cancelled; 4: marked as test order. Neither counts.
    const cancelled = await order('takeaway', [['cola', 3]]);
    expect((await admin.request('POST', `/api/orders/${cancelled}/cancel`, { reason: 'klant kwam niet' })).statusCode).toBe(200);
    const test = await order('takeaway', [['bier', 2]]);
    await db.update(t.orders).set({ isTestOrder: true }).where(eq(t.orders.id, test));

    await countAsLive(db);
    const response = await admin.request('GET', `/api/figures?from=${DAY}&to=${DAY}`);
    expect(response.statusCode).toBe(200);
    const figures = response.json() as Figures;
    // VAT inside a gross amount: gross × r / (100 + r), per order and rate, rounded to the cent.
    // 6 %: 560 -> 31.70 -> 32. 12 %: 280 -> 30. 21 %: 350 -> 60.74 -> 61 and 250 -> 43.39 -> 43.
    expect(figures.vat).toEqual([
      { rate: 6, gross: 560, tax: 32, net: 528 },
      { rate: 12, gross: 280, tax: 30, net: 250 },
      { rate: 21, gross: 600, tax: 104, net: 496 },
    ]);
    expect(figures).toMatchObject({ orders: 2, gross: 1440, tax: 166, net: 1274, average: 720 });
    expect(figures.byChannel).toEqual([
      { key: 'web', orders: 1, gross: 910 },
      { key: 'kiosk', orders: 1, gross: 530 },
    ]);
    expect(figures.byFulfilment.map((b) => b.key)).toEqual(['takeaway', 'dinein']);
    expect(figures.byPayment).toEqual([{ key: 'Contant', orders: 2, gross: 1440 }]);
    // Bakje's own methods in the reader's language, stored as "Cash" or not (issue 31).
    const french = (await admin.request('GET', `/api/figures?from=${DAY}&to=${DAY}`, undefined, { headers: { 'x-bakje-locale': 'fr_FR' } })).json() as Figures;
    expect(french.byPayment).toEqual([{ key: 'Espèces', orders: 2, gross: 1440 }]);
    expect(figures.bestSellers[0]).toEqual({ name: 'Frikandel', quantity: 3, gross: 840 });
    expect(figures.busiestSlots.reduce((n, s) => n + s.orders, 0)).toBe(2);
    expect(figures.excluded).toEqual({ cancelled: { orders: 1, gross: 750 }, test: { orders: 1, gross: 700 }, pending: { orders: 0, gross: 0 } });
    // The ticket totals add up to the figures.
    const counted = await db.select().from(t.orders).where(eq(t.orders.status, 'processing'));
    expect(counted.filter((o) => !o.isTestOrder).reduce((n, o) => n + o.total, 0)).toBe(figures.gross);

    const csv = await admin.request('GET', `/api/figures.csv?from=${DAY}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="cijfers-${DAY}.csv"`);
    const bytes = csv.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text).toContain('Tarief %;Maatstaf (excl. btw);Btw;Totaal incl. btw\r\n6;5,28;0,32;5,60\r\n12;2,50;0,30;2,80\r\n21;4,96;1,04;6,00\r\n');
    expect(text).toContain('2;14,40;1,66;12,74;7,20');
  });

  it('a range gives one chart point per day; bad dates are refused naming the field', async () => {
    const response = await admin.request('GET', '/api/figures?from=2026-11-20&to=2026-11-22');
    expect((response.json() as Figures).series.map((b) => b.key)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    const backwards = await admin.request('GET', '/api/figures?from=2026-11-22&to=2026-11-20');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'INVALID_INPUT', data: { params: ['to'] } });
    const malformed = await admin.request('GET', '/api/figures?from=gisteren');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('from');
  });

  it('count an order paid partly by gift card in full per VAT rate, the card as a means of payment; a gift card sold apart, outside VAT', async () => {
    const db = testDb.database.db;
    const read = async () => {
      await countAsLive(db);
      return (await admin.request('GET', `/api/figures?from=${DAY}&to=${DAY}`)).json() as Figures;
    };
    const before = await read();
    const card = await issueGiftCard(db, { amount: 500 }, NOW);
    // 2 frikandel (5.60 at 6 %) + 1 bier (3.50 at 21 %) = 9.10: the card pays 5.00, cash the 4.10 left.
    const paid = await order(
      'takeaway',
      [
        ['frikandel', 2],
        ['bier', 1],
      ],
      undefined,
      groupedCode(card.code).toLowerCase(),
    );
    const [partly] = await db.select().from(t.orders).where(eq(t.orders.id, paid));
    expect(partly).toMatchObject({ total: 410, totalTax: 93, giftCards: [{ id: card.id, last4: card.code.slice(-4), amount: 500 }] });
    // The orders page shows what the card paid by its last four characters, never the whole code.
    const details = await admin.request('GET', `/api/orders/${paid}`);
    expect(details.json()).toMatchObject({ total: 410, giftCards: [{ last4: card.code.slice(-4), amount: 500 }] });
    expect(details.body).not.toContain(card.code);
    // A gift card of 25.00 and a frikandel (2.80 at 6 %): VAT only on the frikandel.
    const bought = await order('takeaway', [
      ['cadeaubon', 1],
      ['frikandel', 1],
    ]);
    const [withCard] = await db.select().from(t.orders).where(eq(t.orders.id, bought));
    expect(withCard).toMatchObject({ total: 2780, totalTax: 16, vatLines: [{ rate: 6, total: 280, tax: 16 }] });

    const after = await read();
    const vat = (f: Figures, rate: number) => f.vat.find((v) => v.rate === rate) ?? { gross: 0, tax: 0 };
    expect(after.orders - before.orders).toBe(2);
    // The whole sale of goods: 9.10 + 2.80; the card sold is not VAT turnover.
    expect(after.gross - before.gross).toBe(1190);
    expect(after.tax - before.tax).toBe(32 + 61 + 16);
    expect(vat(after, 6).gross - vat(before, 6).gross).toBe(840);
    expect(vat(after, 21).gross - vat(before, 21).gross).toBe(350);
    expect(after.vat.map((v) => v.rate)).not.toContain(0);
    const bucket = (f: Figures, key: string) => f.byPayment.find((b) => b.key === key) ?? { orders: 0, gross: 0 };
    expect(bucket(after, 'gift_card')).toEqual({ key: 'gift_card', orders: 1, gross: 500 });
    expect(bucket(after, 'Contant').gross - bucket(before, 'Contant').gross).toBe(410 + 2780);
    expect(bucket(after, 'Contant').orders - bucket(before, 'Contant').orders).toBe(2);
    expect(after.giftCardsSold).toEqual({ count: before.giftCardsSold.count + 1, amount: before.giftCardsSold.amount + 2500 });
    expect(after.bestSellers.map((b) => b.name)).not.toContain('Cadeaubon 25');
    // What was received adds up: the means of payment are the turnover plus the cards sold.
    const received = after.byPayment.reduce((n, b) => n + b.gross, 0);
    expect(received).toBe(after.gross - after.refunds.gross + after.giftCardsSold.amount);

    const csv = (await admin.request('GET', `/api/figures.csv?from=${DAY}`)).rawPayload.subarray(3).toString('utf8');
    expect(csv).toContain('Cadeaubon;1;5,00\r\n');
    expect(csv).toContain(
      `Cadeaubonnen verkocht (buiten btw, niet in de omzet)\r\nAantal;Bedrag\r\n${after.giftCardsSold.count};${(after.giftCardsSold.amount / 100).toFixed(2).replace('.', ',')}\r\n`,
    );
  });
});
