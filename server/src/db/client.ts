import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

export { migrationsFolder } from '../paths.js';

/**
 * Without the schema's relations: the relational query API (`db.query`) is not used, and building it costs
 * a builder per table on every transaction (measurable in the checkout).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * What a subscriber to a NOTIFY channel is told. `onPayload` gets every notification. `onResubscribed`
 * is called after the connection that listens was lost and a new one listens again: notifications sent in
 * between are lost, so a subscriber that keeps derived state must assume anything may have changed.
 */
export interface ChannelHandler {
  onPayload(payload: string): void;
  onResubscribed?(): void;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Subscribes to a NOTIFY channel; returns an unsubscribe function. Any number of channels and handlers;
   * on PostgreSQL one dedicated connection listens to all of them and is re-established (with back-off)
   * when it drops, listening to every channel again.
   */
  listen(channel: string, handler: ChannelHandler | ((payload: string) => void)): Promise<() => Promise<void>>;
  /** Applies the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Connections of their own for background work (the job runner), so it never waits on the pool the
   * requests use and they never wait on it. PostgreSQL: a separate pool of `size`, closed with the returned
   * `close` (or with the database). PGlite has one connection: the same one, and `close` does nothing.
   */
  dedicatedPool(size: number): { db: Db; close(): Promise<void> };
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tar (tests start each database from a migrated template). */
  dumpDataDir?(): Promise<Blob>;
}

// Each driver is imported only when used, so a PGlite start never loads `pg` and the other way round.
export async function openDatabase(database: Config['database'], log?: Logger): Promise<Database> {
  return database.kind === 'postgres'
    ? openPostgres(database.url, database.poolSize, log, database.preparedStatements)
    : openPglite(database.dataDir, database.sharedBuffers);
}

/** Opens an embedded PGlite database. `dataDir` 'memory://' keeps it in memory (tests). */
export async function openPglite(dataDir: string, sharedBuffers?: string, loadDataDir?: Blob): Promise<Database> {
  const { openPgliteDatabase } = await import('./pglite-database.js');
  return openPgliteDatabase(dataDir, { sharedBuffers, loadDataDir });
}

export async function openPostgres(url: string, poolSize = 10, log?: Logger, preparedStatements = true): Promise<Database> {
  const { openPostgresDatabase } = await import('./postgres-database.js');
  return openPostgresDatabase(url, poolSize, { onError: (error, context) => log?.warn({ err: error }, context) }, preparedStatements);
}
