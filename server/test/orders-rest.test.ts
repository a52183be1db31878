import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import * as t from '../src/db/schema/index.js';
import { ApiKeyService, type CreatedApiKey } from '../src/modules/api-keys/api-key-service.js';
import { hashPassword } from '../src/modules/auth/password.js';
import type { App } from '../src/app.js';
import { slotOptionId } from '../src/modules/slots/time-slots.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, startTestApp } from './support/server.js';

type ClientClass = typeof WooCommerceRestApiModule.default;
const WooCommerceRestApi: ClientClass =
  (WooCommerceRestApiModule as unknown as { default?: ClientClass }).default ?? (WooCommerceRestApiModule as unknown as ClientClass);

type Client = InstanceType<ClientClass>;
/** The official client throws on 4xx: give the response back instead. */
const settle = <T>(call: Promise<T>) => call.catch((error: { response: { status: number; data: unknown; headers: Record<string, string> } }) => error.response);

describe.each(databaseKinds)('store REST API orders and customers (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let client: Client;
  let reader: Client;
  let friesId: number;
  let beerId: number;
  let customerId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    friesId = (await aProduct(db, { name: { nl: 'Friet groot' }, regularPrice: 400, manageStock: true, stockQuantity: 10 })).id;
    beerId = (await aProduct(db, { name: { nl: 'Bier' }, regularPrice: 350, vatRateTakeaway: 21, vatRateOnSite: 21 })).id;
    const [customer] = await db
      .insert(t.users)
      .values({
        email: 'klant@example.be',
        username: 'klant',
        passwordHash: await hashPassword('Stoofvlees met friet'),
        firstName: 'Ann',
        lastName: 'Smet',
        billing: { city: 'Gent', phone: '0470' },
      })
      .returning();
    customerId = customer!.id;
    await db.insert(t.users).values({ email: 'chef@example.be', username: 'chef', passwordHash: 'x', role: 'manager' });
    const keys = new ApiKeyService(db, () => TEST_PEPPER);
    const rw: CreatedApiKey = await keys.create({ scope: 'read_write' });
    const ro: CreatedApiKey = await keys.create({ scope: 'read' });
    // The real clock: the official client signs with OAuth timestamps of now.
    app = await startTestApp(testDb.database);
    await catalogCaughtUp(app, testDb.database);
    const url = await app.server.listen({ port: 0, host: '127.0.0.1' });
    client = new WooCommerceRestApi({ url, consumerKey: rw.consumerKey, consumerSecret: rw.consumerSecret, version: 'wc/v3' });
    reader = new WooCommerceRestApi({ url, consumerKey: ro.consumerKey, consumerSecret: ro.consumerSecret, version: 'wc/v3' });
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('POST /orders prices from the catalogue with VAT per rate, numbers the order, takes stock; PUT changes status, note, addresses and meta', async () => {
    const created = await client.post('orders', {
      status: 'processing',
      customer_id: customerId,
      customer_note: 'telefonisch',
      billing: { first_name: 'Ann', last_name: 'Smet', email: 'klant@example.be', phone: '0470 11 22 33' },
      line_items: [
        { product_id: friesId, quantity: 2, price: '0.01' },
        { product_id: beerId, quantity: 1 },
      ],
      shipping_lines: [{ method_id: 'takeaway', total: '0.00' }],
      meta_data: [{ key: 'tafel', value: 4 }],
    });
    expect(created.status).toBe(201);
    const order = created.data;
    // 8.00 at 6 % (0.45) + 3.50 at 21 % (0.61): the caller's price is not trusted.
    expect(order).toMatchObject({
      status: 'processing',
      total: '11.50',
      total_tax: '1.06',
      customer_id: customerId,
      number: '1',
      customer_note: 'telefonisch',
    });
    expect(order.line_items.map((l: { name: string; total: string }) => [l.name, l.total])).toEqual([
      ['Friet groot', '8.00'],
      ['Bier', '3.50'],
    ]);
    expect(order.meta_data).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'tafel', value: '4' })]));
    const [fries] = await testDb.database.db.select().from(t.products).where(eq(t.products.id, friesId));
    expect(fries!.stockQuantity).toBe(8);
    // The kitchen hears of it like of any order.
    const events = await testDb.database.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, order.id));
    expect(events.map((e) => e.type)).toEqual(['order.created']);

    const updated = await client.put(`orders/${order.id}`, {
      status: 'completed',
      customer_note: 'zonder zout',
      shipping: { address_1: 'Korenmarkt 1', city: 'Gent' },
      meta_data: [{ key: 'tafel', value: '5' }],
    });
    expect(updated.data).toMatchObject({
      status: 'completed',
      customer_note: 'zonder zout',
      shipping: { address_1: 'Korenmarkt 1', city: 'Gent', first_name: 'Ann' },
    });
    expect(updated.data.meta_data).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'tafel', value: '5' })]));
    expect((await client.get(`orders/${order.id}`)).data.customer_note).toBe('zonder zout');
  });

  it('bad input is a 400 naming the field and nothing is written', async () => {
    const db = testDb.database.db;
    const before = (await db.select().from(t.orders)).length;
    const cases: [unknown, string][] = [
      [{ line_items: [] }, 'line_items'],
      [{ line_items: [{ product_id: 999_999, quantity: 1 }] }, 'line_items[0].product_id'],
      [{ line_items: [{ product_id: friesId, quantity: 0 }] }, 'line_items'],
      [{ line_items: [{ product_id: friesId, quantity: 1 }], billing: { email: 'geen-mail' } }, 'billing'],
      [{ line_items: [{ product_id: friesId, quantity: 1 }], status: 'trash' }, 'status'],
      [{ line_items: [{ product_id: friesId, quantity: 1 }], customer_id: 999_999 }, 'customer_id'],
      [{ line_items: [{ product_id: friesId, quantity: 100 }] }, ''],
    ];
    for (const [body, field] of cases) {
      const response = await settle(client.post('orders', body));
      expect(response.status, JSON.stringify(body)).toBe(field ? 400 : 409);
      if (field) {
        expect(response.data).toMatchObject({ code: 'rest_invalid_param' });
        expect((response.data as { message: string }).message).toContain(field);
      }
    }
    expect((await db.select().from(t.orders)).length).toBe(before);
    const [fries] = await db.select().from(t.products).where(eq(t.products.id, friesId));
    expect(fries!.stockQuantity).toBe(8);
    expect((await settle(reader.post('orders', { line_items: [{ product_id: friesId, quantity: 1 }] }))).status).toBe(401);
  });

  it('DELETE without force trashes (cancelled, stock back, kept); force deletes only what is already out; unknown ids 404', async () => {
    const db = testDb.database.db;
    const order = (await client.post('orders', { status: 'processing', line_items: [{ product_id: friesId, quantity: 3 }] })).data;
    expect((await db.select().from(t.products).where(eq(t.products.id, friesId)))[0]!.stockQuantity).toBe(5);

    const live = await settle(client.delete(`orders/${order.id}`, { force: true }));
    expect(live.status).toBe(409);
    const trashed = await client.delete(`orders/${order.id}`);
    expect(trashed.data).toMatchObject({ id: order.id, status: 'trash' });
    const [kept] = await db.select().from(t.orders).where(eq(t.orders.id, order.id));
    expect(kept).toMatchObject({ status: 'cancelled', isTestOrder: true });
    expect((await db.select().from(t.products).where(eq(t.products.id, friesId)))[0]!.stockQuantity).toBe(8);

    const gone = await client.delete(`orders/${order.id}`, { force: true });
    expect(gone.data.id).toBe(order.id);
    expect(await db.select().from(t.orders).where(eq(t.orders.id, order.id))).toEqual([]);
    expect((await settle(client.delete(`orders/${order.id}`))).status).toBe(404);
    // Stock is not given back twice.
    expect((await db.select().from(t.products).where(eq(t.products.id, friesId)))[0]!.stockQuantity).toBe(8);
  });

  it('POST /orders with a time slot books its place race-safe like the checkout; DELETE and cancel give it back', async () => {
    const db = testDb.database.db;
    // Two orders a slot, every day around the clock; a time tomorrow (the real clock: the client signs with now).
    const [slot] = await db
      .insert(t.timeSlots)
      .values({ type: 'takeaway', startTime: '00:00', endTime: '23:45', intervalMinutes: 15, maxOrders: 2, repeatDays: [1, 2, 3, 4, 5, 6, 7] })
      .returning();
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(Date.now() + 86_400_000));
    const timeSlot = slotOptionId(slot!.id, tomorrow, 12 * 60);
    const order = (fulfilment = 'takeaway', slotId = timeSlot) =>
      settle(
        client.post('orders', {
          status: 'processing',
          billing: { first_name: 'Tom', last_name: 'Till', phone: '0470 99 88 77' },
          line_items: [{ product_id: beerId, quantity: 2 }],
          shipping_lines: [{ method_id: fulfilment, total: '0.00' }],
          meta_data: [{ key: 'time_slot', value: slotId }],
        }),
      );
    const booked = async () => (await db.select().from(t.slotBookings).where(eq(t.slotBookings.slotId, slot!.id)))[0]?.booked ?? 0;

    // Five tills at once for two places: exactly two orders, the others the checkout's SLOT_TAKEN.
    const results = await Promise.all([order(), order(), order(), order(), order()]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(JSON.stringify(refused.data)).toContain('The time slot was just booked by someone else; choose another.');
    expect(await booked()).toBe(2);
    const placed = results.filter((r) => r.status === 201).map((r) => r.data as { id: number; meta_data: { key: string; value: string }[] });
    const [first] = await db.select().from(t.orders).where(eq(t.orders.id, placed[0]!.id));
    expect(first).toMatchObject({ slotId: slot!.id, slotItems: 2, slotAmount: 700, pickupDay: tomorrow });
    expect(placed[0]!.meta_data).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'slot_start', value: first!.slotStart!.toISOString() })]));

    // A slot of another fulfilment type, or no such slot: the checkout's message, nothing written.
    const before = (await db.select().from(t.orders)).length;
    for (const wrong of [await order('delivery'), await order('takeaway', `${slot!.id}@${tomorrow}T12:07`)]) {
      expect(wrong.status).toBe(400);
      expect(JSON.stringify(wrong.data)).toContain('A valid time slot must be selected before proceeding.');
    }
    expect((await db.select().from(t.orders)).length).toBe(before);

    // DELETE (trash) gives the place back; so does a cancel through PUT.
    await client.delete(`orders/${placed[0]!.id}`);
    expect(await booked()).toBe(1);
    expect((await order()).status).toBe(201);
    expect(await booked()).toBe(2);
    await client.put(`orders/${placed[1]!.id}`, { status: 'cancelled' });
    expect(await booked()).toBe(1);
  });

  it('GET /customers/{id} and /customers?email= show customers only, never staff, with paging headers', async () => {
    const one = await reader.get(`customers/${customerId}`);
    expect(one.data).toMatchObject({
      id: customerId,
      email: 'klant@example.be',
      first_name: 'Ann',
      role: 'customer',
      billing: { city: 'Gent', phone: '0470' },
    });
    expect(one.data).not.toHaveProperty('password_hash');
    expect(JSON.stringify(one.data)).not.toContain('passwordHash');
    const byEmail = await reader.get('customers', { email: 'KLANT@example.be' });
    expect(byEmail.data.map((c: { id: number }) => c.id)).toEqual([customerId]);
    expect(byEmail.headers['x-wp-total']).toBe('1');
    expect((await reader.get('customers', { email: 'chef@example.be' })).data).toEqual([]);
    const [staff] = await testDb.database.db.select().from(t.users).where(eq(t.users.email, 'chef@example.be'));
    expect((await settle(reader.get(`customers/${staff!.id}`))).status).toBe(404);
    // Without the shop's API key (a customer's browser, a guest): nothing, whatever the id.
    const anonymous = await app.server.inject({ method: 'GET', url: `/wp-json/wc/v3/customers/${customerId}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('klant@example.be');
    const bad = await settle(reader.get('customers', { email: 'geen' }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('email');
  });
});
