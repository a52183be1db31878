import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import { DEFAULT_RETENTION, pruneOldRecords } from '../src/modules/retention/retention.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';

const NOW = new Date('2026-11-21T09:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600_000);

describe.each(databaseKinds)('pruning old records on %s', (kind) => {
  let testDb: TestDatabase;
  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await testDb.cleanup();
  });

  it('deletes old events, finished jobs (tickets, sent mail) and simulator records, and keeps recent and unfinished work', async () => {
    const db = testDb.database.db;
    await db.insert(t.orderEvents).values([
      { id: 1, type: 'order.created', orderId: 1, payload: {}, createdAt: daysAgo(31) },
      { id: 2, type: 'order.created', orderId: 2, payload: {}, createdAt: daysAgo(29) },
    ]);
    const ticket = { kind: 'print', lane: 'print:9', payload: { orderId: 1, ticket: 'customer', copy: 1 } };
    const mail = { kind: 'mail', lane: 'mail', payload: { kind: 'order', to: 'a@b.test', subject: 's', text: 't' }, nextAttemptAt: daysAgo(40) };
    await db.insert(t.jobs).values([
      { ...ticket, idempotencyKey: 'old-done', status: 'done', createdAt: daysAgo(40), finishedAt: daysAgo(40) },
      { ...ticket, idempotencyKey: 'old-failed', status: 'failed', createdAt: daysAgo(40), finishedAt: daysAgo(39) },
      // Still waiting for a printer after weeks: it must print once one is configured.
      { ...ticket, idempotencyKey: 'old-queued', status: 'queued', createdAt: daysAgo(40) },
      { ...ticket, idempotencyKey: 'recent-done', status: 'done', createdAt: daysAgo(2), finishedAt: daysAgo(2) },
      { ...mail, idempotencyKey: 'old-sent', status: 'done', createdAt: daysAgo(40), finishedAt: daysAgo(40) },
      { ...mail, idempotencyKey: 'old-unsent', status: 'queued', createdAt: daysAgo(40) },
      { ...mail, idempotencyKey: 'recent-sent', status: 'done', createdAt: daysAgo(1), finishedAt: daysAgo(1) },
    ]);
    await db.insert(t.simulatedTickets).values([
      { printer: 'lan:127.0.0.1:9100', text: 'old', receivedAt: daysAgo(8) },
      { printer: 'lan:127.0.0.1:9100', text: 'new', receivedAt: daysAgo(1) },
    ]);
    await db.insert(t.localMailbox).values([
      { to: 'a@b.test', from: 'shop@b.test', subject: 'old', text: 'x', receivedAt: daysAgo(8) },
      { to: 'a@b.test', from: 'shop@b.test', subject: 'new', text: 'x', receivedAt: daysAgo(1) },
    ]);

    expect(await pruneOldRecords(db, NOW)).toEqual({ orderEvents: 1, jobs: 3, simulatorRecords: 2, guestCarts: 0 });

    expect((await db.select({ id: t.orderEvents.id }).from(t.orderEvents)).map((r) => r.id)).toEqual([2]);
    const jobs = (await db.select({ key: t.jobs.idempotencyKey }).from(t.jobs)).map((r) => r.key).sort();
    expect(jobs).toEqual(['old-queued', 'old-unsent', 'recent-done', 'recent-sent']);
    expect((await db.select({ text: t.simulatedTickets.text }).from(t.simulatedTickets)).map((r) => r.text)).toEqual(['new']);
    expect((await db.select({ subject: t.localMailbox.subject }).from(t.localMailbox)).map((r) => r.subject)).toEqual(['new']);

    // A second run finds nothing more to do.
    expect(await pruneOldRecords(db, NOW)).toEqual({ orderEvents: 0, jobs: 0, simulatorRecords: 0, guestCarts: 0 });
  });

  it("deletes guest carts unchanged for longer than the setting, and keeps fresh ones and customers' carts", async () => {
    const db = testDb.database.db;
    const line = { key: 'k', productId: 1, variationId: null, quantity: 1, addons: [] };
    await db.insert(t.carts).values([
      { sessionKey: `g_${'a'.repeat(32)}`, lines: [line], updatedAt: daysAgo(15) },
      { sessionKey: `g_${'b'.repeat(32)}`, lines: [line], customer: { billing: { firstName: 'Zegerina' }, shipping: {} }, updatedAt: daysAgo(14.5) },
      { sessionKey: `g_${'c'.repeat(32)}`, lines: [line], updatedAt: daysAgo(13) },
      { sessionKey: 'c_7', lines: [line], updatedAt: daysAgo(400) },
    ]);

    expect((await pruneOldRecords(db, NOW, { ...DEFAULT_RETENTION, guestCartDays: 14 })).guestCarts).toBe(2);
    const left = (await db.select({ key: t.carts.sessionKey }).from(t.carts)).map((r) => r.key).sort();
    expect(left).toEqual(['c_7', `g_${'c'.repeat(32)}`]);

    // A shorter setting reaches the fresher one too; a customer's cart stays however old.
    expect((await pruneOldRecords(db, NOW, { ...DEFAULT_RETENTION, guestCartDays: 1 })).guestCarts).toBe(1);
    expect((await db.select({ key: t.carts.sessionKey }).from(t.carts)).map((r) => r.key)).toEqual(['c_7']);
  });

  it('makes the space of purged carts reusable: purging and refilling does not grow the table', async () => {
    const db = testDb.database.db;
    const line = { key: 'k', productId: 1, variationId: null, quantity: 1, addons: [] };
    const tableSize = async () => {
      const result = await db.execute(sql`select pg_relation_size('carts')::int as size`);
      return ((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows)[0] as { size: number }).size;
    };
    const fill = (round: number) =>
      db.insert(t.carts).values(
        Array.from({ length: 2000 }, (_, i) => ({
          sessionKey: `g_${String(round).padStart(2, '0')}${String(i).padStart(30, '0')}`,
          lines: [line],
          updatedAt: daysAgo(30),
        })),
      );

    await fill(1);
    const filledOnce = await tableSize();
    expect(filledOnce).toBeGreaterThan(0);
    expect((await pruneOldRecords(db, NOW)).guestCarts).toBe(2000);
    await fill(2);
    expect(await tableSize()).toBeLessThanOrEqual(filledOnce);
  });
});
