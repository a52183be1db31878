import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { toHandler } from './channel-handler.js';
import type { Database, Db } from './client.js';
import { migrationsFolder } from '../paths.js';

export interface PgliteOptions {
  /**
   * PostgreSQL's shared_buffers inside the WASM heap. PGlite's default (128MB) is sized for a server; the
   * heap never shrinks, so it is resident memory for the life of the process. A shop's catalogue and
   * orders fit in far less (the database is a few MB), and the OS page cache still holds the files.
   */
  sharedBuffers?: string;
  /** Starts an in-memory database from a dump (`dumpDataDir`) instead of an empty cluster: tests use a migrated template. */
  loadDataDir?: Blob;
}

async function create(dataDir: string, options: PgliteOptions): Promise<PGlite> {
  const startParams = options.sharedBuffers ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] : undefined;
  return PGlite.create(dataDir, { ...(startParams ? { startParams } : {}), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
}

/** The embedded database: PostgreSQL compiled to WASM, in this process. */
export async function openPgliteDatabase(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const isNew = !inMemory && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!inMemory) fs.mkdirSync(dataDir, { recursive: true });
  let client = await create(dataDir, options);
  if (isNew) {
    // Creating the cluster (initdb) grows the WASM heap to several hundred MB, and a WASM heap never
    // shrinks. Closing and opening again, once, starts the process's life with a heap of normal size.
    await client.close();
    client = await create(dataDir, options);
  }
  const db = drizzle(client) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    dumpDataDir: () => client.dumpDataDir('none'),
    async listen(channel, handler) {
      // In-process: the subscription cannot be lost, so onResubscribed never fires.
      const { onPayload } = toHandler(handler);
      return client.listen(channel, (payload) => onPayload(payload));
    },
    async migrate() {
      await migrate(db as never, { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    dedicatedPool() {
      return { db, close: async () => undefined };
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
