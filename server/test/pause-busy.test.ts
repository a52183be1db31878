import type { ShopStatus } from '@bakje/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { CartService } from '../src/modules/cart/cart-service.js';
import { PlaceOrder } from '../src/modules/orders/place-order.js';
import { PostcodeDistanceProvider } from '../src/modules/delivery/distance.js';
import { earliestOrderTime } from '../src/modules/opening-hours/pause.js';
import { shopSettingsFrom } from '../src/modules/settings/shop-settings.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { SseClient } from './support/sse-client.js';
import { startListeningApp } from './support/orders.js';
import { aCustomer, billing, codeOf, slotsEveryDay, staffBrowsers } from './support/shop-hours.js';
import { catalogCaughtUp } from './support/server.js';

const TZ = 'Europe/Brussels';
// Saturday 21 November 2026, 10:00 in Brussels (support/orders.ts NOW, the listening app's clock).
const NOW = new Date('2026-11-21T09:00:00Z');
const DAY = '2026-11-21';

describe.each(databaseKinds)('pause and busy on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let base: string;
  let staff: Awaited<ReturnType<typeof staffBrowsers>>;
  let productId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    productId = (await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 280, maxQuantity: 60 })).id;
    await slotsEveryDay(db);
    await db.insert(t.timeSlots).values({ type: 'takeaway', startTime: '10:00', endTime: '11:00', intervalMinutes: 15, maxOrders: 1000, repeatDays: [6] });
    await db.insert(t.settings).values([
      // Sunday open too: a pause until the end of Saturday leaves it (issue 31).
      { key: 'opening_hours', value: { week: { '6': [{ open: '10:00', close: '22:00' }], '7': [{ open: '11:00', close: '22:00' }] } } },
      { key: 'ordering', value: { leadTimeMinutes: 20, daysAhead: 7 } },
    ]);
    ({ app, base } = await startListeningApp(testDb.database));
    staff = await staffBrowsers(db, () => app, `p${kind}`);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const current = async () => shopSettingsFrom((await app.catalog.get()).settings);

  it('lets the kitchen pause one channel and type; the shop stream says so at once; resume ends it', async () => {
    const stream = await SseClient.connect(`${base}/api/events/shop-status`);
    await stream.waitForCount(1);
    const first = stream.events[0]!.data as ShopStatus;
    expect(first.ordering.web.takeaway).toBe(true);

    // Guests may not pause.
    const guest = await (
      await aCustomer(() => app, productId)
    ).browser.request('POST', '/api/settings/pause', { channels: ['web'], types: ['takeaway'], duration: '30' });
    expect(guest.statusCode).toBe(401);
    const bad = await staff.cook.request('POST', '/api/settings/pause', { channels: [], types: ['takeaway'], duration: '45' });
    expect(bad.statusCode).toBe(400);

    const paused = await staff.cook.request('POST', '/api/settings/pause', { channels: ['web'], types: ['takeaway'], duration: '60' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().pauses).toEqual([{ channel: 'web', type: 'takeaway', since: NOW.toISOString(), until: '2026-11-21T10:00:00.000Z' }]);
    await stream.waitUntil(() => (stream.events.at(-1)!.data as ShopStatus).ordering.web.takeaway === false, 'the pause on the stream');
    const live = stream.events.at(-1)!.data as ShopStatus;
    expect(live.ordering.kiosk.takeaway).toBe(true);
    expect(live.ordering.web.delivery).toBe(true);

    await catalogCaughtUp(app, testDb.database);
    const customer = await aCustomer(() => app, productId);
    // Only the paused hour is gone (issue 31): 10:30 and 10:45 are inside it, 11:00 is the first time after it.
    expect((await customer.slots('takeaway', DAY))[0]!.start).toBe('2026-11-21T11:00:00+01:00');
    const delivery = await customer.slots('delivery', DAY);
    expect(delivery.length).toBeGreaterThan(0);
    // A slot id inside the pause: refused as paused (not "closed") on the web, taken at the kiosk.
    const saturday = (await testDb.database.db.select().from(t.timeSlots)).find((s) => s.type === 'takeaway' && s.startTime === '10:00')!;
    const slotId = `${saturday.id}@${DAY}T10:30`;
    const refused = await customer.checkout('takeaway', slotId);
    expect(codeOf(refused)).toBe('ORDERING_PAUSED');
    const kiosk = await customer.checkout('takeaway', slotId, { createdVia: 'kiosk' });
    expect(kiosk.errors).toBeUndefined();

    const resumed = await staff.cook.request('POST', '/api/settings/resume', {});
    expect(resumed.json().pauses).toEqual([]);
    await stream.waitUntil(() => (stream.events.at(-1)!.data as ShopStatus).ordering.web.takeaway === true, 'the resume on the stream');
    stream.close();
  });

  it('pauses until the end of the day (closing time) or for 60 minutes, per chosen channel and type', async () => {
    const day = await staff.cook.request('POST', '/api/settings/pause', { channels: ['kiosk'], types: ['delivery', 'dinein'], duration: 'end-of-day' });
    expect(day.json().pauses).toEqual([
      { channel: 'kiosk', type: 'delivery', since: NOW.toISOString(), until: '2026-11-21T21:00:00.000Z' },
      { channel: 'kiosk', type: 'dinein', since: NOW.toISOString(), until: '2026-11-21T21:00:00.000Z' },
    ]);
    expect(day.json().ordering.kiosk).toEqual({ delivery: false, takeaway: true, dinein: false });
    const hour = await staff.cook.request('POST', '/api/settings/pause', { channels: ['kiosk'], types: ['dinein'], duration: '60' });
    expect(hour.json().pauses).toContainEqual({ channel: 'kiosk', type: 'dinein', since: NOW.toISOString(), until: '2026-11-21T10:00:00.000Z' });
    expect(hour.json().pauses).toHaveLength(2);
    const resumed = await staff.cook.request('POST', '/api/settings/resume', { types: ['delivery'] });
    expect(resumed.json().pauses.map((p: { type: string }) => p.type)).toEqual(['dinein']);
    await staff.cook.request('POST', '/api/settings/resume', {});
  });

  it('a pause stops only its own period: until the end of today leaves tomorrow, and the shop says until when (issue 31)', async () => {
    const STATUS = `{ openingStatus { orderingPossible paused pausedUntil message } }`;
    const DAYS = `{ orderingDays(type: TAKEAWAY, count: 2) { date hasSlots } }`;
    const day = await staff.cook.request('POST', '/api/settings/pause', {
      channels: ['web'],
      types: ['takeaway', 'delivery', 'dinein'],
      duration: 'end-of-day',
    });
    expect(day.statusCode, day.body).toBe(200);
    await catalogCaughtUp(app, testDb.database);
    const customer = await aCustomer(() => app, productId);
    // Not "closed, check the opening hours": paused until closing time, and ordering for later stays possible.
    expect((await customer.browser.graphql(STATUS)).body.data.openingStatus).toEqual({
      orderingPossible: true,
      paused: true,
      pausedUntil: '2026-11-21T21:00:00.000Z',
      message: null,
    });
    expect(await customer.slots('takeaway', DAY)).toEqual([]);
    expect((await customer.browser.graphql(DAYS)).body.data.orderingDays).toEqual([
      { date: DAY, hasSlots: false },
      { date: '2026-11-22', hasSlots: true },
    ]);
    const tomorrow = await customer.slots('takeaway', '2026-11-22');
    expect(tomorrow[0]!.start).toBe('2026-11-22T11:00:00+01:00');
    expect((await customer.checkout('takeaway', tomorrow[0]!.id)).errors).toBeUndefined();

    // Until resumed: nothing can be ordered, and the shop says paused, not closed.
    await staff.cook.request('POST', '/api/settings/pause', { channels: ['web'], types: ['takeaway', 'delivery', 'dinein'], duration: 'until-resumed' });
    await catalogCaughtUp(app, testDb.database);
    const later = await aCustomer(() => app, productId);
    expect((await later.browser.graphql(STATUS)).body.data.openingStatus).toEqual({
      orderingPossible: false,
      paused: true,
      pausedUntil: null,
      message: 'Online ordering is paused for this time; choose a later time.',
    });
    expect(await later.slots('takeaway', '2026-11-22')).toEqual([]);
    expect(codeOf(await later.checkout('takeaway', tomorrow[1]!.id))).toBe('ORDERING_PAUSED');
    await staff.cook.request('POST', '/api/settings/resume', {});
    await catalogCaughtUp(app, testDb.database);
  });

  it('accepts an order that was in flight when the pause began', async () => {
    const db = testDb.database.db;
    const clock = () => NOW;
    const carts = new CartService(db, app.catalog, TZ, clock);
    const placeOrder = new PlaceOrder({ db, carts, distance: new PostcodeDistanceProvider(), timeZone: TZ, clock });
    const slot = (await db.select().from(t.timeSlots)).find((s) => s.type === 'takeaway')!;
    const order = async (sessionKey: string, startedAt: Date) => {
      await carts.addToCart(sessionKey, { productId, quantity: 1, addons: [] });
      return placeOrder.place({
        channel: 'web',
        lines: { cart: sessionKey },
        fulfilment: 'takeaway',
        slot: `${slot.id}@${DAY}T12:00`,
        customer: { billing },
        payment: {},
        startedAt,
      });
    };
    // The pause starts at NOW (written by the kitchen while these checkouts run).
    await staff.cook.request('POST', '/api/settings/pause', { channels: ['web'], types: ['takeaway'], duration: 'until-resumed' });
    const inFlight = await order('in-flight', new Date(NOW.getTime() - 2000));
    expect(inFlight.orderId).toBeGreaterThan(0);
    await expect(order('after', NOW)).rejects.toMatchObject({ code: 'ORDERING_PAUSED' });
    await staff.cook.request('POST', '/api/settings/resume', { channels: ['web'] });
  });

  it('"busy" moves the earliest slot on by its minutes and can be turned off', async () => {
    // The resume of the test before reaches the snapshot through a notification (PostgreSQL: a moment later).
    await catalogCaughtUp(app, testDb.database);
    const customer = await aCustomer(() => app, productId);
    const before = await customer.slots('takeaway', DAY);
    // 10:00 + 20 minutes lead time: 10:30 is the first quarter after 10:20.
    expect(before[0]!.start).toBe('2026-11-21T10:30:00+01:00');
    expect(earliestOrderTime(await current(), NOW, 'web', 'takeaway')?.toISOString()).toBe('2026-11-21T09:20:00.000Z');

    expect((await staff.cook.request('POST', '/api/settings/busy', { minutes: 25 })).statusCode).toBe(400);
    const busy = await staff.cook.request('POST', '/api/settings/busy', { minutes: 30 });
    expect(busy.json().busyMinutes).toBe(30);
    await catalogCaughtUp(app, testDb.database);
    expect(earliestOrderTime(await current(), NOW, 'web', 'takeaway')?.toISOString()).toBe('2026-11-21T09:50:00.000Z');
    // 10:00 + 20 + 30 minutes: 10:50, so 11:00 is the earliest slot offered, and 10:30 is no longer taken.
    expect((await customer.slots('takeaway', DAY))[0]!.start).toBe('2026-11-21T11:00:00+01:00');
    expect(codeOf(await customer.checkout('takeaway', before[0]!.id))).toBe('SLOT_REQUIRED');

    await staff.cook.request('POST', '/api/settings/busy', { minutes: 0 });
    await catalogCaughtUp(app, testDb.database);
    expect(earliestOrderTime(await current(), NOW, 'web', 'takeaway')?.toISOString()).toBe('2026-11-21T09:20:00.000Z');
  });
});
