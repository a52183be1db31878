import { eq as sqlEq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import { readOrderFor } from '../src/modules/orders/order-read.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { anOrder } from './support/orders.js';

describe.each(databaseKinds)('reading an order with its lines on %s', (kind) => {
  let testDb: TestDatabase;
  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await testDb.cleanup();
  });

  it("returns the order's own lines in position order, never another order's (ids of orders and lines differ)", async () => {
    const db = testDb.database.db;
    // Line ids run ahead of order ids, so a line matched on its own id instead of its order's would show.
    const first = await anOrder(db);
    await db.insert(t.orderLines).values([
      { orderId: first.id, position: 1, productId: 7, name: 'Frikandel', quantity: 1, unitPrice: 280, subtotal: 280, total: 280, vatRate: 6, totalTax: 16 },
      { orderId: first.id, position: 2, productId: 8, name: 'Bicky', quantity: 1, unitPrice: 450, subtotal: 450, total: 450, vatRate: 6, totalTax: 25 },
    ]);
    const second = await anOrder(db, {}, 9);
    await db.insert(t.orderLines).values({
      orderId: second.id,
      position: 1,
      productId: 10,
      name: 'Kriek',
      quantity: 3,
      unitPrice: 300,
      addons: [{ fieldId: 1, optionId: 2, name: 'Glas', value: 'ja', price: 0, priceType: 'flat_fee' }],
      subtotal: 900,
      total: 900,
      vatRate: 21,
      totalTax: 156,
    });
    const empty = await anOrder(db);
    await db.delete(t.orderLines).where(sqlEq(t.orderLines.orderId, empty.id));

    const read = await readOrderFor(db, second.id, { staff: true });
    expect(read!.id).toBe(second.id);
    expect(read!.lines.map((l) => [l.orderId, l.position, l.productId, l.name, l.quantity])).toEqual([
      [second.id, 0, 9, 'Friet groot', 2],
      [second.id, 1, 10, 'Kriek', 3],
    ]);
    expect(read!.lines[1]!.addons).toEqual([{ fieldId: 1, optionId: 2, name: 'Glas', value: 'ja', price: 0, priceType: 'flat_fee' }]);
    expect((await readOrderFor(db, first.id, { staff: true }))!.lines.map((l) => l.name)).toEqual(['Friet groot', 'Frikandel', 'Bicky']);
    expect((await readOrderFor(db, empty.id, { staff: true }))!.lines).toEqual([]);
  });
});
