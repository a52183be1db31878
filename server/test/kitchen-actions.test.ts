import { asc, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { DomainError } from '../src/errors/domain-error.js';
import { KitchenActions } from '../src/modules/kitchen/kitchen-actions.js';
import { cancelOrder } from '../src/modules/orders/lifecycle.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { aShopTakingOrders, NOW, placeOrder, STAFF_HEADER, startListeningApp } from './support/orders.js';

describe.each(databaseKinds)('kitchen actions on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;
  let kitchen: KitchenActions;

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(testDb.database.db));
    ({ app } = await startListeningApp(testDb.database));
    kitchen = new KitchenActions(testDb.database.db, () => NOW);
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const statusOf = async (id: number) => (await testDb.database.db.select().from(t.orders).where(eq(t.orders.id, id)))[0]!;
  const events = () => testDb.database.db.select().from(t.orderEvents).orderBy(asc(t.orderEvents.id));
  /**
   * The shop's only slot is at 18:00; these orders are for a slot starting `minutes` from NOW instead, and fire 8
   * minutes before it (the default preparation time, docs/decisions/0068-fire-times.md).
   */
  const slotIn = (minutes: number, ...ids: number[]) => {
    const slotStart = new Date(NOW.getTime() + minutes * 60_000);
    return testDb.database.db
      .update(t.orders)
      .set({ slotStart, slotEnd: new Date(slotStart.getTime() + 15 * 60_000), fireAt: new Date(slotStart.getTime() - 8 * 60_000) })
      .where(inArray(t.orders.id, ids));
  };

  it('follows the state machine and writes one event per changed order', async () => {
    const [a, b, c] = [await placeOrder(app, productId), await placeOrder(app, productId), await placeOrder(app, productId)];
    await slotIn(0, a.databaseId, b.databaseId, c.databaseId);
    expect((await events()).map((e) => [e.type, e.orderId])).toEqual([
      ['order.created', a.databaseId],
      ['order.created', b.databaseId],
      ['order.created', c.databaseId],
    ]);

    expect(await kitchen.markReady([a.databaseId])).toEqual([a.databaseId]);
    expect((await statusOf(a.databaseId)).status).toBe('completed');
    expect(await kitchen.recover(a.databaseId)).toEqual([a.databaseId]);
    expect((await statusOf(a.databaseId)).status).toBe('processing');

    // Mark all as ready takes every order being prepared, except test orders.
    await kitchen.markTestOrder(c.databaseId);
    expect(await kitchen.markAllReady()).toEqual([a.databaseId, b.databaseId]);
    expect((await statusOf(c.databaseId)).status).toBe('processing');
    expect((await statusOf(c.databaseId)).isTestOrder).toBe(true);

    const log = (await events()).slice(3);
    expect(log.map((e) => [e.type, e.orderId, (e.payload as { action: string }).action])).toEqual([
      ['order.status-changed', a.databaseId, 'ready'],
      ['order.status-changed', a.databaseId, 'recover'],
      ['order.marked-test', c.databaseId, 'test'],
      ['order.status-changed', a.databaseId, 'ready'],
      ['order.status-changed', b.databaseId, 'ready'],
    ]);
    const ids = (await events()).map((e) => e.id);
    expect(ids).toEqual(ids.map((_, i) => ids[0]! + i));
  });

  it('sends a pending order to the kitchen; a cancelled order cannot be sent, readied or recovered', async () => {
    const order = await placeOrder(app, productId);
    await testDb.database.db.update(t.orders).set({ status: 'pending' }).where(eq(t.orders.id, order.databaseId));
    await kitchen.sendOrder(order.databaseId);
    expect((await statusOf(order.databaseId)).status).toBe('processing');
    expect(await cancelOrder(testDb.database.db, order.databaseId)).toBe(true);
    const last = (await events()).at(-1)!;
    expect(last).toMatchObject({ type: 'order.status-changed', payload: { previousStatus: 'processing', action: 'cancel', order: { status: 'cancelled' } } });
    for (const act of [() => kitchen.sendOrder(order.databaseId), () => kitchen.markReady([order.databaseId]), () => kitchen.recover(order.databaseId)]) {
      await expect(act()).rejects.toThrow(/is cancelled and cannot be/);
    }
  });

  it('changes nothing when one order of a batch cannot take the action', async () => {
    const a = await placeOrder(app, productId);
    const b = await placeOrder(app, productId);
    await slotIn(0, a.databaseId, b.databaseId);
    await kitchen.markReady([b.databaseId]);
    const before = (await events()).length;
    await expect(kitchen.markReady([a.databaseId, b.databaseId])).rejects.toThrow(`Order ${b.databaseId} is completed and cannot be marked as ready.`);
    await expect(kitchen.markReady([a.databaseId, 987654])).rejects.toMatchObject({ code: 'ORDER_NOT_FOUND' });
    await expect(kitchen.markReady([])).rejects.toBeInstanceOf(DomainError);
    expect((await statusOf(a.databaseId)).status).toBe('processing');
    expect((await events()).length).toBe(before);

    // Through HTTP: bad input is a 400, a conflict 409, and still nothing changes.
    const bad = await app.server.inject({ method: 'POST', url: '/api/kitchen/orders/ready', headers: STAFF_HEADER, payload: { ids: ['x'] } });
    expect(bad.statusCode).toBe(400);
    const conflict = await app.server.inject({
      method: 'POST',
      url: '/api/kitchen/orders/ready',
      headers: STAFF_HEADER,
      payload: { ids: [a.databaseId, b.databaseId] },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'ORDER_ACTION_REFUSED', data: { status: 409 } });
    const ok = await app.server.inject({ method: 'POST', url: '/api/kitchen/orders/ready', headers: STAFF_HEADER, payload: { ids: [a.databaseId] } });
    expect(ok.json()).toEqual({ orders: [a.databaseId] });
    const all = await app.server.inject({ method: 'POST', url: '/api/kitchen/orders/ready-all', headers: STAFF_HEADER });
    expect(all.json()).toEqual({ orders: [] });
  });

  it('marks only fired orders ready in bulk, and the undo puts exactly those orders back, all or nothing', async () => {
    const [now, soon, edge, later] = [
      await placeOrder(app, productId),
      await placeOrder(app, productId),
      await placeOrder(app, productId),
      await placeOrder(app, productId),
    ];
    await slotIn(0, now.databaseId);
    await slotIn(5, soon.databaseId);
    // Fires at NOW exactly (fired), and one minute after NOW (not yet).
    await slotIn(8, edge.databaseId);
    await slotIn(9, later.databaseId);

    // "Alles klaar", even from a stale screen: the order still to fire stays in preparation.
    const all = await app.server.inject({ method: 'POST', url: '/api/kitchen/orders/ready-all', headers: STAFF_HEADER });
    const marked = [now.databaseId, soon.databaseId, edge.databaseId];
    expect(all.json()).toEqual({ orders: marked });
    for (const id of marked) expect((await statusOf(id)).status).toBe('completed');
    expect((await statusOf(later.databaseId)).status).toBe('processing');

    // "Selectie klaar" with the later pre-order in it refuses the whole selection; the card's own "Klaar" still works.
    await kitchen.recover(now.databaseId);
    const refused = await app.server.inject({
      method: 'POST',
      url: '/api/kitchen/orders/ready',
      headers: STAFF_HEADER,
      payload: { ids: [now.databaseId, later.databaseId] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ORDER_ACTION_REFUSED' });
    expect((await statusOf(now.databaseId)).status).toBe('processing');
    await kitchen.markReady([now.databaseId]);

    // The undo: one order that is no longer ready refuses the batch and nothing changes.
    const before = (await events()).length;
    await expect(kitchen.recoverAll([...marked, later.databaseId])).rejects.toMatchObject({ code: 'ORDER_ACTION_REFUSED' });
    for (const id of marked) expect((await statusOf(id)).status).toBe('completed');
    expect((await events()).length).toBe(before);

    const undo = await app.server.inject({ method: 'POST', url: '/api/kitchen/orders/recover', headers: STAFF_HEADER, payload: { ids: marked } });
    expect(undo.json()).toEqual({ orders: marked });
    for (const id of [...marked, later.databaseId]) expect((await statusOf(id)).status).toBe('processing');
    // One status change per order, the same event the per-order "Terugzetten" writes: the status screen follows it.
    expect((await events()).slice(before).map((e) => [e.type, e.orderId, (e.payload as { action: string }).action])).toEqual(
      marked.map((id) => ['order.status-changed', id, 'recover']),
    );
    const bad = await app.server.inject({ method: 'POST', url: '/api/kitchen/orders/recover', headers: STAFF_HEADER, payload: { ids: [] } });
    expect(bad.statusCode).toBe(400);

    // Once its slot is near, the pre-order is in the "now" lane too.
    expect(await new KitchenActions(testDb.database.db, () => new Date(NOW.getTime() + 2 * 60_000)).markAllReady()).toEqual([...marked, later.databaseId]);
  });
});
