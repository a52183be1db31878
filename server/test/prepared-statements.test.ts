import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import { openPostgres } from '../src/db/client.js';
import { createTestDatabase } from './support/database.js';

// PostgreSQL only: PGlite has no connection pool and parses in process.
describe.runIf(Boolean(process.env.DATABASE_URL))('prepared statements on PostgreSQL', () => {
  it('prepares each parameterised query shape once per connection and gives the same answers', async () => {
    const testDb = await createTestDatabase('postgres');
    // One connection, so every query below lands on the session whose prepared statements are listed.
    const single = await openPostgres(testDb.url!, 1);
    try {
      const db = single.db;
      await db.insert(t.settings).values({ key: 'a', value: { n: 1 } });
      for (let i = 0; i < 3; i++) {
        const rows = await db
          .select({ value: t.settings.value })
          .from(t.settings)
          .where(sql`${t.settings.key} = ${'a'}`);
        expect(rows).toEqual([{ value: { n: 1 } }]);
      }
      const prepared = (await db.execute(sql`select statement from pg_prepared_statements`)) as unknown as { rows: { statement: string }[] };
      const selects = prepared.rows.filter((r) => r.statement.startsWith('select "value" from "settings"'));
      expect(selects).toHaveLength(1);
      // Unparameterised statements (BEGIN, migrations, this one) stay unnamed.
      expect(prepared.rows.some((r) => r.statement.startsWith('select statement from pg_prepared_statements'))).toBe(false);

      // A transaction that fails and is retried on the same connection still works with the prepared shapes.
      await expect(
        db.transaction(async (tx) => {
          await tx.insert(t.settings).values({ key: 'b', value: 1 });
          await tx.insert(t.settings).values({ key: 'b', value: 2 });
        }),
      ).rejects.toThrow();
      await db.insert(t.settings).values({ key: 'b', value: 3 });
      expect(await db.select({ key: t.settings.key }).from(t.settings).orderBy(t.settings.key)).toEqual([{ key: 'a' }, { key: 'b' }]);
    } finally {
      await single.close();
      await testDb.cleanup();
    }
  });

  it('can be turned off', async () => {
    const testDb = await createTestDatabase('postgres');
    const single = await openPostgres(testDb.url!, 1, undefined, false);
    try {
      await single.db
        .select({ key: t.settings.key })
        .from(t.settings)
        .where(sql`${t.settings.key} = ${'a'}`);
      const prepared = (await single.db.execute(sql`select count(*)::int as n from pg_prepared_statements`)) as unknown as { rows: { n: number }[] };
      expect(prepared.rows[0]!.n).toBe(0);
    } finally {
      await single.close();
      await testDb.cleanup();
    }
  });
});
