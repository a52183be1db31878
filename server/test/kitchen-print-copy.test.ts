import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { jobsForOrder } from '../src/modules/printing/print-jobs.js';
import { updatePrintSettings } from '../src/modules/printing/print-settings.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { waitFor } from './support/wait.js';
import { aShopTakingOrders, NOW, placeOrder, STAFF_HEADER } from './support/orders.js';

/** The kitchen's "print kitchen copy" (docs/product.md §4): one more kitchen ticket through the durable print jobs. */
describe.each(databaseKinds)('print kitchen copy on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let productId: number;

  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    ({ productId } = await aShopTakingOrders(testDb.database.db));
    // Demo mode: no printers configured, tickets go to the virtual LAN printer.
    // The allergen label (decision 0084) is tested in allergens-own-container.test.ts; here only the two tickets.
    await updatePrintSettings(testDb.database.db, { customerPrinter: '', kitchenPrinter: '', kitchenCopies: 1, allergenLabel: false });
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      PORT: '0',
      BAKJE_VIRTUAL_PRINTER: 'true',
      BAKJE_PRINT_RETRY_MS: '20',
      BAKJE_JOB_POLL_MS: '25',
    });
    app = await buildApp(config, testDb.database, createLogger('silent'), () => NOW, {
      authorizeStaff: async (request) => request.headers['x-test-staff'] === 'kitchen',
    });
  });
  afterEach(async () => {
    await app.close();
    await testDb.cleanup();
  });

  const settled = (orderId: number, count: number) => async () => {
    const jobs = await jobsForOrder(testDb.database.db, orderId);
    return jobs.length === count && jobs.every((j) => j.status === 'done') && jobs;
  };
  const received = async () => (await app.printing.receivedTickets!.list()).filter((tk) => tk.printer.startsWith('lan:'));
  const post = (url: string, headers: Record<string, string> = STAFF_HEADER) => app.server.inject({ method: 'POST', url, headers });

  it('prints one more kitchen ticket for the order on the virtual printer', async () => {
    const order = await placeOrder(app, productId);
    await waitFor('the order tickets', settled(order.databaseId, 2));
    // A send counts as done once the printer stayed quiet a moment (lan-printer-client.ts): on a busy
    // machine the virtual printer may still be storing what it got.
    const before = await waitFor('both tickets on the virtual printer', async () => {
      const tickets = await received();
      return (
        tickets.some((tk) => tk.idempotencyKey === `o${order.databaseId}-c1`) &&
        tickets.some((tk) => tk.idempotencyKey === `o${order.databaseId}-k1`) &&
        tickets
      );
    });
    const first = before.find((tk) => tk.idempotencyKey === `o${order.databaseId}-k1`)!;

    const response = await post(`/api/kitchen/orders/${order.databaseId}/print-kitchen-copy`);
    expect(response.statusCode).toBe(202);
    const { orders, ticket } = response.json() as { orders: number[]; ticket: string };
    expect(orders).toEqual([order.databaseId]);
    expect(ticket).toMatch(new RegExp(`^o${order.databaseId}-r[0-9a-f]{6}$`));

    const jobs = await waitFor('the kitchen copy', settled(order.databaseId, 3));
    expect(jobs.find((j) => j.idempotencyKey === ticket)).toMatchObject({ ticket: 'kitchen', status: 'done' });
    const after = await waitFor('the copy on the virtual printer', async () => {
      const tickets = await received();
      return tickets.some((tk) => tk.idempotencyKey === ticket) && tickets;
    });
    expect(after).toHaveLength(before.length + 1);
    const copy = after.find((tk) => tk.idempotencyKey === ticket)!;
    // The same kitchen ticket as the first one; only its reference differs.
    const withoutRef = (lines: string[]) => lines.filter((l) => !/ref o\d+-/.test(l));
    expect(withoutRef(copy.lines)).toEqual(withoutRef(first.lines));
    expect(copy.lines.some((l) => l.includes(`ref ${ticket}`))).toBe(true);
    // The order itself does not change.
    expect((await post(`/api/kitchen/orders/${order.databaseId}/ready`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown order, 400 for a bad id, 401 for non-staff, and queues nothing', async () => {
    const order = await placeOrder(app, productId);
    await waitFor('the order tickets', settled(order.databaseId, 2));

    const unknown = await post('/api/kitchen/orders/987654/print-kitchen-copy');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'ORDER_NOT_FOUND', message: 'Order 987654 does not exist.', data: { status: 404 } });
    expect((await post('/api/kitchen/orders/abc/print-kitchen-copy')).statusCode).toBe(400);
    expect((await post('/api/kitchen/orders/0/print-kitchen-copy')).statusCode).toBe(400);

    for (const headers of [{}, { 'x-test-staff': 'customer' }] as Record<string, string>[]) {
      const refused = await post(`/api/kitchen/orders/${order.databaseId}/print-kitchen-copy`, headers);
      expect(refused.statusCode).toBe(401);
    }
    expect(await jobsForOrder(testDb.database.db, order.databaseId)).toHaveLength(2);
    expect(await jobsForOrder(testDb.database.db, 987654)).toHaveLength(0);
  });
});
