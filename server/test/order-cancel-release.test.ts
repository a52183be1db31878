import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { issueGiftCard } from '../src/modules/gift-cards/gift-cards.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { aShopTakingOrders, NOW } from './support/orders.js';
import { TEST_PEPPER, cartSession, catalogCaughtUp, startTestApp } from './support/server.js';

/**
 * Every path that ends an order goes through the lifecycle (docs/decisions/0060-order-lifecycle.md), so each
 * gives back all that placing it took: its slot place, managed stock, what a gift card paid and its coupon use.
 */
const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { total(format: RAW) } } }`;
const APPLY = `mutation($code: String!) { applyCoupon(input: {code: $code}) { cart { total(format: RAW) } } }`;
const SLOTS = `query { availableTimeSlots(type: TAKEAWAY, date: "2026-11-21") { id } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId status } } }`;
const COUPON = 'korting1';

describe.each(databaseKinds)('a cancel from any path gives back what the order took (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let manager: Browser;
  let writer: CreatedApiKey;
  let productId: number;
  let now = NOW;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    ({ productId } = await aShopTakingOrders(db));
    await db.update(t.products).set({ manageStock: true, stockQuantity: 50 }).where(eq(t.products.id, productId));
    await db.insert(t.coupons).values({ code: COUPON, discountType: 'fixed_cart', amount: 100, usageLimit: 100 });
    writer = await new ApiKeyService(db, () => TEST_PEPPER).create({ scope: 'read_write' });
    app = await startTestApp(testDb.database, { BAKJE_JOB_RUNNER: 'false' }, () => now);
    await catalogCaughtUp(app, testDb.database);
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    manager = new Browser(() => app);
    expect((await manager.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' })).body.data.login.viewer.role).toBe('admin');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const db = () => testDb.database.db;
  const store = async (method: 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const response = await app.server.inject({
      method,
      url,
      headers: {
        authorization: `Basic ${Buffer.from(`${writer.consumerKey}:${writer.consumerSecret}`).toString('base64')}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** What an order takes when it is placed, as the shop sees it now. */
  async function holdings(giftCardId: number) {
    const [slot] = await db().select({ booked: t.slotBookings.booked }).from(t.slotBookings);
    const [product] = await db().select({ stock: t.products.stockQuantity }).from(t.products).where(eq(t.products.id, productId));
    const [card] = await db().select({ balance: t.giftCards.balance }).from(t.giftCards).where(eq(t.giftCards.id, giftCardId));
    const [coupon] = await db().select({ id: t.coupons.id, uses: t.coupons.usageCount }).from(t.coupons).where(eq(t.coupons.code, COUPON));
    const usages = await db().select().from(t.couponUsages).where(eq(t.couponUsages.couponId, coupon!.id));
    return { booked: slot?.booked ?? 0, stock: product!.stock ?? 0, giftCard: card!.balance, couponUses: coupon!.uses, couponUsages: usages.length };
  }

  /**
   * A customer orders two pieces for a slot with the coupon and a €3 gift card, paying the rest by `paymentMethod`;
   * the order took one slot place, two pieces, €3 from the card and one coupon use.
   */
  async function placeWithEverything(paymentMethod = 'cod') {
    const card = await issueGiftCard(db(), { amount: 300, recipientName: 'Klant', source: 'staff' }, now);
    const before = await holdings(card.id);
    const shop = cartSession(app);
    expect((await shop(ADD, { productId, quantity: 2 })).errors).toBeUndefined();
    expect((await shop(APPLY, { code: COUPON })).errors).toBeUndefined();
    expect((await shop(APPLY, { code: card.code })).errors).toBeUndefined();
    const slot = (await shop(SLOTS)).data.availableTimeSlots[0].id;
    const placed = await shop(CHECKOUT, {
      input: {
        paymentMethod,
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
      },
    });
    expect(placed.errors).toBeUndefined();
    const orderId: number = placed.data.checkout.order.databaseId;
    expect(await holdings(card.id)).toEqual({
      booked: before.booked + 1,
      stock: before.stock - 2,
      giftCard: 0,
      couponUses: before.couponUses + 1,
      couponUsages: before.couponUsages + 1,
    });
    return { orderId, before, giftCardId: card.id };
  }

  const statusOf = async (orderId: number) => (await db().select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, orderId)))[0]?.status;

  it('the dashboard and the kitchen: cancel with a reason', async () => {
    const { orderId, before, giftCardId } = await placeWithEverything();
    const response = await manager.request('POST', `/api/orders/${orderId}/cancel`, { reason: 'Frituur zonder olie' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await statusOf(orderId)).toBe('cancelled');
    expect(await holdings(giftCardId)).toEqual(before);
  });

  it('the store REST API: PUT status cancelled, refunded or failed', async () => {
    for (const status of ['cancelled', 'refunded', 'failed'] as const) {
      const { orderId, before, giftCardId } = await placeWithEverything();
      await store('PUT', `/wp-json/wc/v3/orders/${orderId}`, { status });
      expect(await statusOf(orderId)).toBe(status);
      expect(await holdings(giftCardId)).toEqual(before);
    }
  });

  it('the store REST API: DELETE without force (trash)', async () => {
    const { orderId, before, giftCardId } = await placeWithEverything();
    await store('DELETE', `/wp-json/wc/v3/orders/${orderId}`);
    expect(await statusOf(orderId)).toBe('cancelled');
    expect(await holdings(giftCardId)).toEqual(before);
  });

  it('the payments: the provider refunds a paid order', async () => {
    const { orderId, before, giftCardId } = await placeWithEverything('bancontact');
    const simulator = app.payments.simulator!;
    simulator.controls.sendNotifications = false;
    simulator.setStatus(String(orderId), 'completed');
    expect((await app.payments.service!.refresh(String(orderId)))?.status).toBe('paid');
    expect(await statusOf(orderId)).toBe('processing');
    simulator.setStatus(String(orderId), 'refunded');
    expect((await app.payments.service!.refresh(String(orderId)))?.status).toBe('refunded');
    expect(await statusOf(orderId)).toBe('refunded');
    expect(await holdings(giftCardId)).toEqual(before);
  });

  it('the payments: an order still unpaid at its cut-off', async () => {
    const { orderId, before, giftCardId } = await placeWithEverything('bancontact');
    expect(await statusOf(orderId)).toBe('pending');
    const [order] = await db().select({ slotStart: t.orders.slotStart }).from(t.orders).where(eq(t.orders.id, orderId));
    const at = now;
    now = new Date(order!.slotStart!.getTime() - 9 * 60_000);
    try {
      expect((await app.payments.service!.reconcile()).cancelled).toBe(1);
    } finally {
      now = at;
    }
    expect(await statusOf(orderId)).toBe('cancelled');
    expect(await holdings(giftCardId)).toEqual(before);
    const [payment] = await db()
      .select({ status: t.payments.status })
      .from(t.payments)
      .where(and(eq(t.payments.orderId, orderId)));
    expect(payment?.status).toBe('failed');
  });
});
