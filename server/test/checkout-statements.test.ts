import { PGlite } from '@electric-sql/pglite';
import { inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { cartSession, startTestApp } from './support/server.js';
import { waitFor } from './support/wait.js';

// The statements an add-to-cart and a checkout send to the database, counted on PGlite: every request shares
// its one connection, so each statement is time the other customers wait (docs/decisions/0053-pglite-memory-checkout.md).
const NOW = new Date('2026-11-21T09:00:00Z');
const DAY = '2026-11-21';
const ADD = `mutation($productId: Int!) { addToCart(input: { productId: $productId, quantity: 2 }) { cart { total(format: RAW) contents { itemCount } } } }`;
const SLOTS = `query($date: String!) { availableTimeSlots(type: TAKEAWAY, date: $date) { id } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { result order { databaseId status pickupNumber total(format: RAW) } } }`;
const billing = { firstName: 'An', lastName: 'Peeters', phone: '0470 12 34 56', address1: 'Veldstraat 1', city: 'Gent', postcode: '9000' };

/** The SQL text of each Parse ('P') and simple Query ('Q') message PGlite executes while `run` runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const original = PGlite.prototype.execProtocolStream;
  const decoder = new TextDecoder();
  PGlite.prototype.execProtocolStream = function (this: PGlite, message: Uint8Array, options?: Parameters<PGlite['execProtocolStream']>[1]) {
    if (message[0] === 0x50) {
      // Parse: 'P', int32 length, statement name\0, query\0, ...
      const nameEnd = message.indexOf(0, 5);
      statements.push(decoder.decode(message.subarray(nameEnd + 1, message.indexOf(0, nameEnd + 1))));
    } else if (message[0] === 0x51) statements.push(decoder.decode(message.subarray(5, message.indexOf(0, 5))));
    return original.call(this, message, options);
  } as PGlite['execProtocolStream'];
  try {
    await run();
  } finally {
    PGlite.prototype.execProtocolStream = original;
  }
  return statements;
}

describe('statements of an add-to-cart and a checkout (PGlite)', () => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;

  beforeEach(async () => {
    testDb = await createTestDatabase('pglite');
    const db = testDb.database.db;
    await db.insert(t.settings).values({ key: 'opening_hours', value: { week: { '6': [{ open: '09:00', close: '23:00' }] } } });
    productId = (await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 280, maxQuantity: 60 })).id;
    await db.insert(t.timeSlots).values({ type: 'takeaway', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 100, repeatDays: [6] });
    app = await startTestApp(testDb.database, {}, () => NOW);
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  it('logs and bounds them', async () => {
    const slots = (await cartSession(app)(SLOTS, { date: DAY })).data.availableTimeSlots;
    const input = (slot: string) => ({
      paymentMethod: 'cod',
      billing,
      metaData: [
        { key: 'fulfilment_type', value: 'takeaway' },
        { key: 'time_slot', value: slot },
      ],
    });
    // A first customer warms the caches (catalogue, settings); the second one is what the bench's customers see.
    const first = cartSession(app);
    await first(ADD, { productId });
    expect((await first(CHECKOUT, { input: input(slots[0].id) })).data.checkout.result).toBe('success');
    // Its tickets are handled first, so that what is counted below is the second customer's alone.
    await waitFor("the first order's jobs", async () => {
      const open = await testDb.database.db
        .select({ id: t.jobs.id })
        .from(t.jobs)
        .where(inArray(t.jobs.status, ['queued', 'running']));
      return open.length === 0;
    });

    const call = cartSession(app);
    const add = await statementsOf(async () => expect((await call(ADD, { productId })).data.addToCart.cart.contents.itemCount).toBe(2));
    const checkout = await statementsOf(async () =>
      expect((await call(CHECKOUT, { input: input(slots[1].id) })).data.checkout.order.status).toBe('PROCESSING'),
    );
    // What follows the checkout's COMMIT is the job runner and the event hub reacting to the new order.
    const begin = checkout.indexOf('BEGIN');
    const transaction = checkout.slice(begin, checkout.indexOf('COMMIT', begin) + 1);
    const show = (list: string[]) => list.map((q) => q.replace(/\s+/g, ' ').trim().slice(0, 160)).join('\n  ');
    console.log(
      `addToCart: ${add.length} statements\n  ${show(add)}\ncheckout: ${transaction.length} in its transaction\n  ${show(transaction)}\n` +
        `and ${checkout.length - transaction.length} by the job runner and the event hub before the answer\n  ${show(checkout.filter((_, i) => i < begin || i >= begin + transaction.length))}`,
    );
    // Budgets: BEGIN, the cart upsert, its update, COMMIT; the checkout's transaction is BEGIN, the cart (locked)
    // with the pause state, the slot, its booking, the cart emptied with the order id, the order, its lines, the
    // stations with a printer of their own (decision 0069; one read of a small table), its tickets, its number and
    // event, COMMIT.
    const addBegin = add.indexOf('BEGIN');
    expect(add.slice(addBegin, add.indexOf('COMMIT', addBegin) + 1)).toHaveLength(4);
    expect(transaction.length).toBeLessThanOrEqual(11);
    // The ticket and the kitchen's event are read on a later turn of the event loop, after the answer.
    expect(checkout).toEqual(transaction);
  });
});
