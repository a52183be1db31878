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
/** A hash of every migration file: a template made from another set of migrations is never used. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const pgliteVersion = JSON.parse(
      fs.readFileSync(path.join(path.dirname(migrationsFolder), '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
    ).version;
    const key = createHash('sha256').update(migrationsHash()).update(pgliteVersion).digest('hex').slice(0, 16);
    const file = path.join(os.tmpdir(), `bakje-pglite-template-${key}.tar`);
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

let postgresTemplate: Promise<string> | undefined;

/**
 * A migrated, empty PostgreSQL database to copy (`create database ... template`), made once per set of migrations
 * and kept on the server: copying it takes a fraction of running every migration for each test database. Nobody
 * stays connected to it, since PostgreSQL copies a template only while it has no sessions.
 */
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `bakje_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      // Test files in parallel processes: one makes the template, the others wait for it.
      await admin.query(`select pg_advisory_lock(hashtext('bakje test template'))`);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const partial = `${name}_partial`;
        await admin.query(`drop database if exists ${partial} with (force)`);
        await admin.query(`create database ${partial}`);
        const url = new URL(adminUrl);
        url.pathname = `/${partial}`;
        const database = await openPostgres(url.toString(), 1);
        await database.migrate();
        await database.close();
        await admin.query(`alter database ${partial} rename to ${name}`);
      }
    } finally {
      await admin.query(`select pg_advisory_unlock(hashtext('bakje test template'))`).catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
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
  const template = await migratedPostgresTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  // Already migrated by the template: this only checks the journal.
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
