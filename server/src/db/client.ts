import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';
import type { Config } from '../config.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Subscribes to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Applies the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export async function openDatabase(database: Config['database']): Promise<Database> {
  return database.kind === 'postgres' ? openPostgres(database.url, database.poolSize) : openPglite(database.dataDir);
}

/** Opens an embedded PGlite database. `dataDir` 'memory://' keeps it in memory (tests). */
export async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return unsubscribe;
    },
    async migrate() {
      await migratePglite(db as never, { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection closed by the server (restart, failover, admin) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | undefined;

  async function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return listenClient;
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {
      // The LISTEN connection dropped: forget it; the next listen() reconnects.
      if (listenClient === client) listenClient = undefined;
    });
    await client.connect();
    client.on('notification', (msg) => {
      for (const cb of listeners.get(msg.channel) ?? []) cb(msg.payload ?? '');
    });
    listenClient = client;
    return client;
  }

  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload) {
      const client = await ensureListenClient();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async migrate() {
      // Several instances may start at once: one migrates under an advisory lock, the others wait for it.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock(7419001)');
        await migratePg(drizzlePg(conn) as never, { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock(7419001)').catch(() => undefined);
        conn.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await listenClient?.end();
      await pool.end();
    },
  };
}
