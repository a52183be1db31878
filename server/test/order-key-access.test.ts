import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { App } from '../src/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { NOW, aShopTakingOrders, placeOrder, type PlacedOrder } from './support/orders.js';
import { graphql, startTestApp } from './support/server.js';
import { SseClient } from './support/sse-client.js';
import { Browser } from './support/browser.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';

const ORDER = `query($id: ID!, $key: String) { order(id: $id, orderKey: $key) {
  status personalDetailsHidden customerNote kitchenNotes lineItems { nodes { name quantity } }
  billing { firstName lastName phone email address1 city } shipping { firstName address1 }
} }`;
const hoursAfter = (hours: number) => new Date(NOW.getTime() + hours * 3600_000);

describe.each(databaseKinds)('an order read by its key alone on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let now: Date;
  let order: PlacedOrder;

  async function start(env: Record<string, string> = {}) {
    now = NOW;
    app = await startTestApp(testDb.database, env, () => now);
    const { productId } = await aShopTakingOrders(testDb.database.db);
    order = await placeOrder(app, productId, { firstName: 'Zegerina', lastName: 'Vandersmissen' });
  }
  const byKey = async () => (await graphql(app, ORDER, { id: String(order.databaseId), key: order.orderKey })).body;

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it("shows the customer's details for 24 hours, then only status and items; the owner keeps seeing them", async () => {
    await start();
    now = hoursAfter(23.9);
    const early = await byKey();
    expect(early.errors).toBeUndefined();
    expect(early.data.order).toMatchObject({
      personalDetailsHidden: false,
      customerNote: 'zonder ui',
      billing: { firstName: 'Zegerina', lastName: 'Vandersmissen', phone: '0470 12 34 56', email: 'an@example.be', address1: 'Veldstraat 1' },
    });

    now = hoursAfter(24);
    const late = (await byKey()).data.order;
    expect(late).toMatchObject({
      status: 'PROCESSING',
      personalDetailsHidden: true,
      kitchenNotes: [],
      lineItems: { nodes: [{ name: 'Frikandel', quantity: 2 }] },
    });
    expect(Object.values(late.billing).every((value) => value === '' || value === null)).toBe(true);
    expect(Object.values(late.shipping).every((value) => value === '' || value === null)).toBe(true);
    expect(late.customerNote ?? '').toBe('');
    expect(JSON.stringify(late)).not.toMatch(/Zegerina|Vandersmissen|0470|an@example|Veldstraat/);

    // The session that placed it is the owner, and kitchen staff see every order: no time limit.
    const owner = await graphql(app, ORDER, { id: String(order.databaseId) }, { 'woocommerce-session': `Session ${order.token}` });
    expect(owner.body.data.order).toMatchObject({ personalDetailsHidden: false, billing: { firstName: 'Zegerina', phone: '0470 12 34 56' } });
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    const staff = new Browser(() => app);
    await staff.graphql('mutation { login(input: {username: "baas@example.be", password: "De baas van de frituur"}) { viewer { role } } }');
    expect((await staff.graphql(ORDER, { id: String(order.databaseId) })).body.data.order).toMatchObject({
      personalDetailsHidden: false,
      billing: { firstName: 'Zegerina' },
    });
    // A customer who is not the owner gets nothing without the key, as before.
    const stranger = new Browser(() => app);
    expect((await stranger.graphql(ORDER, { id: String(order.databaseId) })).body.data.order).toBeNull();
  });

  it('follows BAKJE_ORDER_KEY_DETAILS_HOURS, and the order stream still opens with the key', async () => {
    await start({ BAKJE_ORDER_KEY_DETAILS_HOURS: '1' });
    now = hoursAfter(0.5);
    expect((await byKey()).data.order.billing.firstName).toBe('Zegerina');
    now = hoursAfter(1.5);
    expect((await byKey()).data.order).toMatchObject({ personalDetailsHidden: true, billing: { firstName: '' } });

    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.server.address() as AddressInfo;
    const stream = await SseClient.connect(`http://127.0.0.1:${port}/api/events/order/${order.databaseId}?key=${encodeURIComponent(order.orderKey)}`);
    try {
      expect(stream.status).toBe(200);
      const [snapshot] = await stream.waitForCount(1);
      expect(snapshot!.data).toMatchObject({ order: { orderId: order.databaseId, status: 'processing', pickupNumber: order.pickupNumber } });
      expect(JSON.stringify(snapshot!.data)).not.toMatch(/Zegerina|Vandersmissen|0470|Veldstraat/);
    } finally {
      stream.close();
    }
  });
});
