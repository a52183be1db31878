import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../src/db/client.js';
import * as t from '../../src/db/schema/index.js';

let sequence = 0;

const address = (n: number): t.Address => ({
  firstName: `Voornaam${n}`,
  lastName: `Achternaam${n}`,
  company: '',
  address1: `Straat ${n}`,
  address2: '',
  city: 'Gent',
  state: '',
  postcode: '9000',
  country: 'BE',
  phone: `04701234${String(n).padStart(2, '0')}`,
  email: `klant${n}@example.test`,
});

/** An order row with one line, written directly (no checkout), for back-office and REST tests. */
export async function anOrder(db: DbOrTx, overrides: Partial<typeof t.orders.$inferInsert> = {}, productId = 1) {
  const n = ++sequence;
  const [order] = await db
    .insert(t.orders)
    .values({
      orderKey: `wc_order_${randomBytes(16).toString('hex')}`,
      status: 'processing',
      fulfilmentType: 'takeaway',
      pickupNumber: n,
      pickupDay: '2026-11-22',
      billing: address(n),
      shipping: address(n),
      paymentMethod: 'cod',
      paymentMethodTitle: 'Cash',
      subtotal: 1000,
      totalTax: 57,
      total: 1000,
      ...overrides,
    })
    .returning();
  await db.insert(t.orderLines).values({
    orderId: order!.id,
    position: 0,
    productId,
    name: 'Friet groot',
    quantity: 2,
    unitPrice: 500,
    subtotal: 1000,
    total: 1000,
    vatRate: 6,
    totalTax: 57,
  });
  return order!;
}
