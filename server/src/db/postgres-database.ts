import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PreparingClient } from './prepared-statements.js';
import { toHandler } from './channel-handler.js';
import type { Database, Db } from './client.js';
import { PgNotificationListener, type ListenerOptions } from './pg-notification-listener.js';
import { migrationsFolder } from '../paths.js';

export interface PostgresDatabase extends Database {
  kind: 'postgres';
  notifications: PgNotificationListener;
}

/**
 * A PostgreSQL server: a pool for queries, one dedicated connection for LISTEN. With `preparedStatements`
 * every parameterised query is prepared once per connection (prepared-statements.ts); turn it off behind a
 * pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
 */
export async function openPostgresDatabase(
  url: string,
  poolSize = 10,
  listenerOptions: ListenerOptions = {},
  preparedStatements = true,
): Promise<PostgresDatabase> {
  const newPool = (max: number) => {
    const created = new pg.Pool({ connectionString: url, max, ...(preparedStatements ? { Client: PreparingClient } : {}) });
    // An idle connection closed by the server (restart, failover, admin) must not crash the process;
    // the pool replaces it on the next query.
    created.on('error', () => undefined);
    return created;
  };
  const pool = newPool(poolSize);
  const db = drizzle(pool) as unknown as Db;
  const dedicated = new Set<pg.Pool>();
  const notifications = new PgNotificationListener(url, listenerOptions);

  return {
    kind: 'postgres',
    db,
    notifications,
    async listen(channel, handler) {
      return notifications.listen(channel, toHandler(handler));
    },
    async migrate() {
      // Several instances may start at once: one migrates under an advisory lock, the others wait for it.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock(7419001)');
        await migrate(drizzle(conn) as never, { migrationsFolder });
      } finally {
        await conn.query('select pg_advisory_unlock(7419001)').catch(() => undefined);
        conn.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    dedicatedPool(size) {
      const own = newPool(size);
      dedicated.add(own);
      const close = async () => {
        if (!dedicated.delete(own)) return;
        await own.end();
      };
      return { db: drizzle(own) as unknown as Db, close };
    },
    async close() {
      await notifications.close();
      for (const own of [...dedicated]) {
        dedicated.delete(own);
        await own.end();
      }
      await pool.end();
    },
  };
}
