import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/db/client.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** Integration tests run on PGlite always, and on PostgreSQL too when DATABASE_URL is set. */
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  /** For PostgreSQL: the URL of this test's own database, so a second instance can open it. */
  url?: string;
  /** Opens another connection set to the same database (a second server instance). */
  openAnother(): Promise<Database>;
  cleanup(): Promise<void>;
}

/** A fresh, migrated, empty database: in memory for PGlite, a new database on the server for PostgreSQL. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openPglite('memory://');
    await database.migrate();
    return {
      database,
      openAnother: async () => {
        throw new Error('PGlite is embedded: one process, one instance');
      },
      cleanup: () => database.close(),
    };
  }
  const adminUrl = process.env.DATABASE_URL!;
  const name = `bakje_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  await database.migrate();
  const others: Database[] = [];
  return {
    database,
    url: url.toString(),
    async openAnother() {
      const another = await openPostgres(url.toString(), 5);
      others.push(another);
      return another;
    },
    async cleanup() {
      for (const other of others) await other.close();
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
