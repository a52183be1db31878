import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import WooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, cartSession, startTestApp } from './support/server.js';
import { aCategory, aProduct } from './support/builders.js';

type ClientClass = typeof WooCommerceRestApiModule.default;
const WooCommerceRestApi: ClientClass =
  (WooCommerceRestApiModule as unknown as { default?: ClientClass }).default ?? (WooCommerceRestApiModule as unknown as ClientClass);

const WC = '/wp-json/wc/v3';
// Saturday 21 November 2026, 10:00 in Brussels.
const NOW = new Date('2026-11-21T09:00:00Z');

const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { total(format: RAW) } } }`;
const APPLY = `mutation($code: String!) { applyCoupon(input: {code: $code}) { cart { total(format: RAW) discountTotal(format: RAW) appliedCoupons { code discountAmount(format: RAW) } couponsNotApplied { code reason } } } }`;
const SHIP = `mutation($m: String!) { updateShippingMethod(input: {shippingMethods: [$m]}) { cart { total(format: RAW) shippingTotal(format: RAW) appliedCoupons { code discountAmount(format: RAW) } couponsNotApplied { code reason } } } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId total(format: RAW) discountTotal(format: RAW) couponLines fulfilmentType } } }`;
const CART = `{ cart { total(format: RAW) appliedCoupons { code } couponsNotApplied { code reason } } }`;

const billing = { firstName: 'An', lastName: 'Peeters', phone: '0470 12 34 56', address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' };

describe.each(databaseKinds)('coupons (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let writer: CreatedApiKey;
  let frikandel: number;
  let cola: number;
  let drinks: number;
  /** The app's clock: the Saturday of the slots, or the real time for OAuth-signed requests (their timestamps must be fresh). */
  let now = NOW;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    await db.insert(t.settings).values([
      { key: 'opening_hours', value: { week: { '6': [{ open: '09:00', close: '23:00' }] } } },
      { key: 'delivery', value: { enabled: true, minimumOrder: 0, maximumDistanceKm: 50, fee: 250 } },
    ]);
    drinks = (await aCategory(db, { slug: 'dranken', name: { nl: 'Dranken' } })).id;
    frikandel = (await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 300, maxQuantity: 100 })).id;
    cola = (await aProduct(db, { slug: 'cola', name: { nl: 'Cola' }, regularPrice: 200, categoryIds: [drinks] })).id;
    await db.insert(t.timeSlots).values([
      { type: 'takeaway', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 100, repeatDays: [6] },
      { type: 'delivery', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 100, repeatDays: [6] },
    ]);
    writer = await new ApiKeyService(db, () => TEST_PEPPER).create({ scope: 'read_write' });
    app = await startTestApp(testDb.database, {}, () => now);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const basic = () => `Basic ${Buffer.from(`${writer.consumerKey}:${writer.consumerSecret}`).toString('base64')}`;
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const response = await app.server.inject({
      method,
      url,
      headers: { authorization: basic(), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const allCoupons = async () => testDb.database.db.select().from(t.coupons).orderBy(t.coupons.id);
  /** A refused write: a 4xx with a clear message naming the field, and no coupon changed. */
  const refused = async (method: 'POST' | 'PUT', url: string, body: unknown, field: string, status = 400) => {
    const before = await allCoupons();
    const response = await call(method, url, body);
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body.message.length).toBeGreaterThan(10);
    expect(response.body.data.params ?? [], JSON.stringify(response.body)).toContain(field);
    expect(await allCoupons()).toEqual(before);
    return response.body;
  };

  it('the official WooCommerce client creates, lists, reads, updates, batches and deletes coupons', async () => {
    const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
    now = new Date();
    const client = new WooCommerceRestApi({ url: address, consumerKey: writer.consumerKey, consumerSecret: writer.consumerSecret, version: 'wc/v3' });
    const created = await client.post('coupons', {
      code: 'Zomer10',
      discount_type: 'percent',
      amount: '10',
      description: 'Zomerkorting',
      minimum_amount: '5.00',
      date_starts: '2026-11-01T00:00:00',
      date_expires: '2026-12-31T23:59:59',
      usage_limit: 100,
      usage_limit_per_user: 2,
      product_categories: [drinks],
      excluded_product_ids: [frikandel],
      individual_use: true,
      free_shipping: true,
      channels: ['web'],
      fulfilment_types: ['takeaway'],
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      code: 'zomer10',
      discount_type: 'percent',
      amount: '10.00',
      minimum_amount: '5.00',
      maximum_amount: '0.00',
      date_expires: '2026-12-31T23:59:59',
      // Brussels is UTC+1 in winter: the local end is 22:59:59 UTC.
      date_expires_gmt: '2026-12-31T22:59:59',
      date_starts: '2026-11-01T00:00:00',
      usage_limit: 100,
      usage_limit_per_user: 2,
      usage_count: 0,
      used_by: [],
      product_categories: [drinks],
      excluded_product_ids: [frikandel],
      individual_use: true,
      free_shipping: true,
      channels: ['web'],
      fulfilment_types: ['takeaway'],
    });
    const id = created.data.id as number;
    expect((await client.get(`coupons/${id}`)).data.code).toBe('zomer10');
    const listed = await client.get('coupons', { search: 'zomer' });
    expect(listed.data.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(listed.headers['x-wp-total']).toBe('1');
    const updated = await client.put(`coupons/${id}`, { amount: '15', maximum_amount: '80.00', fulfilment_types: [] });
    expect(updated.data).toMatchObject({ amount: '15.00', maximum_amount: '80.00', fulfilment_types: [], channels: ['web'] });

    const batch = await client.post('coupons/batch', {
      create: [
        { code: 'vijfeuro', discount_type: 'fixed_cart', amount: '5.00' },
        { code: 'ZOMER10', discount_type: 'fixed_cart', amount: '5.00' },
      ],
      update: [{ id, description: 'Zomer' }],
    });
    expect(batch.data.create[0]).toMatchObject({ code: 'vijfeuro', amount: '5.00', discount_type: 'fixed_cart' });
    // The duplicate (case-insensitive) fails on its own; the rest of the batch went through.
    expect(batch.data.create[1].error).toMatchObject({ code: 'woocommerce_rest_coupon_code_already_exists' });
    expect(batch.data.update[0]).toMatchObject({ id, description: 'Zomer' });
    const second = batch.data.create[0].id as number;
    const removed = await client.post('coupons/batch', { delete: [second] });
    expect(removed.data.delete[0]).toMatchObject({ id: second, code: 'vijfeuro' });
    const deleted = await client.delete(`coupons/${id}`, { force: true });
    expect(deleted.data.id).toBe(id);
    expect(await allCoupons()).toEqual([]);
    await expect(client.get(`coupons/${id}`)).rejects.toMatchObject({ response: { status: 404 } });
    now = NOW;
  });

  it('refuses bad coupons with a clear error and changes nothing', async () => {
    const ok = await call('POST', `${WC}/coupons`, { code: 'goed', discount_type: 'fixed_cart', amount: '2.00' });
    expect(ok.status).toBe(201);
    await refused('POST', `${WC}/coupons`, { code: 'neg', discount_type: 'fixed_cart', amount: '-5.00' }, 'amount');
    await refused('POST', `${WC}/coupons`, { code: 'nul', discount_type: 'fixed_cart', amount: '0' }, 'amount');
    await refused('POST', `${WC}/coupons`, { code: 'teveel', discount_type: 'percent', amount: '101' }, 'amount');
    await refused(
      'POST',
      `${WC}/coupons`,
      { code: 'omgekeerd', amount: '1.00', date_starts: '2026-12-10T00:00:00', date_expires: '2026-12-01T00:00:00' },
      'date_expires',
    );
    await refused('POST', `${WC}/coupons`, { code: 'GOED', discount_type: 'fixed_cart', amount: '3.00' }, 'code', 409);
    await refused('POST', `${WC}/coupons`, { code: 'x y', amount: '3.00' }, 'code');
    await refused('POST', `${WC}/coupons`, { code: 'kanaal', amount: '3.00', channels: ['fax'] }, 'channels');
    await refused('POST', `${WC}/coupons`, { code: 'minmax', amount: '3.00', minimum_amount: '20', maximum_amount: '10' }, 'maximum_amount');
    // Updates are checked as the whole coupon after the change.
    await refused('PUT', `${WC}/coupons/${ok.body.id}`, { discount_type: 'percent', amount: '250' }, 'amount');
    await refused('PUT', `${WC}/coupons/${ok.body.id}`, { date_starts: '2027-01-02', date_expires: '2027-01-01' }, 'date_expires');
    const other = await call('POST', `${WC}/coupons`, { code: 'ander', amount: '1.00' });
    await refused('PUT', `${WC}/coupons/${other.body.id}`, { code: 'Goed' }, 'code', 409);
    expect((await call('GET', `${WC}/coupons/999999`)).status).toBe(404);
    expect((await call('DELETE', `${WC}/coupons/${ok.body.id}`)).status).toBe(400);
    await call('DELETE', `${WC}/coupons/${ok.body.id}?force=true`);
    await call('DELETE', `${WC}/coupons/${other.body.id}?force=true`);
  });

  const slot = async (shop: ReturnType<typeof cartSession>, type: 'TAKEAWAY' | 'DELIVERY') =>
    (await shop(`query($type: FulfilmentTypeEnum!) { availableTimeSlots(type: $type, date: "2026-11-21") { id } }`, { type })).data.availableTimeSlots[0].id;
  const checkoutInput = (fulfilment: string, slotId: string, email: string) => ({
    paymentMethod: 'cod',
    billing: { ...billing, email },
    metaData: [
      { key: 'fulfilment_type', value: fulfilment },
      { key: 'time_slot', value: slotId },
    ],
  });

  it('a takeaway + web coupon applies to takeaway, not to delivery nor to the kiosk; the cart says which', async () => {
    const coupon = await call('POST', `${WC}/coupons`, {
      code: 'afhaal2',
      discount_type: 'fixed_cart',
      amount: '2.00',
      channels: ['web'],
      fulfilment_types: ['takeaway'],
    });
    expect(coupon.status).toBe(201);
    const shop = cartSession(() => app);
    await shop(ADD, { productId: frikandel, quantity: 2 });
    const applied = await shop(APPLY, { code: 'AFHAAL2' });
    expect(applied.errors).toBeUndefined();
    expect(applied.data.applyCoupon.cart).toMatchObject({
      total: '4.00',
      appliedCoupons: [{ code: 'afhaal2', discountAmount: '2.00' }],
      couponsNotApplied: [],
    });
    // Delivery: kept in the cart, but takes nothing off, and the cart says why.
    const delivery = await shop(SHIP, { m: 'delivery' });
    expect(delivery.data.updateShippingMethod.cart).toMatchObject({
      total: '8.50',
      appliedCoupons: [],
      couponsNotApplied: [{ code: 'afhaal2', reason: 'fulfilment' }],
    });
    const deliveryOrder = await shop(CHECKOUT, { input: checkoutInput('delivery', await slot(shop, 'DELIVERY'), 'lever@example.be') });
    expect(deliveryOrder.errors).toBeUndefined();
    expect(deliveryOrder.data.checkout.order).toMatchObject({ total: '8.50', discountTotal: '0.00', couponLines: [], fulfilmentType: 'delivery' });

    // The same coupon on a takeaway order.
    await shop(ADD, { productId: frikandel, quantity: 2 });
    await shop(APPLY, { code: 'afhaal2' });
    const takeaway = await shop(SHIP, { m: 'takeaway' });
    expect(takeaway.data.updateShippingMethod.cart.appliedCoupons).toEqual([{ code: 'afhaal2', discountAmount: '2.00' }]);
    const takeawayOrder = await shop(CHECKOUT, { input: checkoutInput('takeaway', await slot(shop, 'TAKEAWAY'), 'afhaal@example.be') });
    expect(takeawayOrder.errors).toBeUndefined();
    expect(takeawayOrder.data.checkout.order).toMatchObject({ total: '4.00', discountTotal: '2.00', couponLines: ['afhaal2'] });

    // A kiosk order (channel kiosk) does not get a web-only coupon.
    await shop(ADD, { productId: frikandel, quantity: 2 });
    await shop(APPLY, { code: 'afhaal2' });
    const input = checkoutInput('takeaway', await slot(shop, 'TAKEAWAY'), 'kiosk@example.be');
    const kiosk = await shop(CHECKOUT, { input: { ...input, metaData: [...input.metaData, { key: 'channel', value: 'kiosk' }] } });
    expect(kiosk.errors).toBeUndefined();
    expect(kiosk.data.checkout.order).toMatchObject({ total: '6.00', couponLines: [] });
    const [row] = await testDb.database.db.select().from(t.coupons).where(eq(t.coupons.id, coupon.body.id));
    expect(row!.usageCount).toBe(1);
  });

  it('product and category limits, fixed per product, maximum spend and individual use', async () => {
    await call('POST', `${WC}/coupons/batch`, {
      create: [
        { code: 'drank50', discount_type: 'percent', amount: '50', product_categories: [drinks] },
        { code: 'friet1', discount_type: 'fixed_product', amount: '1.00', product_ids: [frikandel] },
        { code: 'klein', discount_type: 'fixed_cart', amount: '1.00', maximum_amount: '5.00' },
        { code: 'alleen', discount_type: 'fixed_cart', amount: '0.50', individual_use: true },
      ],
    });
    const shop = cartSession(() => app);
    await shop(ADD, { productId: frikandel, quantity: 2 });
    await shop(ADD, { productId: cola, quantity: 1 });
    await shop(APPLY, { code: 'drank50' });
    const both = await shop(APPLY, { code: 'friet1' });
    // 50% of the cola (1.00) and 1.00 per frikandel (2.00): 8.00 - 3.00.
    expect(both.data.applyCoupon.cart).toMatchObject({
      total: '5.00',
      appliedCoupons: [
        { code: 'drank50', discountAmount: '1.00' },
        { code: 'friet1', discountAmount: '2.00' },
      ],
    });
    const small = await shop(APPLY, { code: 'klein' });
    expect(small.data.applyCoupon.cart.couponsNotApplied).toEqual([{ code: 'klein', reason: 'maximum_spend' }]);
    // An individual-use coupon replaces the others.
    const alone = await shop(APPLY, { code: 'alleen' });
    expect(alone.data.applyCoupon.cart).toMatchObject({ total: '7.50', appliedCoupons: [{ code: 'alleen' }], couponsNotApplied: [] });
    expect((await shop(CART)).data.cart.total).toBe('7.50');
  });

  it('50 concurrent checkouts with a single-use coupon: exactly one gets the discount, the others fail clearly and keep nothing', async () => {
    await call('POST', `${WC}/coupons`, { code: 'eenmalig', discount_type: 'fixed_cart', amount: '3.00', usage_limit: 1 });
    const shops = Array.from({ length: 50 }, () => cartSession(() => app));
    for (const shop of shops) {
      await shop(ADD, { productId: frikandel, quantity: 1 });
      const applied = await shop(APPLY, { code: 'eenmalig' });
      expect(applied.data.applyCoupon.cart.total).toBe('0.00');
    }
    const slotId = await slot(shops[0]!, 'TAKEAWAY');
    const ordersBefore = (await testDb.database.db.select({ id: t.orders.id }).from(t.orders)).length;
    const results = await Promise.all(shops.map((shop, i) => shop(CHECKOUT, { input: checkoutInput('takeaway', slotId, `klant${i}@example.be`) })));
    const won = results.filter((r) => !r.errors);
    const lost = results.filter((r) => r.errors);
    expect(won).toHaveLength(1);
    expect(won[0]!.data.checkout.order).toMatchObject({ total: '0.00', discountTotal: '3.00', couponLines: ['eenmalig'] });
    expect(lost).toHaveLength(49);
    for (const r of lost) expect(r.errors[0]).toMatchObject({ message: 'Coupon usage limit has been reached.', extensions: { code: 'COUPON_USAGE_LIMIT' } });
    const [row] = await testDb.database.db.select().from(t.coupons).where(eq(t.coupons.code, 'eenmalig'));
    expect(row!.usageCount).toBe(1);
    expect((await testDb.database.db.select().from(t.couponUsages).where(eq(t.couponUsages.couponId, row!.id))).length).toBe(1);
    expect((await testDb.database.db.select({ id: t.orders.id }).from(t.orders)).length).toBe(ordersBefore + 1);
    // A loser's cart tells the code is used up; checking out again fails the same way until the customer
    // removes the code, then goes through at the full price.
    const loser = shops[results.findIndex((r) => r.errors)]!;
    expect((await loser(CART)).data.cart).toMatchObject({ total: '3.00', couponsNotApplied: [{ code: 'eenmalig', reason: 'usage_limit' }] });
    const refusedAgain = await loser(CHECKOUT, { input: checkoutInput('takeaway', slotId, 'opnieuw@example.be') });
    expect(refusedAgain.errors[0].extensions.code).toBe('COUPON_USAGE_LIMIT');
    expect((await loser(`mutation { removeCoupons(input: {codes: ["eenmalig"]}) { cart { total(format: RAW) } } }`)).data.removeCoupons.cart.total).toBe(
      '3.00',
    );
    const again = await loser(CHECKOUT, { input: checkoutInput('takeaway', slotId, 'opnieuw@example.be') });
    expect(again.errors).toBeUndefined();
    expect(again.data.checkout.order).toMatchObject({ total: '3.00', couponLines: [] });
  }, 120_000);
});
