import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { openPostgresDatabase, type PostgresDatabase } from '../src/db/postgres-database.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { graphql, startTestApp } from './support/server.js';

/** Kills the server process behind the LISTEN connection, as a restart, failover or an admin would. */
async function terminateListener(database: PostgresDatabase, admin: PostgresDatabase): Promise<number> {
  const pid = database.notifications.backendPid;
  expect(pid).toBeTypeOf('number');
  const result = (await admin.db.execute(sql`select pg_terminate_backend(${pid}) as terminated`)) as unknown as { rows: Array<{ terminated: boolean }> };
  expect(result.rows[0]?.terminated).toBe(true);
  return pid!;
}

/** Waits until the listener has a new connection that listens to every channel again. */
async function reconnected(database: PostgresDatabase, oldPid: number, reconnectsBefore = 0): Promise<void> {
  await expect.poll(() => database.notifications.reconnects, { timeout: 10_000 }).toBe(reconnectsBefore + 1);
  expect(database.notifications.backendPid).not.toBe(oldPid);
}

describe.skipIf(!process.env.DATABASE_URL)('LISTEN connection lost on PostgreSQL', () => {
  let testDb: TestDatabase;
  let listening: PostgresDatabase;
  let admin: PostgresDatabase;

  beforeEach(async () => {
    testDb = await createTestDatabase('postgres');
    // A second instance on the same database whose LISTEN connection the test cuts. A slow first retry
    // leaves a window in which a change is committed while nobody listens.
    listening = await openPostgresDatabase(testDb.url!, 3, { initialDelayMs: 400 });
    admin = testDb.database as PostgresDatabase;
  });
  afterEach(async () => {
    await listening.close();
    await testDb.cleanup();
  });

  it('re-subscribes every channel and tells each handler', async () => {
    const heard: string[] = [];
    let resubscribed = 0;
    await listening.listen('bakje_test_a', { onPayload: (p) => heard.push(`a:${p}`), onResubscribed: () => resubscribed++ });
    await listening.listen('bakje_test_b', (p) => heard.push(`b:${p}`));
    await admin.db.execute(sql`select pg_notify('bakje_test_a', '1'), pg_notify('bakje_test_b', '1')`);
    await expect.poll(() => [...heard].sort()).toEqual(['a:1', 'b:1']);

    const oldPid = await terminateListener(listening, admin);
    await reconnected(listening, oldPid);
    expect(resubscribed).toBe(1);
    await admin.db.execute(sql`select pg_notify('bakje_test_a', '2'), pg_notify('bakje_test_b', '2')`);
    await expect.poll(() => [...heard].sort()).toEqual(['a:1', 'a:2', 'b:1', 'b:2']);
  });

  it('keeps the catalogue current: a change made while disconnected and one made after are both seen', async () => {
    const app: App = await startTestApp(listening);
    try {
      const product = await aProduct(admin.db, { slug: 'bicky', regularPrice: 450 });
      const query = `{ product(id: "bicky", idType: SLUG) { ... on SimpleProduct { price(format: RAW) } } }`;
      await expect.poll(async () => (await graphql(app, query)).body.data.product?.price, { timeout: 5000 }).toBe('4.50');
      expect((await graphql(app, query)).headers['x-bakje-cache']).toBe('hit');

      const oldPid = await terminateListener(listening, admin);
      // Committed while the listening instance has no LISTEN connection: its NOTIFY reaches nobody.
      await admin.db.update(t.products).set({ regularPrice: 470 }).where(eq(t.products.id, product.id));
      await reconnected(listening, oldPid);
      // On reconnect the catalogue is marked changed, so the missed change shows.
      await expect.poll(async () => (await graphql(app, query)).body.data.product.price, { timeout: 5000 }).toBe('4.70');

      // And later notifications are still heard (the forced reload did not swallow them).
      expect((await graphql(app, query)).headers['x-bakje-cache']).toBe('hit');
      await admin.db.update(t.products).set({ regularPrice: 490 }).where(eq(t.products.id, product.id));
      await expect.poll(async () => (await graphql(app, query)).body.data.product.price, { timeout: 5000 }).toBe('4.90');
    } finally {
      await app.close();
    }
  });

  it('keeps retrying with back-off while the database refuses connections', async () => {
    const errors: string[] = [];
    const flaky = await openPostgresDatabase(testDb.url!, 1, { initialDelayMs: 20, maxDelayMs: 80, onError: (_e, context) => errors.push(context) });
    try {
      await flaky.listen('bakje_test_c', () => undefined);
      const name = new URL(testDb.url!).pathname.slice(1);
      const adminClient = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await adminClient.connect();
      try {
        // Refuse new connections to this database, then cut the listener: reconnects fail until allowed again.
        await adminClient.query(`alter database ${pg.escapeIdentifier(name)} allow_connections false`);
        const oldPid = await terminateListener(flaky, admin);
        await expect.poll(() => errors.filter((e) => e.startsWith('reconnecting')).length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
        expect(flaky.notifications.listening).toBe(false);
        await adminClient.query(`alter database ${pg.escapeIdentifier(name)} allow_connections true`);
        await reconnected(flaky, oldPid);
      } finally {
        await adminClient.query(`alter database ${pg.escapeIdentifier(name)} allow_connections true`).catch(() => undefined);
        await adminClient.end();
      }
    } finally {
      await flaky.close();
    }
  });
});
