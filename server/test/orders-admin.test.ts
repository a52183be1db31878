import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrderDetails, StaffOrderList } from '@bakje/contract';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { aShopTakingOrders, anOrder, NOW, placeOrder } from './support/orders.js';
import { catalogCaughtUp, startTestApp } from './support/server.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const ORDER = `query($id: ID!) { order(id: $id, idType: DATABASE_ID) { status } }`;

describe.each(databaseKinds)('orders page and cancel with a reason on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let admin: Browser;
  let productId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    ({ productId } = await aShopTakingOrders(db));
    // Managed stock: 50 pieces, so a cancel visibly gives them back.
    await db.update(t.products).set({ manageStock: true, stockQuantity: 50 }).where(eq(t.products.id, productId));
    app = await startTestApp(testDb.database, {}, () => NOW);
    await catalogCaughtUp(app, testDb.database);
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    admin = new Browser(() => app);
    expect((await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' })).body.data.login.viewer.role).toBe('admin');
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('cancel frees the slot place and the stock, records the reason in an event, queues the mail, and the customer sees cancelled', async () => {
    const db = testDb.database.db;
    const placed = await placeOrder(app, productId, { firstName: 'Mieke', lastName: 'Claes' });
    const [order] = await db.select().from(t.orders).where(eq(t.orders.id, placed.databaseId));
    const booked = async () =>
      (
        await db
          .select()
          .from(t.slotBookings)
          .where(and(eq(t.slotBookings.slotId, order!.slotId!), eq(t.slotBookings.startsAt, order!.slotStart!)))
      )[0]?.booked;
    const stock = async () => (await db.select().from(t.products).where(eq(t.products.id, productId)))[0]!.stockQuantity;
    const bookedBefore = await booked();
    const stockBefore = await stock();
    expect(stockBefore).toBe(48);

    // No reason: refused, naming the field, nothing changed.
    const bad = await admin.request('POST', `/api/orders/${placed.databaseId}/cancel`, { reason: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('reason');
    expect((await db.select().from(t.orders).where(eq(t.orders.id, placed.databaseId)))[0]!.status).toBe('processing');

    const cancelled = await admin.request('POST', `/api/orders/${placed.databaseId}/cancel`, { reason: 'Frituur zonder olie' });
    expect(cancelled.statusCode).toBe(200);
    const details = cancelled.json() as StaffOrderDetails;
    expect(details.status).toBe('cancelled');
    expect(details.cancelReason).toBe('Frituur zonder olie');
    expect(details.history.map((h) => [h.action, h.to, h.reason])).toEqual([
      [null, 'processing', null],
      ['cancel', 'cancelled', 'Frituur zonder olie'],
    ]);
    expect(await booked()).toBe(bookedBefore! - 1);
    expect(await stock()).toBe(50);

    const [event] = await db
      .execute(sql`select payload from order_events where order_id = ${placed.databaseId} order by id desc limit 1`)
      .then((r) => (r as unknown as { rows: { payload: { action: string; reason: string; order: { status: string } } }[] }).rows);
    expect(event!.payload).toMatchObject({ action: 'cancel', reason: 'Frituur zonder olie', order: { status: 'cancelled' } });
    const mails = await db.select().from(t.jobs).where(eq(t.jobs.kind, 'mail'));
    const mail = mails.map((j) => j.payload as { kind: string; to: string; text: string }).find((p) => p.kind === 'order_cancelled');
    expect(mail).toMatchObject({ to: 'an@example.be' });
    expect(mail!.text).toContain('Frituur zonder olie');

    // The customer's own summary reads cancelled.
    const customer = await app.server.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'woocommerce-session': `Session ${placed.token}` },
      payload: JSON.stringify({ query: ORDER, variables: { id: String(placed.databaseId) } }),
    });
    expect(customer.json().data.order.status).toBe('CANCELLED');

    // Twice: refused, nothing given back twice.
    const again = await admin.request('POST', `/api/orders/${placed.databaseId}/cancel`, { reason: 'nog eens' });
    expect(again.statusCode).toBe(409);
    expect(await stock()).toBe(50);
  });

  it("writes the cancel mail in the customer's language, whoever cancels", async () => {
    const db = testDb.database.db;
    const cancelMail = async (orderId: number) => {
      const mails = await db.select().from(t.jobs).where(eq(t.jobs.kind, 'mail'));
      const link = `/checkout/order-received/${orderId}?`;
      return mails.map((j) => j.payload as { kind: string; subject: string; text: string }).find((p) => p.kind === 'order_cancelled' && p.text.includes(link));
    };
    const french = await placeOrder(app, productId, { firstName: 'Camille', lastName: 'Dubois' }, 'fr_FR');
    expect((await db.select().from(t.orders).where(eq(t.orders.id, french.databaseId)))[0]!.lang).toBe('fr');
    const confirmations = (await db.select().from(t.jobs).where(eq(t.jobs.kind, 'mail'))).map((j) => j.payload as { kind: string; subject: string });
    // The test app pays through the simulators, so the shop is in test mode and every mail says so (decision 0070).
    expect(confirmations.map((m) => m.subject)).toContain(`[TEST] Votre commande n° ${french.databaseId} est reçue`);
    // The admin's own session is Dutch: the mail still follows the order.
    expect((await admin.request('POST', `/api/orders/${french.databaseId}/cancel`, { reason: 'Plus de frites' })).statusCode).toBe(200);
    const mail = await cancelMail(french.databaseId);
    expect(mail?.subject).toBe(`[TEST] Votre commande n° ${french.pickupNumber} est annulée`);
    expect(mail!.text).toContain('Raison');

    const english = await placeOrder(app, productId, { firstName: 'Sam', lastName: 'Smith' }, 'en_US');
    expect((await admin.request('POST', `/api/kitchen/orders/${english.databaseId}/cancel`, { reason: 'Out of oil' })).statusCode).toBe(200);
    expect((await cancelMail(english.databaseId))?.subject).toBe(`[TEST] Your order #${english.pickupNumber} has been cancelled`);
  });

  it('lists active and archived orders, searches by number, name and phone, filters, and changes status with an event', async () => {
    const db = testDb.database.db;
    const live = await placeOrder(app, productId, { firstName: 'Jozef', lastName: 'Vermeulen' });
    // A pre-order 5 days ahead (beyond the kitchen's window) is active; one completed last week is archived.
    const later = await anOrder(
      db,
      {
        pickupDay: '2026-11-26',
        status: 'processing',
        billing: {
          ...(await db.select().from(t.orders).where(eq(t.orders.id, live.databaseId)))[0]!.billing,
          firstName: 'Later',
          lastName: 'Klant',
          phone: '0499 11 22 33',
        },
      },
      productId,
    );
    const old = await anOrder(db, { pickupDay: '2026-11-14', status: 'completed' }, productId);

    const list = async (query: string) => {
      const response = await admin.request('GET', `/api/orders?${query}`);
      expect(response.statusCode).toBe(200);
      return (response.json() as StaffOrderList).orders.map((o) => o.id);
    };
    const active = await list('view=active');
    expect(active).toEqual(expect.arrayContaining([live.databaseId, later.id]));
    expect(active).not.toContain(old.id);
    expect(await list('view=archived')).toContain(old.id);
    expect(await list('view=active&search=Vermeulen')).toEqual([live.databaseId]);
    expect(await list('view=active&search=0499112233')).toEqual([later.id]);
    expect(await list(`view=active&search=${live.pickupNumber}&from=2026-11-21&to=2026-11-21`)).toEqual([live.databaseId]);
    expect(await list('view=active&from=2026-11-26&to=2026-11-26&fulfilment=takeaway')).toEqual([later.id]);
    const badFilter = await admin.request('GET', '/api/orders?view=active&status=bezig');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.body).toContain('status');

    const changed = await admin.request('PUT', `/api/orders/${live.databaseId}/status`, { status: 'completed' });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as StaffOrderDetails).history.at(-1)).toMatchObject({ action: 'manage', from: 'processing', to: 'completed' });
  });

  it("the kitchen's later list shows pre-orders 3 to 14 days ahead; cancel from the kitchen needs orders.manage", async () => {
    const db = testDb.database.db;
    const ahead = await anOrder(db, { pickupDay: '2026-11-27', status: 'processing' }, productId);
    const soon = await anOrder(db, { pickupDay: '2026-11-22', status: 'processing' }, productId);
    const response = await admin.request('GET', '/api/kitchen/orders/later');
    expect(response.statusCode).toBe(200);
    const ids = (response.json() as { orders: { id: number }[]; from: string; to: string }).orders.map((o) => o.id);
    expect(ids).toContain(ahead.id);
    expect(ids).not.toContain(soon.id);
    expect(response.json()).toMatchObject({ from: '2026-11-24', to: '2026-12-05' });

    const guest = new Browser(() => app);
    expect((await guest.request('POST', `/api/kitchen/orders/${ahead.id}/cancel`, { reason: 'klant belde' })).statusCode).toBe(401);
    expect((await guest.request('GET', '/api/orders')).statusCode).toBe(401);
    expect((await guest.request('GET', '/api/figures')).statusCode).toBe(401);
    const ok = await admin.request('POST', `/api/kitchen/orders/${ahead.id}/cancel`, { reason: 'klant belde' });
    expect(ok.statusCode).toBe(200);
    expect((await db.select().from(t.orders).where(eq(t.orders.id, ahead.id)))[0]!.status).toBe('cancelled');
  });

  it("shows Bakje's own payment methods in the reader's language in the list and the details (issue 31)", async () => {
    const placed = await placeOrder(app, productId, { firstName: 'Amélie', lastName: 'Dubois' });
    const titleIn = async (locale: string | undefined) => {
      const headers: Record<string, string> = locale ? { 'x-bakje-locale': locale } : {};
      const list = (await admin.request('GET', '/api/orders?view=active&per_page=100', undefined, { headers })).json() as StaffOrderList;
      const details = (await admin.request('GET', `/api/orders/${placed.databaseId}`, undefined, { headers })).json() as StaffOrderDetails;
      return [list.orders.find((o) => o.id === placed.databaseId)?.paymentMethodTitle, details.paymentMethodTitle];
    };
    // Stored as the checkout wrote it ("Cash"); each reader sees their own language, Dutch by default.
    expect(await titleIn(undefined)).toEqual(['Contant', 'Contant']);
    expect(await titleIn('fr_FR')).toEqual(['Espèces', 'Espèces']);
    expect(await titleIn('en_US')).toEqual(['Cash', 'Cash']);
  });
});
