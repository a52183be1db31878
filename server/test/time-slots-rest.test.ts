import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import WooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import * as t from '../src/db/schema/index.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import type { App } from '../src/app.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, startTestApp } from './support/server.js';

// A CommonJS package: Node and the type-checker see its default export at different depths.
type ClientClass = typeof WooCommerceRestApiModule.default;
const WooCommerceRestApi: ClientClass =
  (WooCommerceRestApiModule as unknown as { default?: ClientClass }).default ?? (WooCommerceRestApiModule as unknown as ClientClass);
type Client = InstanceType<ClientClass>;

// Saturday 2 January 2027, a day in the future: the official client's OAuth signatures carry the real time.
const SATURDAY = '2027-01-02';
const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;

/** The answer of a refused request of the official client (it rejects on 4xx). */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: { response: { status: number; data: { code: string; message: string; data: Record<string, unknown> } } }) => error.response,
  );

const takeaway = {
  type: 'takeaway',
  start_time: '17:00',
  end_time: '19:00',
  interval_minutes: 30,
  max_orders: 4,
  repeat_days: [5, 6, 7],
};

describe.each(databaseKinds)('time slots in the store REST API (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let client: Client;
  let reader: Client;
  let readWriteKey: CreatedApiKey;

  const slotRows = () => testDb.database.db.select().from(t.timeSlots).orderBy(asc(t.timeSlots.id));

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const keys = new ApiKeyService(testDb.database.db, () => TEST_PEPPER);
    readWriteKey = await keys.create({ scope: 'read_write' });
    const readKey = await keys.create({ scope: 'read' });
    app = await startTestApp(testDb.database);
    const url = await app.server.listen({ port: 0, host: '127.0.0.1' });
    // The official client, signing with OAuth 1.0a over plain HTTP as a shop's scripts do.
    client = new WooCommerceRestApi({ url, consumerKey: readWriteKey.consumerKey, consumerSecret: readWriteKey.consumerSecret, version: 'wc/v3' });
    reader = new WooCommerceRestApi({ url, consumerKey: readKey.consumerKey, consumerSecret: readKey.consumerSecret, version: 'wc/v3' });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('POST creates a slot with every field, GET lists and reads it, PUT changes it, DELETE removes it', async () => {
    const created = await client.post('time-slots', {
      ...takeaway,
      specific_date: null,
      custom_message: 'Bestellingen vanaf 17 uur',
      repeat_weekly: true,
      is_available: true,
      capacity_mode: 'items',
      max_items: 12,
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      type: 'takeaway',
      start_time: '17:00',
      end_time: '19:00',
      interval_minutes: 30,
      max_orders: 4,
      capacity_mode: 'items',
      max_items: 12,
      max_amount: null,
      specific_date: null,
      custom_message: 'Bestellingen vanaf 17 uur',
      repeat_weekly: true,
      repeat_days: [5, 6, 7],
      is_available: true,
      blocked_dates: [],
    });
    const id = created.data.id as number;

    const listed = await client.get('time-slots', { type: 'takeaway' });
    expect(listed.status).toBe(200);
    expect(listed.data.map((s: { id: number }) => s.id)).toContain(id);
    expect((await client.get('time-slots', { type: 'delivery' })).data).toEqual([]);
    expect((await reader.get(`time-slots/${id}`)).data).toMatchObject({ id, max_items: 12 });

    const changed = await client.put(`time-slots/${id}`, { capacity_mode: 'amount', max_amount: '150.50', custom_message: '' });
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({ id, capacity_mode: 'amount', max_amount: '150.50', custom_message: '', start_time: '17:00' });
    const [row] = await testDb.database.db.select().from(t.timeSlots).where(eq(t.timeSlots.id, id));
    expect(row).toMatchObject({ capacityMode: 'amount', maxAmount: 15050, maxItems: 12 });

    const removed = await client.delete(`time-slots/${id}`, { force: true });
    expect(removed.data).toMatchObject({ id });
    const gone = await refusal(client.get(`time-slots/${id}`));
    expect(gone.status).toBe(404);
    expect(gone.data).toMatchObject({ code: 'woocommerce_rest_time_slot_invalid_id', data: { status: 404 } });
  });

  it('a read-only key may list but not write', async () => {
    expect((await reader.get('time-slots')).status).toBe(200);
    const refused = await refusal(reader.post('time-slots', takeaway));
    expect(refused.status).toBe(401);
    expect(refused.data.code).toBe('woocommerce_rest_authentication_error');
  });

  it.each([
    ['end before start', { end_time: '16:00' }, 'end_time'],
    ['an interval of 0', { interval_minutes: 0 }, 'interval_minutes'],
    ['a negative capacity', { max_orders: -1 }, 'max_orders'],
    ['a bad date', { specific_date: '2026-02-30' }, 'specific_date'],
    ['an unknown type', { type: 'drive-in' }, 'type'],
    ['items mode without max_items', { capacity_mode: 'items' }, 'max_items'],
    ['a negative euro capacity', { capacity_mode: 'amount', max_amount: '-5.00' }, 'max_amount'],
    ['a bad clock', { start_time: '25:00' }, 'start_time'],
  ])('refuses %s with a 400 naming the field, and saves nothing', async (_name, change, field) => {
    const before = await slotRows();
    const refused = await refusal(client.post('time-slots', { ...takeaway, ...change }));
    expect(refused.status).toBe(400);
    expect(refused.data.code).toBe('rest_invalid_param');
    expect(refused.data.message).toContain(field);
    expect(refused.data.data).toMatchObject({ status: 400, params: [field] });
    expect(await slotRows()).toEqual(before);
  });

  it('PUT on one slot checks the merged slot: an end before the existing start is refused, nothing changes', async () => {
    const { data } = await client.post('time-slots', takeaway);
    const refused = await refusal(client.put(`time-slots/${data.id}`, { end_time: '16:30' }));
    expect(refused.status).toBe(400);
    expect(refused.data.message).toContain('end_time');
    expect((await client.get(`time-slots/${data.id}`)).data.end_time).toBe('19:00');
    expect((await refusal(client.put('time-slots/999999', { max_orders: 3 }))).status).toBe(404);
    await client.delete(`time-slots/${data.id}`, { force: true });
  });

  it('PUT on the list replaces all slots atomically: one bad entry changes nothing', async () => {
    const first = (await client.post('time-slots', takeaway)).data;
    const second = (await client.post('time-slots', { ...takeaway, type: 'delivery' })).data;
    const before = await slotRows();

    const bad = await refusal(
      client.put('time-slots', [
        { ...takeaway, id: first.id, max_orders: 9 },
        { ...takeaway, type: 'dinein' },
        { ...takeaway, interval_minutes: 0 },
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.message).toContain('[2].interval_minutes');
    expect(await slotRows()).toEqual(before);

    const unknown = await refusal(client.put('time-slots', [{ ...takeaway, id: 999_999 }]));
    expect(unknown.status).toBe(400);
    expect(unknown.data.message).toContain('[0].id');
    expect(await slotRows()).toEqual(before);

    const replaced = await client.put('time-slots', [
      { ...takeaway, id: first.id, max_orders: 9 },
      { ...takeaway, type: 'dinein', start_time: '12:00', end_time: '14:00' },
    ]);
    expect(replaced.status).toBe(200);
    expect(replaced.data).toHaveLength(2);
    expect(replaced.data[0]).toMatchObject({ id: first.id, max_orders: 9 });
    const rows = await slotRows();
    expect(rows.map((r) => r.type)).toEqual(['takeaway', 'dinein']);
    expect(rows.some((r) => r.id === second.id)).toBe(false);

    // The body may also be {time_slots: [...]}; an empty list removes every slot.
    expect((await client.put('time-slots', { time_slots: [] })).data).toEqual([]);
    expect(await slotRows()).toEqual([]);
  });

  it('lowering the capacity below existing bookings keeps them and says so', async () => {
    const slot = (await client.post('time-slots', takeaway)).data;
    const startsAt = new Date(`${SATURDAY}T16:00:00Z`); // 17:00 in Brussels
    await testDb.database.db.insert(t.slotBookings).values({ slotId: slot.id, startsAt, booked: 3, capacity: 4, itemsBooked: 7, amountBooked: 4200 });

    const lowered = await client.put(`time-slots/${slot.id}`, { max_orders: 2 });
    expect(lowered.status).toBe(200);
    expect(lowered.data.max_orders).toBe(2);
    expect(lowered.data.warnings).toEqual([
      expect.objectContaining({
        code: 'capacity_below_bookings',
        message: expect.stringContaining('kept'),
        times: [{ start: startsAt.toISOString(), booked: 3, capacity: 2 }],
      }),
    ]);
    const [booking] = await testDb.database.db.select().from(t.slotBookings).where(eq(t.slotBookings.slotId, slot.id));
    expect(booking).toMatchObject({ booked: 3, itemsBooked: 7 });

    // Switching to items below the 7 items booked warns in items; a capacity above them does not warn.
    expect((await client.put(`time-slots/${slot.id}`, { capacity_mode: 'items', max_items: 5 })).data.warnings[0].times[0]).toMatchObject({
      booked: 7,
      capacity: 5,
    });
    expect((await client.put(`time-slots/${slot.id}`, { max_items: 20 })).data.warnings).toBeUndefined();
    await client.delete(`time-slots/${slot.id}`, { force: true });
  });

  it('the dashboard routes: managers manage slots with their session, kitchen staff and guests are refused', async () => {
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    const admin = new Browser(() => app);
    await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' });
    const password = 'Goed wachtwoord 42';
    for (const [email, role] of [
      ['chef@example.be', 'manager'],
      ['keuken@example.be', 'kitchen'],
    ]) {
      expect((await admin.request('POST', '/api/staff/users', { email, password, role, firstName: 'Jo' })).statusCode).toBe(201);
    }
    const manager = new Browser(() => app);
    await manager.graphql(LOGIN, { u: 'chef@example.be', p: password });
    const kitchen = new Browser(() => app);
    await kitchen.graphql(LOGIN, { u: 'keuken@example.be', p: password });

    const created = await manager.request('POST', '/api/dashboard/time-slots', { ...takeaway, repeat_days: [6] });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await kitchen.request('GET', '/api/dashboard/time-slots')).statusCode).toBe(403);
    expect((await new Browser(() => app).request('GET', '/api/dashboard/time-slots')).statusCode).toBe(401);

    // Copy Saturday to Monday and Tuesday; block it on Saturday the 21st.
    expect((await manager.request('POST', '/api/dashboard/time-slots/copy-day', { type: 'takeaway', from_day: 6, to_days: [1, 2] })).statusCode).toBe(200);
    expect((await manager.request('PUT', `/api/dashboard/time-slots/${id}/blocked`, { date: SATURDAY, blocked: true })).json()).toMatchObject({
      repeat_days: [1, 2, 6],
      blocked_dates: [SATURDAY],
    });
    const week = (await manager.request('GET', `/api/dashboard/time-slots/week?type=takeaway&from=${SATURDAY}`)).json();
    expect(week.days.map((d: { date: string; times: unknown[] }) => [d.date, d.times.length])).toEqual([
      ['2027-01-02', 4],
      ['2027-01-03', 0],
      ['2027-01-04', 4],
      ['2027-01-05', 4],
      ['2027-01-06', 0],
      ['2027-01-07', 0],
      ['2027-01-08', 0],
    ]);
    expect(week.days[0].times[0]).toMatchObject({ slot_id: id, time: '17:00', end: '17:30', booked: 0, capacity: 4, blocked: true });
    expect(week.days[2].times[0]).toMatchObject({ blocked: false });
    const bad = await manager.request('POST', '/api/dashboard/time-slots', { ...takeaway, end_time: '16:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_INPUT', data: { params: ['end_time'] } });
  });
});
