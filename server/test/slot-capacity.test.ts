import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { cancelOrder } from '../src/modules/orders/lifecycle.js';
import { SLOT_TAKEN, SLOT_TOO_SMALL } from '../src/modules/slots/time-slots.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { cartSession, startTestApp } from './support/server.js';

// Saturday 21 November 2026, 10:00 in Brussels.
const NOW = new Date('2026-11-21T09:00:00Z');
const DAY = '2026-11-21';
const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { isEmpty } } }`;
const SLOTS = `query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id remaining isFullyBooked } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId } } }`;
const billing = { firstName: 'An', lastName: 'Peeters', phone: '0470 12 34 56', address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' };

/**
 * Capacity by items and by euros (docs/decisions/0027-slot-capacity.md): concurrent checkouts never book more
 * than the slot holds, the order that would overfill it is refused, and a cancel gives back exactly its load.
 */
describe.each(databaseKinds)('slot capacity by items and euros on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  let slotId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    await db.insert(t.settings).values({ key: 'opening_hours', value: { week: { '6': [{ open: '09:00', close: '23:00' }] } } });
    // € 2,80 a piece.
    productId = (await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 280, maxQuantity: 60 })).id;
    const [slot] = await db
      .insert(t.timeSlots)
      .values({ type: 'takeaway', startTime: '18:00', endTime: '18:15', intervalMinutes: 15, maxOrders: 1000, repeatDays: [6] })
      .returning();
    slotId = slot!.id;
    app = await startTestApp(testDb.database, {}, () => NOW);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });
  beforeEach(async () => {
    await testDb.database.db.delete(t.slotBookings);
  });

  const slotOption = () => `${slotId}@${DAY}T18:00`;

  async function checkoutAll(quantities: number[]) {
    const customers = quantities.map(() => cartSession(app));
    await Promise.all(customers.map((call, i) => call(ADD, { productId, quantity: quantities[i] })));
    const input = {
      billing,
      metaData: [
        { key: 'fulfilment_type', value: 'takeaway' },
        { key: 'time_slot', value: slotOption() },
      ],
    };
    const results = await Promise.all(customers.map((call) => call(CHECKOUT, { input })));
    return results.map((r, i) => ({
      quantity: quantities[i]!,
      orderId: r.data?.checkout?.order?.databaseId as number | undefined,
      error: r.errors?.[0]?.message as string | undefined,
    }));
  }

  async function booking() {
    const [row] = await testDb.database.db.select().from(t.slotBookings).where(eq(t.slotBookings.slotId, slotId));
    return row;
  }

  async function ordersOf(ids: number[]) {
    return testDb.database.db.select().from(t.orders).where(inArray(t.orders.id, ids));
  }

  it('a 12-item slot takes 12 single portions of 50 concurrent checkouts and refuses the 13th', async () => {
    await testDb.database.db.update(t.timeSlots).set({ capacityMode: 'items', maxItems: 12 }).where(eq(t.timeSlots.id, slotId));
    const results = await checkoutAll(Array.from({ length: 50 }, () => 1));
    const won = results.filter((r) => r.orderId);
    expect(won).toHaveLength(12);
    expect(results.filter((r) => r.error === SLOT_TAKEN)).toHaveLength(38);
    expect(await booking()).toMatchObject({ booked: 12, itemsBooked: 12, itemsCapacity: 12 });
    const slots = await cartSession(app)(SLOTS);
    expect(slots.data.availableTimeSlots[0]).toMatchObject({ remaining: 0, isFullyBooked: true });
  }, 120_000);

  it('mixed order sizes: never more than 12 items booked, and every refused order would have made more than 12', async () => {
    await testDb.database.db.update(t.timeSlots).set({ capacityMode: 'items', maxItems: 12 }).where(eq(t.timeSlots.id, slotId));
    const quantities = Array.from({ length: 50 }, (_, i) => (i % 3) + 1);
    const results = await checkoutAll(quantities);
    const won = results.filter((r) => r.orderId);
    const total = won.reduce((sum, r) => sum + r.quantity, 0);
    expect(total).toBeLessThanOrEqual(12);
    for (const refused of results.filter((r) => !r.orderId)) {
      expect(refused.error).toBe(SLOT_TAKEN);
      expect(total + refused.quantity).toBeGreaterThan(12);
    }
    const row = await booking();
    expect(row).toMatchObject({ booked: won.length, itemsBooked: total });
    // Each order remembers its load, and a cancel gives back exactly that.
    const orders = await ordersOf(won.map((r) => r.orderId!));
    expect(orders.reduce((sum, o) => sum + o.slotItems, 0)).toBe(total);
    const cancelled = orders[0]!;
    expect(await cancelOrder(testDb.database.db, cancelled.id)).toBe(true);
    expect(await booking()).toMatchObject({
      booked: won.length - 1,
      itemsBooked: total - cancelled.slotItems,
      amountBooked: row!.amountBooked - cancelled.slotAmount,
    });
    // A second cancel gives nothing back twice.
    expect(await cancelOrder(testDb.database.db, cancelled.id)).toBe(false);
    expect((await booking())!.itemsBooked).toBe(total - cancelled.slotItems);
  }, 120_000);

  it('an order larger than the whole slot is refused as too large, nothing booked', async () => {
    await testDb.database.db.update(t.timeSlots).set({ capacityMode: 'items', maxItems: 12 }).where(eq(t.timeSlots.id, slotId));
    const [result] = await checkoutAll([13]);
    expect(result!.error).toBe(SLOT_TOO_SMALL);
    expect(await booking()).toBeUndefined();
  });

  it('a € 28 slot takes ten € 2,80 orders of 50 concurrent checkouts, mixed sizes never pass € 28', async () => {
    await testDb.database.db.update(t.timeSlots).set({ capacityMode: 'amount', maxAmount: 2800 }).where(eq(t.timeSlots.id, slotId));
    const single = await checkoutAll(Array.from({ length: 50 }, () => 1));
    expect(single.filter((r) => r.orderId)).toHaveLength(10);
    expect(single.filter((r) => r.error === SLOT_TAKEN)).toHaveLength(40);
    expect(await booking()).toMatchObject({ booked: 10, amountBooked: 2800, amountCapacity: 2800 });

    await testDb.database.db.delete(t.slotBookings);
    const quantities = Array.from({ length: 50 }, (_, i) => (i % 4) + 1);
    const mixed = await checkoutAll(quantities);
    const won = mixed.filter((r) => r.orderId);
    const cents = won.reduce((sum, r) => sum + r.quantity * 280, 0);
    expect(cents).toBeLessThanOrEqual(2800);
    for (const refused of mixed.filter((r) => !r.orderId)) expect(cents + refused.quantity * 280).toBeGreaterThan(2800);
    expect(await booking()).toMatchObject({ amountBooked: cents });
    expect((await ordersOf(won.map((r) => r.orderId!))).every((o) => o.slotAmount === o.total - o.shippingTotal)).toBe(true);
  }, 120_000);
});
