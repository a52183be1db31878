import { fireTimeOf, kitchenAgeSettingsInput } from '@bakje/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import * as t from '../src/db/schema/index.js';
import { createLogger } from '../src/logger.js';
import { createAccount } from '../src/modules/auth/accounts.js';
import { orderPrepMinutes, productPrepMinutes, saveKitchenSettings } from '../src/modules/kitchen/kitchen-settings.js';
import { Browser } from './support/browser.js';
import { aCategory, aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { aShopTakingOrders, NOW, placeOrder, STAFF_HEADER } from './support/orders.js';
import { catalogCaughtUp, graphql } from './support/server.js';

// docs/decisions/0068-fire-times.md
describe('fire times', () => {
  const kitchen = { prepMinutes: 8, categoryPrepMinutes: { '3': 20, '4': 2 }, productPrepMinutes: { '50': 1, '51': 30 } };
  it('an order takes the longest preparation time of its products; a product the longest of its categories', () => {
    expect(orderPrepMinutes(kitchen, [{ id: 1, categoryIds: [] }])).toBe(8);
    expect(orderPrepMinutes(kitchen, [{ id: 1, categoryIds: [4] }])).toBe(2);
    expect(
      orderPrepMinutes(kitchen, [
        { id: 1, categoryIds: [4] },
        { id: 2, categoryIds: [] },
      ]),
    ).toBe(8);
    expect(orderPrepMinutes(kitchen, [{ id: 1, categoryIds: [4, 3] }])).toBe(20);
    expect(orderPrepMinutes(kitchen, [])).toBe(8);
  });

  // docs/decisions/0073-preparation-time-per-product.md
  it("a product's own minutes beat its categories', which beat the default, shorter or longer", () => {
    expect(productPrepMinutes(kitchen, { id: 50, categoryIds: [3] })).toBe(1);
    expect(productPrepMinutes(kitchen, { id: 51, categoryIds: [4] })).toBe(30);
    expect(productPrepMinutes(kitchen, { id: 51, categoryIds: [] })).toBe(30);
    expect(productPrepMinutes({ ...kitchen, productPrepMinutes: { '52': 0 } }, { id: 52, categoryIds: [3] })).toBe(0);
    // The order: its longest item, whichever rule gave that item its minutes.
    expect(
      orderPrepMinutes(kitchen, [
        { id: 50, categoryIds: [3] },
        { id: 2, categoryIds: [4] },
      ]),
    ).toBe(2);
    expect(
      orderPrepMinutes(kitchen, [
        { id: 50, categoryIds: [3] },
        { id: 2, categoryIds: [] },
      ]),
    ).toBe(8);
    expect(
      orderPrepMinutes(kitchen, [
        { id: 51, categoryIds: [] },
        { id: 2, categoryIds: [3] },
      ]),
    ).toBe(30);
  });

  it('fires the preparation time before the slot, never before it was placed; an order for now at once', () => {
    const placedAt = new Date('2026-11-21T09:00:00Z');
    const slotStart = new Date('2026-11-21T17:00:00Z');
    expect(fireTimeOf({ asap: false, slotStart, placedAt, prepMinutes: 8 })).toEqual(new Date('2026-11-21T16:52:00Z'));
    expect(fireTimeOf({ asap: true, slotStart, placedAt, prepMinutes: 8 })).toEqual(placedAt);
    expect(fireTimeOf({ asap: false, slotStart: null, placedAt, prepMinutes: 8 })).toEqual(placedAt);
    expect(fireTimeOf({ asap: false, slotStart: new Date('2026-11-21T09:05:00Z'), placedAt, prepMinutes: 8 })).toEqual(placedAt);
  });
});

describe.each(databaseKinds)('fire times on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  // The kitchen's clock, moved by the test: no waiting for a fire time.
  let clock = NOW;

  beforeEach(async () => {
    clock = NOW;
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(testDb.database.db));
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0' });
    app = await buildApp(config, testDb.database, createLogger('silent'), () => clock, {
      authorizeStaff: async (request) => request.headers['x-test-staff'] === 'kitchen',
    });
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const rowOf = async (id: number) => (await testDb.database.db.select().from(t.orders).where(eq(t.orders.id, id)))[0]!;
  const post = (url: string, payload?: unknown) => app.server.inject({ method: 'POST', url, headers: STAFF_HEADER, ...(payload ? { payload } : {}) });

  /** A customer's cash takeaway order of these products: "as soon as possible" (no slot chosen), or for the first slot. */
  async function placeCart(products: number[], options: { slot?: boolean } = {}) {
    let token = '';
    const call = async (query: string, variables?: Record<string, unknown>) => {
      const response = await graphql(app, query, variables, token ? { 'woocommerce-session': `Session ${token}` } : {});
      const issued = response.headers['woocommerce-session'];
      if (typeof issued === 'string') token = issued;
      if (response.body.errors) throw new Error(JSON.stringify(response.body.errors));
      return response.body.data;
    };
    for (const id of products) await call(`mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 1}) { cart { isEmpty } } }`, { id });
    const slot = options.slot ? (await call(`query { availableTimeSlots(type: TAKEAWAY, date: "2026-11-21") { id } }`)).availableTimeSlots[0].id : null;
    const billing = {
      firstName: 'Bo',
      lastName: 'Claes',
      phone: '0470 12 34 56',
      email: 'bo@example.be',
      address1: 'Veldstraat 1',
      city: 'Gent',
      postcode: '9000',
    };
    const metaData = [{ key: 'fulfilment_type', value: 'takeaway' }, ...(slot ? [{ key: 'time_slot', value: slot }] : [])];
    const input = { paymentMethod: 'cod', billing, metaData };
    const data = await call(`mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId } } }`, { input });
    return data.checkout.order.databaseId as number;
  }
  const placeAsap = (product: number) => placeCart([product]);

  it('stores the fire time at placement; bulk ready takes an order only once its fire time has come', async () => {
    // Burgers take 20 minutes (their category), anything else the default 8.
    const burgers = await aCategory(testDb.database.db);
    const burger = (await aProduct(testDb.database.db, { slug: 'burger', regularPrice: 900, categoryIds: [burgers.id] })).id;
    // As PUT /api/kitchen/settings saves it (a manager's route); bad minutes are refused by the contract's schema.
    const saved = await saveKitchenSettings(testDb.database.db, { ageAmberMinutes: 5, ageRedMinutes: 8, categoryPrepMinutes: { [String(burgers.id)]: 20 } });
    expect(saved).toMatchObject({ prepMinutes: 8, categoryPrepMinutes: { [String(burgers.id)]: 20 } });
    expect(kitchenAgeSettingsInput.safeParse({ ageAmberMinutes: 5, ageRedMinutes: 8, prepMinutes: -1 }).success).toBe(false);
    expect(kitchenAgeSettingsInput.safeParse({ ageAmberMinutes: 5, ageRedMinutes: 8, categoryPrepMinutes: { x: 3 } }).success).toBe(false);

    // For the 18:00 (17:00Z) slot: the frikandel fires at 16:52Z; the burger order at 16:40Z.
    const snack = (await placeOrder(app, productId)).databaseId;
    const slow = (await placeOrder(app, burger)).databaseId;
    const now = await placeAsap(productId);
    expect(await rowOf(snack)).toMatchObject({ asap: false, fireAt: new Date('2026-11-21T16:52:00Z') });
    expect(await rowOf(slow)).toMatchObject({ asap: false, fireAt: new Date('2026-11-21T16:40:00Z') });
    expect(await rowOf(now)).toMatchObject({ asap: true, fireAt: NOW });
    const view = await app.server.inject({ method: 'GET', url: '/api/kitchen/settings', headers: STAFF_HEADER });
    expect(view.json()).toMatchObject({ prepMinutes: 8, categoryPrepMinutes: { [String(burgers.id)]: 20 } });

    // At 10:00 only the order for now has fired: "Selectie klaar" refuses a batch with a later one in it.
    const refused = await post('/api/kitchen/orders/ready', { ids: [now, snack] });
    expect(refused.statusCode).toBe(409);
    expect((await rowOf(now)).status).toBe('processing');
    expect((await post('/api/kitchen/orders/ready-all')).json()).toEqual({ orders: [now] });

    // At 17:40 (16:40Z) the burger order fires, the frikandel not yet: a minute before its fire time it stays.
    clock = new Date('2026-11-21T16:40:00Z');
    expect((await post('/api/kitchen/orders/ready-all')).json()).toEqual({ orders: [slow] });
    clock = new Date('2026-11-21T16:51:59Z');
    expect((await post('/api/kitchen/orders/ready-all')).json()).toEqual({ orders: [] });
    clock = new Date('2026-11-21T16:52:00Z');
    expect((await post('/api/kitchen/orders/ready', { ids: [snack] })).json()).toEqual({ orders: [snack] });
  });

  // docs/decisions/0073-preparation-time-per-product.md: as the screen /dashboard/prep-times saves them.
  it("sets an order's fire time by its products' own minutes, else their category's, else the default", async () => {
    const db = testDb.database.db;
    // A manager's route (settings.manage): signed in as one.
    await createAccount(db, { email: 'chef@example.be', password: 'Goed wachtwoord 42', role: 'manager' });
    const manager = new Browser(() => app);
    const login = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
    expect((await manager.graphql(login, { u: 'chef@example.be', p: 'Goed wachtwoord 42' })).body.errors).toBeUndefined();
    const put = (payload: unknown) => manager.request('PUT', '/api/kitchen/prep-times', payload);
    expect((await app.server.inject({ method: 'PUT', url: '/api/kitchen/prep-times', payload: { prepMinutes: 3 } })).statusCode).toBe(401);
    const grill = await aCategory(db);
    const burger = (await aProduct(db, { slug: 'burger', regularPrice: 900, categoryIds: [grill.id] })).id;
    const spare = (await aProduct(db, { slug: 'spareribs', regularPrice: 1800, categoryIds: [grill.id] })).id;
    const salad = (await aProduct(db, { slug: 'slaatje', regularPrice: 400, categoryIds: [grill.id] })).id;

    // Unknown ids are refused, naming the field, and nothing is written.
    const unknownCategory = await put({ prepMinutes: 10, categoryPrepMinutes: { '999999': 5 } });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json()).toMatchObject({ code: 'PREP_TIMES_INVALID', data: { params: ['categoryPrepMinutes'] } });
    const unknownProduct = await put({ prepMinutes: 10, productPrepMinutes: { '999999': 5 } });
    expect(unknownProduct.json()).toMatchObject({ code: 'PREP_TIMES_INVALID', data: { params: ['productPrepMinutes'] } });
    expect((await put({ prepMinutes: 241 })).statusCode).toBe(400);
    expect((await put({ prepMinutes: 10, productPrepMinutes: { [String(burger)]: -1 } })).statusCode).toBe(400);

    // Default 10, the grill 15, spareribs 25 and the salad 3 of their own.
    const saved = await put({
      prepMinutes: 10,
      categoryPrepMinutes: { [String(grill.id)]: 15 },
      productPrepMinutes: { [String(spare)]: 25, [String(salad)]: 3 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      ageAmberMinutes: 5,
      prepMinutes: 10,
      categoryPrepMinutes: { [String(grill.id)]: 15 },
      productPrepMinutes: { [String(spare)]: 25, [String(salad)]: 3 },
    });
    await catalogCaughtUp(app, testDb.database);
    const view = await app.server.inject({ method: 'GET', url: '/api/kitchen/settings', headers: STAFF_HEADER });
    expect(view.json()).toMatchObject({ prepMinutes: 10, productPrepMinutes: { [String(spare)]: 25, [String(salad)]: 3 } });

    // For the 18:00 (17:00Z) slot: the frikandel (no category time) 10 minutes before, the burger (its category)
    // 15, the spareribs (their own, longer) 25, the salad (its own, shorter) 3.
    expect((await rowOf((await placeOrder(app, productId)).databaseId)).fireAt).toEqual(new Date('2026-11-21T16:50:00Z'));
    expect((await rowOf((await placeOrder(app, burger)).databaseId)).fireAt).toEqual(new Date('2026-11-21T16:45:00Z'));
    expect((await rowOf((await placeOrder(app, spare)).databaseId)).fireAt).toEqual(new Date('2026-11-21T16:35:00Z'));
    expect((await rowOf((await placeOrder(app, salad)).databaseId)).fireAt).toEqual(new Date('2026-11-21T16:57:00Z'));

    // An order's time is its longest item's: the salad with a frikandel fires when the frikandel must start.
    expect((await rowOf(await placeCart([salad, productId], { slot: true }))).fireAt).toEqual(new Date('2026-11-21T16:50:00Z'));
    expect((await rowOf(await placeCart([salad, spare, burger], { slot: true }))).fireAt).toEqual(new Date('2026-11-21T16:35:00Z'));
  });
});
