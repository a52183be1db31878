import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openPglite, openPostgres, type Database } from '../../src/db/client.js';

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

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite data directory as a tar, made once per set of migrations and kept in the OS temp
 * folder for every test file and run: loading it takes a fraction of creating a cluster and migrating it.
 */
function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const hash = createHash('sha256');
    for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
      const full = path.join(migrationsFolder, file);
      if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
    }
    hash.update(
      JSON.parse(fs.readFileSync(path.join(path.dirname(migrationsFolder), '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')).version,
    );
    const file = path.join(os.tmpdir(), `bakje-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
    if (!fs.existsSync(file)) {
      const database = await openPglite('memory://');
      await database.migrate();
      const dump = await database.dumpDataDir!();
      await database.close();
      // Written under a unique name and renamed: test files running in parallel may make it at once.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    }
    return new Blob([fs.readFileSync(file)]);
  })();
  return pgliteTemplate;
}

/** A fresh, migrated, empty database: in memory for PGlite, a new database on the server for PostgreSQL. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openPglite('memory://', undefined, await migratedPgliteTemplate());
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
