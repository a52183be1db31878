import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import * as t from '../src/db/schema/index.js';
import { ApiKeyService } from '../src/modules/api-keys/api-key-service.js';
import { PRINT_JOB_KIND } from '../src/modules/printing/print-jobs.js';
import type { App } from '../src/app.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { TEST_PEPPER, catalogCaughtUp, startTestApp } from './support/server.js';

type ClientClass = typeof WooCommerceRestApiModule.default;
const WooCommerceRestApi: ClientClass =
  (WooCommerceRestApiModule as unknown as { default?: ClientClass }).default ?? (WooCommerceRestApiModule as unknown as ClientClass);
const settle = <T>(call: Promise<T>) => call.catch((error: { response: { status: number; data: unknown } }) => error.response);

/** The store API's orders go through the one place-order workflow (docs/decisions/0061-place-order-workflow.md). */
describe.each(databaseKinds)('store REST orders placed like web orders (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let client: InstanceType<ClientClass>;
  let friesId: number;
  let soldOutId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    friesId = (await aProduct(db, { name: { nl: 'Friet groot' }, regularPrice: 400 })).id;
    soldOutId = (await aProduct(db, { name: { nl: 'Bicky' }, regularPrice: 450, stockStatus: 'OUT_OF_STOCK' })).id;
    const key = await new ApiKeyService(db, () => TEST_PEPPER).create({ scope: 'read_write' });
    app = await startTestApp(testDb.database);
    await catalogCaughtUp(app, testDb.database);
    const url = await app.server.listen({ port: 0, host: '127.0.0.1' });
    client = new WooCommerceRestApi({ url, consumerKey: key.consumerKey, consumerSecret: key.consumerSecret, version: 'wc/v3' });
  });
  afterAll(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const ticketsOf = async (orderId: number) =>
    (await testDb.database.db.select().from(t.jobs).where(eq(t.jobs.kind, PRINT_JOB_KIND)))
      .map((job) => job.payload as { orderId: number; ticket: string })
      .filter((payload) => payload.orderId === orderId)
      .map((payload) => payload.ticket)
      .sort();

  it('an order created processing prints its tickets with the kitchen event, as a cash web order does; a pending one waits', async () => {
    const processing = (await client.post('orders', { status: 'processing', line_items: [{ product_id: friesId, quantity: 1 }] })).data;
    expect(await ticketsOf(processing.id)).toEqual(['customer', 'kitchen', 'label']);
    const events = await testDb.database.db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, processing.id));
    expect(events.map((e) => e.type)).toEqual(['order.created']);

    const pending = (await client.post('orders', { status: 'pending', payment_method: 'bacs', line_items: [{ product_id: friesId, quantity: 1 }] })).data;
    expect(await ticketsOf(pending.id)).toEqual([]);
  });

  it('refuses a product that is out of stock, as the checkout does, and writes nothing', async () => {
    const before = (await testDb.database.db.select().from(t.orders)).length;
    const refused = await settle(client.post('orders', { status: 'processing', line_items: [{ product_id: soldOutId, quantity: 1 }] }));
    expect(refused.status).toBe(409);
    expect((await testDb.database.db.select().from(t.orders)).length).toBe(before);
  });
});
