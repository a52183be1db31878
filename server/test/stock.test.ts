import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { DomainError } from '../src/errors/domain-error.js';
import { cancelOrder } from '../src/modules/orders/lifecycle.js';
import { giveBackStock, stockOrder, takeStock } from '../src/modules/stock/stock.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { DAY, NOW, aShopTakingOrders } from './support/orders.js';
import { catalogCaughtUp, graphql, startTestApp } from './support/server.js';

const ADD = `mutation($productId: Int!, $quantity: Int) { addToCart(input: {productId: $productId, quantity: $quantity}) { cart { isEmpty } } }`;
const SLOTS = `query { availableTimeSlots(type: TAKEAWAY, date: "${DAY}") { id } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId } } }`;
const billing = { firstName: 'An', lastName: 'Peeters', phone: '0470 12 34 56', address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' };

describe('stockOrder', () => {
  it('gives one line per product, in ascending product id', () => {
    expect(
      stockOrder([
        { productId: 9, quantity: 1 },
        { productId: 3, quantity: 2 },
        { productId: 9, quantity: 4 },
      ]),
    ).toEqual([
      { productId: 3, quantity: 2 },
      { productId: 9, quantity: 5 },
    ]);
  });
});

describe.each(databaseKinds)('stock on %s', (kind) => {
  let testDb: TestDatabase;

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await testDb.cleanup();
  });

  const stockOf = async (ids: number[]) => {
    const rows = await testDb.database.db
      .select({ id: t.products.id, stockQuantity: t.products.stockQuantity, stockStatus: t.products.stockStatus, totalSales: t.products.totalSales })
      .from(t.products)
      .where(inArray(t.products.id, ids));
    return Object.fromEntries(rows.map(({ id, ...rest }) => [id, rest]));
  };

  it('takes stock, marks a product out of stock at 0, and gives it back', async () => {
    const db = testDb.database.db;
    const bicky = await aProduct(db, { manageStock: true, stockQuantity: 3 });
    const cola = await aProduct(db, { manageStock: true, stockQuantity: 5 });
    const fries = await aProduct(db, { manageStock: false });

    await db.transaction((tx) =>
      takeStock(tx, [
        { productId: cola.id, quantity: 2 },
        { productId: bicky.id, quantity: 1 },
        { productId: bicky.id, quantity: 2 },
      ]),
    );
    expect(await stockOf([bicky.id, cola.id])).toEqual({
      [bicky.id]: { stockQuantity: 0, stockStatus: 'OUT_OF_STOCK', totalSales: 3 },
      [cola.id]: { stockQuantity: 3, stockStatus: 'IN_STOCK', totalSales: 2 },
    });

    // Not enough of one product: nothing is taken, not even of the products before it.
    const refused = db.transaction((tx) =>
      takeStock(tx, [
        { productId: cola.id, quantity: 1 },
        { productId: bicky.id, quantity: 1 },
      ]),
    );
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ code: 'NOT_ENOUGH_STOCK', kind: 'conflict' });
    expect((await stockOf([cola.id]))[cola.id]!.stockQuantity).toBe(3);

    await db.transaction((tx) =>
      giveBackStock(tx, [
        { productId: bicky.id, quantity: 3 },
        { productId: fries.id, quantity: 2 },
      ]),
    );
    expect(await stockOf([bicky.id, fries.id])).toMatchObject({
      [bicky.id]: { stockQuantity: 3, stockStatus: 'IN_STOCK' },
      [fries.id]: { stockQuantity: null, stockStatus: 'IN_STOCK' },
    });
  });

  describe('through the checkout', () => {
    let app: App;

    beforeEach(async () => {
      app = await startTestApp(testDb.database, {}, () => NOW);
    });
    afterEach(async () => {
      await app.close();
    });

    async function customerWithCart(productId: number) {
      let token: string | undefined;
      const call = async (query: string, variables?: Record<string, unknown>) => {
        const response = await graphql(app, query, variables, token ? { 'woocommerce-session': `Session ${token}` } : {});
        const issued = response.headers['woocommerce-session'];
        if (typeof issued === 'string') token = issued;
        return response.body;
      };
      expect((await call(ADD, { productId, quantity: 1 })).errors).toBeUndefined();
      const slot = (await call(SLOTS)).data.availableTimeSlots[0].id as string;
      const input = {
        paymentMethod: 'cod',
        billing,
        metaData: [
          { key: 'fulfilment_type', value: 'takeaway' },
          { key: 'time_slot', value: slot },
        ],
      };
      return () => call(CHECKOUT, { input });
    }

    // On PGlite this hung for good while the cart and checkout loaded a stale catalogue inside their
    // transaction: the first checkout's stock change made the snapshot stale for the second.
    it('two checkouts for the last piece: one order, the other refused by code; a cancel gives it back', async () => {
      const db = testDb.database.db;
      await aShopTakingOrders(db);
      const last = await aProduct(db, { slug: 'laatste-stoofvlees', manageStock: true, stockQuantity: 1 });
      await catalogCaughtUp(app, testDb.database);
      const first = await customerWithCart(last.id);
      const second = await customerWithCart(last.id);

      const answers = await Promise.all([first(), second()]);
      const placed = answers.filter((a) => !a.errors);
      const refused = answers.filter((a) => a.errors);
      expect(placed).toHaveLength(1);
      expect(refused).toHaveLength(1);
      // Whichever came second: the stock update found nothing left, or the catalogue already said sold out.
      expect(['NOT_ENOUGH_STOCK', 'OUT_OF_STOCK']).toContain(refused[0].errors[0].extensions.code);
      expect(refused[0].errors[0].extensions.status).toBe(409);
      expect((await stockOf([last.id]))[last.id]).toMatchObject({ stockQuantity: 0, stockStatus: 'OUT_OF_STOCK', totalSales: 1 });
      const orders = await db.select({ id: t.orders.id }).from(t.orders);
      expect(orders).toHaveLength(1);

      expect(await cancelOrder(db, placed[0].data.checkout.order.databaseId)).toBe(true);
      expect((await stockOf([last.id]))[last.id]).toMatchObject({ stockQuantity: 1, stockStatus: 'IN_STOCK' });
      // Cancelling twice gives nothing back twice.
      expect(await cancelOrder(db, placed[0].data.checkout.order.databaseId)).toBe(false);
      const [after] = await db.select({ stockQuantity: t.products.stockQuantity }).from(t.products).where(eq(t.products.id, last.id));
      expect(after!.stockQuantity).toBe(1);
    }, 120_000);
  });
});
