import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { aShopTakingOrders, NOW, placeOrder, STAFF_HEADER, startListeningApp } from './support/orders.js';
import { catalogCaughtUp } from './support/server.js';
import { SseClient } from './support/sse-client.js';

describe.each(databaseKinds)('live order events on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let base: string;
  let productId: number;
  const clients: SseClient[] = [];
  const connect = async (path: string, headers: Record<string, string> = {}) => {
    const client = await SseClient.connect(`${base}${path}`, headers);
    clients.push(client);
    return client;
  };

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(testDb.database.db));
    ({ app, base } = await startListeningApp(testDb.database));
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await app.close();
    await testDb.cleanup();
  });

  it('a kitchen client that reconnects with Last-Event-ID gets exactly the three orders it missed', async () => {
    const kitchen = await connect('/api/events/kitchen', STAFF_HEADER);
    expect(kitchen.status).toBe(200);
    const [snapshot] = await kitchen.waitForCount(1);
    expect(snapshot).toMatchObject({ event: 'snapshot', data: { orders: [] } });

    const first = await placeOrder(app, productId);
    const [, created] = await kitchen.waitForCount(2);
    expect(created).toMatchObject({ event: 'order', data: { type: 'order.created', order: { id: first.databaseId, status: 'processing' } } });
    const lastSeen = kitchen.lastEventId!;
    kitchen.close();

    const missed = [];
    for (let i = 0; i < 3; i++) missed.push(await placeOrder(app, productId));

    const again = await connect('/api/events/kitchen', { ...STAFF_HEADER, 'last-event-id': lastSeen });
    const replayed = await again.waitForCount(3);
    // One more order afterwards proves the stream goes on live, and that nothing else came before it.
    const after = await placeOrder(app, productId);
    const all = await again.waitForCount(4);
    expect(all.map((e) => e.event)).toEqual(['order', 'order', 'order', 'order']);
    expect(replayed.slice(0, 3).map((e) => (e.data as { order: { id: number } }).order.id)).toEqual(missed.map((o) => o.databaseId));
    expect((all[3]!.data as { order: { id: number } }).order.id).toBe(after.databaseId);
    const ids = all.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(lastSeen));
  });

  it("an order stream resumes with only that order's missed events; an unknown Last-Event-ID gets a snapshot", async () => {
    const mine = await placeOrder(app, productId);
    const url = `/api/events/order/${mine.databaseId}?key=${encodeURIComponent(mine.orderKey)}`;
    const first = await connect(url);
    const [snapshot] = await first.waitForCount(1);
    first.close();

    const other = await placeOrder(app, productId);
    for (const [id, action] of [
      [other.databaseId, 'ready'],
      [mine.databaseId, 'ready'],
      [other.databaseId, 'recover'],
      [mine.databaseId, 'recover'],
    ] as const) {
      expect((await app.server.inject({ method: 'POST', url: `/api/kitchen/orders/${id}/${action}`, headers: STAFF_HEADER })).statusCode).toBe(200);
    }
    const again = await connect(url, { 'last-event-id': snapshot!.id! });
    const events = await again.waitForCount(2);
    expect(events.map((e) => [e.event, (e.data as { orderId: number; status: string }).orderId, (e.data as { status: string }).status])).toEqual([
      ['order', mine.databaseId, 'completed'],
      ['order', mine.databaseId, 'processing'],
    ]);

    const future = await connect('/api/events/kitchen', { ...STAFF_HEADER, 'last-event-id': '999999' });
    const [fresh] = await future.waitForCount(1);
    expect(fresh).toMatchObject({ event: 'snapshot' });
    expect((fresh!.data as { orders: { id: number }[] }).orders.map((o) => o.id)).toEqual([mine.databaseId, other.databaseId]);
  });

  it('refuses the kitchen stream and kitchen actions to anyone who is not staff', async () => {
    const order = await placeOrder(app, productId);
    const stream = await app.server.inject({ method: 'GET', url: '/api/events/kitchen' });
    expect(stream.statusCode).toBe(401);
    const action = await app.server.inject({ method: 'POST', url: `/api/kitchen/orders/${order.databaseId}/ready` });
    expect(action.statusCode).toBe(401);
    const stillProcessing = await app.server.inject({ method: 'POST', url: `/api/kitchen/orders/${order.databaseId}/recover`, headers: STAFF_HEADER });
    expect(stillProcessing.statusCode).toBe(409);
  });

  it('the status screen sees pickup numbers and states only', async () => {
    const screen = await connect('/api/events/status-screen');
    const [snapshot] = await screen.waitForCount(1);
    expect(snapshot).toMatchObject({ event: 'snapshot', data: { today: '2026-11-21', board: [], settings: { language: 'nl', readyVisibleSeconds: 300 } } });

    const order = await placeOrder(app, productId, { firstName: 'Zeynep', lastName: 'Vandenbroucke' });
    await screen.waitForCount(2);
    const ready = await app.server.inject({ method: 'POST', url: `/api/kitchen/orders/${order.databaseId}/ready`, headers: STAFF_HEADER });
    expect(ready.json()).toEqual({ orders: [order.databaseId] });
    await screen.waitForCount(3);
    const test = await app.server.inject({ method: 'POST', url: `/api/kitchen/orders/${order.databaseId}/test-order`, headers: STAFF_HEADER });
    expect(test.statusCode).toBe(200);
    const events = await screen.waitForCount(4);

    // The 18:00 (17:00Z) slot's order fires 8 minutes before it (docs/decisions/0068-fire-times.md): the screen
    // shows it in preparation from then.
    const fireAt = '2026-11-21T16:52:00.000Z';
    expect(events.slice(1).map((e) => e.data)).toEqual([
      { number: order.pickupNumber, state: 'preparing', readyAt: null, fireAt },
      { number: order.pickupNumber, state: 'ready', readyAt: expect.any(String), fireAt },
      { number: order.pickupNumber, state: 'gone', readyAt: null, fireAt },
    ]);
    const wire = JSON.stringify(events);
    for (const personal of ['Zeynep', 'Vandenbroucke', '0470', 'an@example.be', 'Veldstraat', 'Frikandel', 'zonder ui', order.orderKey]) {
      expect(wire).not.toContain(personal);
    }

    // A new screen gets the board as it is now (the test order is gone from it).
    const second = await placeOrder(app, productId);
    const later = await connect('/api/events/status-screen');
    const [board] = await later.waitForCount(1);
    expect((board!.data as { board: unknown[] }).board).toEqual([
      { number: second.pickupNumber, state: 'preparing', readyAt: null, fireAt: '2026-11-21T16:52:00.000Z' },
    ]);
  });

  it('the status screen snapshot follows the settings: language, and how long ready numbers stay', async () => {
    const db = testDb.database.db;
    await db.insert(t.settings).values({ key: 'status_screen', value: { language: 'fr', readyVisibleSeconds: 120 } });
    await catalogCaughtUp(app, testDb.database);
    const [recent, old, preparing] = [await placeOrder(app, productId), await placeOrder(app, productId), await placeOrder(app, productId)];
    // One by one: "Selectie klaar" takes only the kitchen's "now" lane, and these orders are for the 18:00 slot.
    for (const order of [recent, old]) await app.server.inject({ method: 'POST', url: `/api/kitchen/orders/${order.databaseId}/ready`, headers: STAFF_HEADER });
    // Ready for longer than the setting: off the board.
    await db
      .update(t.orders)
      .set({ updatedAt: new Date(NOW.getTime() - 121_000) })
      .where(eq(t.orders.id, old.databaseId));

    const screen = await connect('/api/events/status-screen');
    const [snapshot] = await screen.waitForCount(1);
    const data = snapshot!.data as { settings: { language: string; readyVisibleSeconds: number }; board: { number: number; state: string }[] };
    expect(data.settings).toMatchObject({ language: 'fr', readyVisibleSeconds: 120 });
    expect(data.board.map((b) => [b.number, b.state]).sort()).toEqual(
      [
        [recent.pickupNumber, 'ready'],
        [preparing.pickupNumber, 'preparing'],
      ].sort(),
    );
  });

  it('an order stream shows that order only, to its session or its key, and refuses others', async () => {
    const mine = await placeOrder(app, productId);
    const theirs = await placeOrder(app, productId);

    for (const url of [
      `/api/events/order/${mine.databaseId}`,
      `/api/events/order/${mine.databaseId}?key=${encodeURIComponent(theirs.orderKey)}`,
      `/api/events/order/${mine.databaseId}?key=wc_order_wrong`,
      `/api/events/order/999999?key=${encodeURIComponent(mine.orderKey)}`,
      `/api/events/order/abc`,
    ]) {
      const response = await app.server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
    const otherSession = await app.server.inject({
      method: 'GET',
      url: `/api/events/order/${mine.databaseId}`,
      headers: { 'woocommerce-session': `Session ${theirs.token}` },
    });
    expect(otherSession.statusCode).toBe(404);

    const byKey = await connect(`/api/events/order/${mine.databaseId}?key=${encodeURIComponent(mine.orderKey)}`);
    const bySession = await connect(`/api/events/order/${mine.databaseId}`, { cookie: `woocommerce-session=${encodeURIComponent(mine.token)}` });
    expect([byKey.status, bySession.status]).toEqual([200, 200]);
    await byKey.waitForCount(1);
    await bySession.waitForCount(1);

    // Their order changes first, then mine: only mine reaches my streams.
    for (const id of [theirs.databaseId, mine.databaseId]) {
      const response = await app.server.inject({ method: 'POST', url: `/api/kitchen/orders/${id}/ready`, headers: STAFF_HEADER });
      expect(response.statusCode).toBe(200);
    }
    for (const client of [byKey, bySession]) {
      const events = await client.waitForCount(2);
      expect(events[0]).toMatchObject({ event: 'snapshot', data: { order: { orderId: mine.databaseId, status: 'processing' } } });
      expect(events[1]).toMatchObject({ event: 'order', data: { type: 'order.status-changed', orderId: mine.databaseId, status: 'completed' } });
      expect(JSON.stringify(events)).not.toContain(`"orderId":${theirs.databaseId}`);
    }
  });
});

describe.runIf(databaseKinds.includes('postgres'))('two server instances on one PostgreSQL', () => {
  let testDb: TestDatabase;
  const apps: App[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await testDb.cleanup();
  });

  it('an order placed through one instance reaches a kitchen client of the other', async () => {
    testDb = await createTestDatabase('postgres');
    const { productId } = await aShopTakingOrders(testDb.database.db);
    const one = await startListeningApp(testDb.database);
    const other = await startListeningApp(await testDb.openAnother());
    apps.push(one.app, other.app);

    const kitchen = await SseClient.connect(`${other.base}/api/events/kitchen`, STAFF_HEADER);
    try {
      await kitchen.waitForCount(1);
      const order = await placeOrder(one.app, productId);
      const [, created] = await kitchen.waitForCount(2);
      expect(created).toMatchObject({ event: 'order', data: { type: 'order.created', order: { id: order.databaseId, pickupNumber: order.pickupNumber } } });

      // A kitchen action on the second instance reaches a client of the first.
      const screen = await SseClient.connect(`${one.base}/api/events/status-screen`);
      await screen.waitForCount(1);
      const ready = await other.app.server.inject({ method: 'POST', url: `/api/kitchen/orders/${order.databaseId}/ready`, headers: STAFF_HEADER });
      expect(ready.statusCode).toBe(200);
      const [, moved] = await screen.waitForCount(2);
      expect(moved!.data).toMatchObject({ number: order.pickupNumber, state: 'ready' });
      screen.close();
    } finally {
      kitchen.close();
    }
  });
});

describe('event stream housekeeping', () => {
  let testDb: TestDatabase;
  let app: App;
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('sends heartbeats, forgets a client that hangs up, and ends open streams when the server closes', async () => {
    testDb = await createTestDatabase('pglite');
    await aShopTakingOrders(testDb.database.db);
    const started = await startListeningApp(testDb.database, { sse: { heartbeatMs: 20 } });
    app = started.app;
    const leaving = await SseClient.connect(`${started.base}/api/events/status-screen`);
    const staying = await SseClient.connect(`${started.base}/api/events/kitchen`, STAFF_HEADER);
    await leaving.waitForCount(1);
    await staying.waitForCount(1);
    await staying.waitUntil(() => staying.comments >= 2, 'two heartbeats');
    expect(app.orderEvents.subscriberCount).toBe(2);

    leaving.close();
    await staying.waitUntil(() => app.orderEvents.subscriberCount === 1, 'the server to drop the closed stream');

    await app.close();
    await staying.waitUntil(() => staying.ended, 'the stream to end on shutdown');
    expect(app.orderEvents.subscriberCount).toBe(0);
  });

  it('drops a stream whose unsent buffer passes the limit (a client too slow to read) instead of buffering without bound', async () => {
    testDb = await createTestDatabase('pglite');
    const { productId } = await aShopTakingOrders(testDb.database.db);
    const started = await startListeningApp(testDb.database, { sse: { maxBufferedBytes: 1 } });
    app = started.app;
    // A buffer limit of one byte: the first event that cannot be flushed at once closes the stream.
    const kitchen = await SseClient.connect(`${started.base}/api/events/kitchen`, STAFF_HEADER);
    await kitchen.waitUntil(() => kitchen.ended || app.orderEvents.subscriberCount === 0 || kitchen.events.length > 0, 'the stream to start');
    for (let i = 0; i < 3 && !kitchen.ended; i++) await placeOrder(app, productId);
    await kitchen.waitUntil(() => app.orderEvents.subscriberCount === 0, 'the slow stream to be dropped');
    kitchen.close();
  });
});
