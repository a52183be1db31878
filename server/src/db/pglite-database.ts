import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { toHandler } from './channel-handler.js';
import type { Database, Db } from './client.js';
import { StatementQueue } from './query-priority.js';
import { migrationsFolder, serverRoot } from '../paths.js';

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

async function create(dataDir: string, options: PgliteOptions, loadDataDir = options.loadDataDir): Promise<PGlite> {
  const startParams = options.sharedBuffers ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] : undefined;
  return PGlite.create(dataDir, { ...(startParams ? { startParams } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
}

/**
 * The empty cluster the build made with this PGlite version (server/scripts/pglite-cluster.mjs), or undefined
 * (running from source, or PGlite changed since the build): then PGlite runs initdb itself.
 */
export function prebuiltCluster(distDir = path.join(serverRoot, 'dist')): Blob | undefined {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(distDir, 'pglite-cluster.json'), 'utf8')) as { pgliteVersion?: string };
    const pgliteDir = path.dirname(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
    const version = (JSON.parse(fs.readFileSync(path.join(pgliteDir, 'package.json'), 'utf8')) as { version: string }).version;
    if (stamp.pgliteVersion !== version) return undefined;
    return new Blob([fs.readFileSync(path.join(distDir, 'pglite-cluster.tar.gz'))]);
  } catch {
    return undefined;
  }
}

/**
 * PGlite runs one statement (or transaction) at a time, first come first served, on this thread. Every entry
 * point goes through `queue` instead, so a request's statement waits for the one running and not for a queue of
 * job statements (docs/decisions/0059-request-statements-first.md). PGlite's own calls inside a transaction
 * use the transaction's object, not these.
 */
function queueStatements(client: PGlite, queue: StatementQueue) {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => queue.run(() => query(...args))) as typeof client.query;
  client.exec = (...args: Parameters<typeof exec>) => queue.run(() => exec(...args));
  client.transaction = ((...args: Parameters<typeof transaction>) => queue.run(() => transaction(...args))) as typeof client.transaction;
}

/** The embedded database: PostgreSQL compiled to WASM, in this process. */
export async function openPgliteDatabase(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const isNew = !inMemory && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!inMemory) fs.mkdirSync(dataDir, { recursive: true });
  // A new directory starts from the cluster the build made: initdb in this process would take several
  // hundred MB that the process never gives back, even after closing and reopening
  // (docs/decisions/0053-pglite-memory-checkout.md).
  const cluster = isNew && !options.loadDataDir ? prebuiltCluster() : undefined;
  let client = await create(dataDir, options, options.loadDataDir ?? cluster);
  if (isNew && !cluster && !options.loadDataDir) {
    // No prebuilt cluster (running from source): initdb ran here. Closing and opening again, once, gives
    // back part of what it took.
    await client.close();
    client = await create(dataDir, options, undefined);
  }
  queueStatements(client, new StatementQueue(8, true));
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
