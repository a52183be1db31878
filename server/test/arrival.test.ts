import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import * as t from '../src/db/schema/index.js';
import { createLogger } from '../src/logger.js';
import { savePrepTimes } from '../src/modules/kitchen/kitchen-settings.js';
import { loadKitchenOrder } from '../src/modules/order-events/kitchen-order.js';
import { aCategory, aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { aShopTakingOrders, anOrder, NOW, placeOrder, STAFF_HEADER, type PlacedOrder } from './support/orders.js';
import { catalogCaughtUp, graphql } from './support/server.js';

// "Ik kom eraan" and "Ik ben er" (docs/decisions/0082-ik-kom-eraan.md). Every order is for today's first slot,
// 18:00-18:15 local (17:00Z-17:15Z), with the default preparation time of 8 minutes: it fires at 16:52Z.
const COMING = `mutation($input: AnnounceArrivalInput!) { announceArrival(input: $input) { order { arrival { open awaited arriveAt arrivedAt spot defaultMinutes choices } } } }`;
const HERE = `mutation($input: AnnounceAtDoorInput!) { announceAtDoor(input: $input) { order { arrival { arrivedAt spot } } } }`;
const at = (iso: string) => new Date(`2026-11-21T${iso}Z`);

describe.each(databaseKinds)('"Ik kom eraan" on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  let friesId: number;
  // The shop's clock, moved by each case.
  let clock = NOW;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    ({ productId } = await aShopTakingOrders(db));
    // Fries wait for the customer before frying; the shop offers 15 minutes first.
    const fries = await aCategory(db);
    friesId = (await aProduct(db, { slug: 'friet', regularPrice: 350, categoryIds: [fries.id] })).id;
    await savePrepTimes(db, { prepMinutes: 8, categoryPrepMinutes: {}, productPrepMinutes: {}, arrivalCategoryIds: [fries.id], arrivalDefaultMinutes: 15 });
    const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0' });
    app = await buildApp(config, testDb.database, createLogger('silent'), () => clock, {
      authorizeStaff: async (request) => request.headers['x-test-staff'] === 'kitchen',
    });
    await catalogCaughtUp(app, testDb.database);
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const rowOf = async (id: number) => (await testDb.database.db.select().from(t.orders).where(eq(t.orders.id, id)))[0]!;
  const eventsOf = async (id: number) => (await testDb.database.db.select({ n: count() }).from(t.orderEvents).where(eq(t.orderEvents.orderId, id)))[0]!.n;
  /** The order page's call: its session (the token the checkout gave) or its key. */
  const say = (query: string, order: PlacedOrder, input: Record<string, unknown>, auth: { token?: string; key?: string } = { token: order.token }) =>
    graphql(
      app,
      query,
      { input: { orderId: order.databaseId, ...(auth.key ? { orderKey: auth.key } : {}), ...input } },
      auth.token ? { 'woocommerce-session': `Session ${auth.token}` } : {},
    ).then((r) => r.body as { data?: Record<string, { order: { arrival: Record<string, unknown> } }>; errors?: { extensions: Record<string, unknown> }[] });
  const place = async (product = productId) => {
    clock = NOW;
    return placeOrder(app, product);
  };

  it('moves the fire time to the arrival minus the preparation time, as an order event, and again when it changes', async () => {
    const order = await place();
    expect(await rowOf(order.databaseId)).toMatchObject({ fireAt: at('16:52:00'), prepMinutes: 8, awaitsArrival: false, arriveAt: null });
    const before = await eventsOf(order.databaseId);

    clock = at('16:30:00');
    const answer = await say(COMING, order, { minutes: 10 });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.announceArrival!.order.arrival).toMatchObject({ open: true, awaited: false, arriveAt: '2026-11-21T16:40:00.000Z', arrivedAt: null });
    // Ready at 16:40 for 8 minutes' work: fired at 16:32, and the kitchen streams hear of it.
    expect(await rowOf(order.databaseId)).toMatchObject({ arriveAt: at('16:40:00'), fireAt: at('16:32:00') });
    expect(await eventsOf(order.databaseId)).toBe(before + 1);
    const [event] = await testDb.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, order.databaseId), eq(t.orderEvents.type, 'order.status-changed')));
    expect(event!.payload).toMatchObject({
      action: 'arrival',
      order: { fireAt: '2026-11-21T16:32:00.000Z', arrival: { arriveAt: '2026-11-21T16:40:00.000Z' } },
    });

    // Idempotent: the same arrival said again (within the minute) changes nothing and tells nobody.
    clock = at('16:30:40');
    expect((await say(COMING, order, { minutes: 10 })).errors).toBeUndefined();
    expect(await eventsOf(order.databaseId)).toBe(before + 1);
    expect(await rowOf(order.databaseId)).toMatchObject({ arriveAt: at('16:40:00'), fireAt: at('16:32:00') });

    // Once fired the kitchen has started: a new arrival is told, the fire time stays.
    clock = at('16:33:00');
    expect((await say(COMING, order, { minutes: 20 })).errors).toBeUndefined();
    expect(await rowOf(order.databaseId)).toMatchObject({ arriveAt: at('16:53:00'), fireAt: at('16:32:00') });
    expect(await eventsOf(order.databaseId)).toBe(before + 2);
  });

  it("holds an order with a waiting category until the latest fire time, never later than the slot's end", async () => {
    const fries = await place(friesId);
    const snack = await place();
    // Fries: the latest fire time that still makes the slot (17:15 - 8 min); the snack as always.
    expect(await rowOf(fries.databaseId)).toMatchObject({ awaitsArrival: true, fireAt: at('17:07:00') });
    expect(await rowOf(snack.databaseId)).toMatchObject({ awaitsArrival: false, fireAt: at('16:52:00') });
    expect(await loadKitchenOrder(testDb.database.db, fries.databaseId)).toMatchObject({ arrival: { awaiting: true } });
    expect((await loadKitchenOrder(testDb.database.db, snack.databaseId))!.arrival).toBeUndefined();
    const view = await app.server.inject({ method: 'GET', url: '/api/kitchen/settings', headers: STAFF_HEADER });
    expect(view.json()).toMatchObject({ arrivalDefaultMinutes: 15 });

    // Coming in 20 minutes at 17:00 would be 17:20, after the slot: ready at its end, so fired at 17:07 (not 17:12).
    clock = at('17:00:00');
    const answer = await say(COMING, fries, { minutes: 20 });
    expect(answer.data!.announceArrival!.order.arrival).toMatchObject({ awaited: true, defaultMinutes: 15, choices: [5, 10, 15, 20] });
    expect(await rowOf(fries.databaseId)).toMatchObject({ arriveAt: at('17:20:00'), fireAt: at('17:07:00') });

    // Saying it early fires it early, never before now: coming in 5 at 16:00 fires at 16:00 (16:05 - 8 min).
    const early = await place(friesId);
    clock = at('16:00:00');
    await say(COMING, early, { minutes: 5 });
    expect(await rowOf(early.databaseId)).toMatchObject({ arriveAt: at('16:05:00'), fireAt: at('16:00:00') });
  });

  it('only for the holder, takeaway, an open order and the offered minutes', async () => {
    const order = await place();
    clock = at('16:00:00');
    // Another customer (their own session, no key), or a wrong key: the order does not exist for them.
    const stranger = await placeOrder(app, productId);
    for (const auth of [{ token: stranger.token }, { token: stranger.token, key: 'wc_order_wrong' }]) {
      const refused = await say(COMING, order, { minutes: 10 }, auth);
      expect(refused.errors![0]!.extensions).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 });
    }
    expect(await rowOf(order.databaseId)).toMatchObject({ arriveAt: null });
    // The key from the order's link works in any browser, as the order page does.
    expect((await say(COMING, order, { minutes: 15 }, { key: order.orderKey })).errors).toBeUndefined();

    for (const minutes of [0, 7, 25, -5]) {
      const refused = await say(COMING, order, { minutes });
      expect(refused.errors![0]!.extensions).toMatchObject({ code: 'INVALID_INPUT', params: ['minutes'] });
    }

    const delivery = await anOrder(testDb.database.db, { fulfilmentType: 'delivery' }, productId);
    const notTakeaway = await say(COMING, { ...order, databaseId: delivery.id }, { minutes: 10 }, { key: delivery.orderKey });
    expect(notTakeaway.errors![0]!.extensions).toMatchObject({ code: 'ARRIVAL_REFUSED', reason: 'not-takeaway', status: 409 });

    const ready = await app.server.inject({ method: 'POST', url: `/api/kitchen/orders/${order.databaseId}/ready`, headers: STAFF_HEADER });
    expect(ready.statusCode).toBe(200);
    for (const [query, input] of [
      [COMING, { minutes: 5 }],
      [HERE, {}],
    ] as const) {
      const closed = await say(query, order, input);
      expect(closed.errors![0]!.extensions).toMatchObject({ code: 'ARRIVAL_REFUSED', reason: 'closed' });
    }
  });

  it('"Ik ben er" tells the counter, with the spot as one line of plain text', async () => {
    const order = await place(friesId);
    clock = at('17:01:00');
    const before = await eventsOf(order.databaseId);
    const tooLong = await say(HERE, order, { spot: 'x'.repeat(81) });
    expect(tooLong.errors![0]!.extensions).toMatchObject({ code: 'INVALID_INPUT', params: ['spot'] });

    const answer = await say(HERE, order, { spot: '  <b>Blauwe auto</b>\n op\tparking ' });
    expect(answer.data!.announceAtDoor!.order.arrival).toEqual({ arrivedAt: '2026-11-21T17:01:00.000Z', spot: '<b>Blauwe auto</b> op parking' });
    expect(await loadKitchenOrder(testDb.database.db, order.databaseId)).toMatchObject({
      arrival: { awaiting: true, arrivedAt: '2026-11-21T17:01:00.000Z', spot: '<b>Blauwe auto</b> op parking' },
    });
    expect(await eventsOf(order.databaseId)).toBe(before + 1);
    // The same again: nothing new; another spot: told, keeping when they came.
    clock = at('17:02:00');
    await say(HERE, order, { spot: '<b>Blauwe auto</b> op parking' });
    expect(await eventsOf(order.databaseId)).toBe(before + 1);
    await say(HERE, order, { spot: 'aan de deur' });
    expect(await rowOf(order.databaseId)).toMatchObject({ arrivedAt: at('17:01:00'), arrivalSpot: 'aan de deur' });
    expect(await eventsOf(order.databaseId)).toBe(before + 2);
  });
});
