import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SoldOutCatalog } from '@bakje/contract';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { ApiKeyService } from '../src/modules/api-keys/api-key-service.js';
import { endOfService } from '../src/modules/catalog/sold-out.js';
import type { OpeningHours } from '../src/modules/settings/shop-settings.js';
import { aCategory, aProduct } from './support/builders.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, startTestApp } from './support/server.js';
import { SseClient } from './support/sse-client.js';

const TZ = 'Europe/Brussels';
// Saturday 21 November 2026, 10:00 in Brussels (UTC+1): before the lunch service.
const NOW = new Date('2026-11-21T09:00:00Z');
// The shop: lunch and dinner on Saturday, dinner only on Sunday.
// No own hours per fulfilment type and no exceptions (docs/decisions/0028).
const NO_TYPES = { byType: { delivery: null, takeaway: null, dinein: null }, exceptions: [] };
const HOURS: OpeningHours = {
  ...NO_TYPES,
  week: {
    '6': [
      { open: '11:00', close: '14:00' },
      { open: '17:00', close: '22:00' },
    ],
    '7': [{ open: '17:00', close: '21:00' }],
  },
  closedDates: [],
  pausedUntil: null,
};
// Saturday 22:00 in Brussels: the end of Saturday's service.
const SATURDAY_CLOSE = '2026-11-21T21:00:00.000Z';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const REGISTER = `mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { customer { databaseId } } }`;
const PASSWORD = 'Goed wachtwoord 42';
const PRODUCT = `query($slug: ID!) { product(id: $slug, idType: SLUG) {
  purchasable
  ... on SimpleProduct { stockStatus }
  ... on VariableProduct { stockStatus variations { nodes { databaseId stockStatus } } }
  addons { fieldName options { databaseId label soldOut } }
} }`;
const ADD = `mutation($productId: Int!, $variationId: Int, $addons: [CartAddonInput]) {
  addToCart(input: {productId: $productId, quantity: 1, variationId: $variationId, addons: $addons}) { cart { contents { nodes { key soldOut } } } }
}`;
const CART = `{ cart { contents { nodes { key soldOut } } } }`;
const SLOTS = `query { availableTimeSlots(type: TAKEAWAY, date: "2026-11-21") { id } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId } } }`;

describe('endOfService', () => {
  const at = (iso: string) => endOfService(HOURS, new Date(iso), TZ).toISOString();

  it("lasts until the day's last closing time, whatever part of the day it is set in", () => {
    expect(at('2026-11-21T09:00:00Z')).toBe(SATURDAY_CLOSE); // before opening
    expect(at('2026-11-21T11:00:00Z')).toBe(SATURDAY_CLOSE); // during lunch: through dinner
    expect(at('2026-11-21T14:00:00Z')).toBe(SATURDAY_CLOSE); // between lunch and dinner
  });

  it('after closing, and on a closed day, lasts until the next service day closes', () => {
    expect(at('2026-11-21T21:30:00Z')).toBe('2026-11-22T20:00:00.000Z'); // Saturday 22:30 → Sunday 21:00
    expect(at('2026-11-23T10:00:00Z')).toBe('2026-11-28T21:00:00.000Z'); // Monday (closed) → next Saturday 22:00
    expect(endOfService({ ...HOURS, closedDates: ['2026-11-21'] }, NOW, TZ).toISOString()).toBe('2026-11-22T20:00:00.000Z');
  });

  it('follows a service past midnight, and falls back to local midnight without opening hours', () => {
    const late: OpeningHours = { week: { '5': [{ open: '18:00', close: '02:00' }] }, closedDates: [], pausedUntil: null, ...NO_TYPES };
    // Saturday 01:00 local, Friday's service still running until 02:00.
    expect(endOfService(late, new Date('2026-11-21T00:00:00Z'), TZ).toISOString()).toBe('2026-11-21T01:00:00.000Z');
    expect(endOfService({ week: {}, closedDates: [], pausedUntil: null, ...NO_TYPES }, NOW, TZ).toISOString()).toBe('2026-11-21T23:00:00.000Z');
  });
});

describe.each(databaseKinds)('sold out today on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let base: string;
  let now = NOW;
  const browser = () => new Browser(() => app);
  let kitchen: Browser;
  let customer: Browser;
  let friet: { id: number; slug: string };
  let burger: { id: number; slug: string };
  let small: number;
  let large: number;
  let mayo: number;
  let ketchup: number;
  let sauceField: number;
  let consumer: { consumerKey: string; consumerSecret: string };

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    await db.insert(t.settings).values({ key: 'opening_hours', value: HOURS });
    await db.insert(t.timeSlots).values({ type: 'takeaway', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 100, repeatDays: [6] });
    const fries = await aCategory(db, { slug: 'frieten' });
    friet = await aProduct(db, { slug: 'friet', name: { nl: 'Friet', fr: 'Frites', en: 'Fries' }, regularPrice: 350, categoryIds: [fries.id] });
    burger = await aProduct(db, { slug: 'burger', type: 'VARIABLE', regularPrice: null, name: { nl: 'Burger' } });
    small = (await aProduct(db, { slug: 'burger-klein', type: 'VARIATION', parentId: burger.id, regularPrice: 500, name: { nl: 'Burger klein' } })).id;
    large = (await aProduct(db, { slug: 'burger-groot', type: 'VARIATION', parentId: burger.id, regularPrice: 700, name: { nl: 'Burger groot' } })).id;
    const [group] = await db
      .insert(t.globalAddons)
      .values({ name: { nl: 'Sauzen' } })
      .returning();
    await db.insert(t.globalAddonCategories).values({ globalAddonId: group!.id, categoryId: fries.id });
    const [field] = await db
      .insert(t.addonFields)
      .values({ globalAddonId: group!.id, kind: 'checkbox', name: { nl: 'Saus' } })
      .returning();
    sauceField = field!.id;
    const options = await db
      .insert(t.addonOptions)
      .values([
        { fieldId: sauceField, position: 0, label: { nl: 'Mayonaise', fr: 'Mayonnaise', en: 'Mayonnaise' }, price: 80 },
        { fieldId: sauceField, position: 1, label: { nl: 'Ketchup' }, price: 80 },
      ])
      .returning();
    [mayo, ketchup] = [options[0]!.id, options[1]!.id];
    consumer = await new ApiKeyService(db, () => TEST_PEPPER).create({ scope: 'read_write' });

    app = await startTestApp(testDb.database, {}, () => now);
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    const admin = browser();
    await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' });
    expect((await admin.request('POST', '/api/staff/users', { email: 'keuken@example.be', password: PASSWORD, role: 'kitchen' })).statusCode).toBe(201);
    kitchen = browser();
    expect((await kitchen.graphql(LOGIN, { u: 'keuken@example.be', p: PASSWORD })).body.data.login.viewer.role).toBe('kitchen');
    customer = browser();
    expect((await customer.graphql(REGISTER, { input: { email: 'klant@example.be', password: 'Stoofvlees met friet' } })).body.errors).toBeUndefined();
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const mark = async (body: Record<string, unknown>) => {
    const response = await kitchen.request('PUT', '/api/catalog/sold-out', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { version: number; soldOutUntil: string | null };
  };
  const product = async (slug: string) => {
    const response = await browser().graphql(PRODUCT, { slug });
    expect(response.body.errors).toBeUndefined();
    return response.body.data.product;
  };
  const options = (p: { addons: { options: { databaseId: number; soldOut: boolean }[] }[] }) =>
    Object.fromEntries(p.addons.flatMap((a) => a.options).map((o) => [o.databaseId, o.soldOut]));

  it('lets the kitchen (and up) mark things, and nobody else', async () => {
    for (const who of [browser(), customer]) {
      const response = await who.request('PUT', '/api/catalog/sold-out', { productId: friet.id, soldOut: true });
      expect(response.statusCode).toBe(401);
      expect((await who.request('GET', '/api/catalog/sold-out')).statusCode).toBe(401);
    }
    expect((await product('friet')).stockStatus).toBe('IN_STOCK');
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const none = await kitchen.request('PUT', '/api/catalog/sold-out', { soldOut: true });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('productId');
    const two = await kitchen.request('PUT', '/api/catalog/sold-out', { productId: friet.id, addonOptionId: mayo, soldOut: true });
    expect(two.statusCode).toBe(400);
    const notBoolean = await kitchen.request('PUT', '/api/catalog/sold-out', { productId: friet.id, soldOut: 'ja' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.body).toContain('soldOut');
    const unknown = await kitchen.request('PUT', '/api/catalog/sold-out', { productId: 987654, soldOut: true });
    expect(unknown.statusCode).toBe(404);
    // A variation is not a product, and the other way round.
    expect((await kitchen.request('PUT', '/api/catalog/sold-out', { productId: small, soldOut: true })).statusCode).toBe(404);
    expect((await kitchen.request('PUT', '/api/catalog/sold-out', { variationId: burger.id, soldOut: true })).statusCode).toBe(404);
    expect((await kitchen.request('PUT', '/api/catalog/sold-out', { addonOptionId: 987654, soldOut: true })).statusCode).toBe(404);
    const list = (await kitchen.request('GET', '/api/catalog/sold-out')).json() as SoldOutCatalog;
    expect(list.soldOut).toEqual([]);
    expect((await product('friet')).stockStatus).toBe('IN_STOCK');
  });

  it('marks a product, a variation and an add-on option until closing time; the shop, the REST API and the stream follow', async () => {
    const stream = await SseClient.connect(`${base}/api/events/catalog`);
    await stream.waitForCount(1);
    const first = stream.events[0]!.data as { version: number };

    const marked = await mark({ productId: friet.id, soldOut: true });
    expect(marked.soldOutUntil).toBe(SATURDAY_CLOSE);
    expect(marked.version).toBeGreaterThan(first.version);
    await stream.waitUntil(() => stream.events.some((e) => (e.data as { version: number }).version >= marked.version), 'the new version on the stream');

    const fries = await product('friet');
    expect(fries).toMatchObject({ stockStatus: 'OUT_OF_STOCK', purchasable: false });
    const rest = await browser().request(
      'GET',
      `/wp-json/wc/v3/products/${friet.id}?consumer_key=${consumer.consumerKey}&consumer_secret=${consumer.consumerSecret}`,
    );
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ stock_status: 'outofstock' });
    expect(rest.json().meta_data).toContainEqual(expect.objectContaining({ key: '_bakje_sold_out_until', value: SATURDAY_CLOSE }));
    // The editor reads the edit context and saves what it read: the stored status stays in stock, so the mark
    // still ends at closing time.
    const edit = await browser().request(
      'GET',
      `/wp-json/wc/v3/products/${friet.id}?context=edit&consumer_key=${consumer.consumerKey}&consumer_secret=${consumer.consumerSecret}`,
    );
    expect(edit.json()).toMatchObject({ stock_status: 'instock' });
    expect(edit.json().meta_data).toContainEqual(expect.objectContaining({ key: '_bakje_sold_out_until', value: SATURDAY_CLOSE }));
    const saved = await browser().request(
      'PUT',
      `/wp-json/wc/v3/products/${friet.id}?consumer_key=${consumer.consumerKey}&consumer_secret=${consumer.consumerSecret}`,
      { stock_status: edit.json().stock_status },
    );
    expect(saved.statusCode).toBe(200);
    const [stored] = await testDb.database.db.select({ stockStatus: t.products.stockStatus }).from(t.products).where(eq(t.products.id, friet.id));
    expect(stored!.stockStatus).toBe('IN_STOCK');

    await mark({ variationId: small, soldOut: true });
    const burgerNow = await product('burger');
    expect(burgerNow.stockStatus).toBe('IN_STOCK');
    expect(burgerNow.variations.nodes).toEqual([
      { databaseId: small, stockStatus: 'OUT_OF_STOCK' },
      { databaseId: large, stockStatus: 'IN_STOCK' },
    ]);

    await mark({ addonOptionId: mayo, soldOut: true });
    await mark({ productId: friet.id, soldOut: false });
    expect(options(await product('friet'))).toEqual({ [mayo]: true, [ketchup]: false });
    const board = await browser().graphql('{ soldOutAddonOptions { databaseId label soldOut } }');
    expect(board.body.data.soldOutAddonOptions).toEqual([{ databaseId: mayo, label: 'Mayonaise', soldOut: true }]);
    expect((await product('friet')).stockStatus).toBe('IN_STOCK');

    const list = (await kitchen.request('GET', '/api/catalog/sold-out')).json() as SoldOutCatalog;
    expect(list.soldOut.map((s) => s.target)).toEqual([{ addonOptionId: mayo }, { variationId: small }]);
    expect(list.resetsAt).toBe(SATURDAY_CLOSE);
    const friesEntry = list.products.find((p) => p.id === friet.id)!;
    expect(friesEntry.addons[0]!.options.map((o) => [o.id, o.soldOutUntil])).toEqual([
      [mayo, SATURDAY_CLOSE],
      [ketchup, null],
    ]);
    stream.close();
    await mark({ variationId: small, soldOut: false });
    await mark({ addonOptionId: mayo, soldOut: false });
  });

  it('the cart refuses what is sold out, with a clear message', async () => {
    const shopper = browser();
    await mark({ productId: friet.id, soldOut: true });
    const product = await shopper.graphql(ADD, { productId: friet.id });
    expect(product.body.errors[0]).toMatchObject({
      message: '"Friet" is sold out today. Remove it from your cart or choose something else.',
      extensions: { code: 'SOLD_OUT', status: 409 },
    });
    await mark({ productId: friet.id, soldOut: false });

    await mark({ variationId: small, soldOut: true });
    expect((await shopper.graphql(ADD, { productId: burger.id, variationId: small })).body.errors[0].message).toContain('"Burger klein" is sold out today');
    expect((await shopper.graphql(ADD, { productId: burger.id, variationId: large })).body.errors).toBeUndefined();
    await mark({ variationId: small, soldOut: false });

    await mark({ addonOptionId: mayo, soldOut: true });
    const withMayo = await shopper.graphql(ADD, { productId: friet.id, addons: [{ fieldName: `addon-${sauceField}`, optionIds: [ketchup, mayo] }] });
    expect(withMayo.body.errors[0]).toMatchObject({ message: '"Mayonaise" is sold out today. Remove it from your cart or choose something else.' });
    expect(
      (await shopper.graphql(ADD, { productId: friet.id, addons: [{ fieldName: `addon-${sauceField}`, optionIds: [ketchup] }] })).body.errors,
    ).toBeUndefined();
    await mark({ addonOptionId: mayo, soldOut: false });
  });

  it('flags a cart line that became sold out and checkout refuses it until it is available again', async () => {
    const shopper = browser();
    const added = await shopper.graphql(ADD, { productId: friet.id, addons: [{ fieldName: `addon-${sauceField}`, optionIds: [mayo] }] });
    expect(added.body.errors).toBeUndefined();
    await mark({ addonOptionId: mayo, soldOut: true });
    expect((await shopper.graphql(CART)).body.data.cart.contents.nodes).toEqual([{ key: expect.any(String), soldOut: true }]);
    const slot = (await shopper.graphql(SLOTS)).body.data.availableTimeSlots[0].id;
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
        { key: 'fulfilment_type', value: 'takeaway' },
        { key: 'time_slot', value: slot },
      ],
    };
    const refused = await shopper.graphql(CHECKOUT, { input });
    expect(refused.body.errors[0]).toMatchObject({
      message: '"Mayonaise" is sold out today. Remove it from your cart or choose something else.',
      extensions: { code: 'SOLD_OUT' },
    });
    expect(await testDb.database.db.select().from(t.orders)).toEqual([]);

    await mark({ addonOptionId: mayo, soldOut: false });
    expect((await shopper.graphql(CART)).body.data.cart.contents.nodes[0].soldOut).toBe(false);
    const placed = await shopper.graphql(CHECKOUT, { input });
    expect(placed.body.errors).toBeUndefined();
    expect(placed.body.data.checkout.order.databaseId).toBeGreaterThan(0);
  });

  it('ends by itself at closing time: no write, and open pages are told', async () => {
    await mark({ productId: friet.id, soldOut: true });
    await mark({ addonOptionId: ketchup, soldOut: true });
    expect((await product('friet')).stockStatus).toBe('OUT_OF_STOCK');
    const stream = await SseClient.connect(`${base}/api/events/catalog`);
    await stream.waitForCount(1);

    now = new Date(Date.parse(SATURDAY_CLOSE) - 1000);
    expect((await product('friet')).stockStatus).toBe('OUT_OF_STOCK');
    now = new Date(Date.parse(SATURDAY_CLOSE) + 1000);
    const after = await product('friet');
    expect(after.stockStatus).toBe('IN_STOCK');
    expect(options(after)).toEqual({ [mayo]: false, [ketchup]: false });
    await stream.waitForCount(2);
    expect(((await kitchen.request('GET', '/api/catalog/sold-out')).json() as SoldOutCatalog).soldOut).toEqual([]);
    // Marked now (Saturday 22:00:01, closed), it lasts until Sunday's closing time.
    expect((await mark({ productId: friet.id, soldOut: true })).soldOutUntil).toBe('2026-11-22T20:00:00.000Z');
    stream.close();
  });
});
