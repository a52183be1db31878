import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema/index.js';
import { toHandler, type Database, type Db } from './client.js';
import { migrationsFolder } from '../paths.js';

/** The embedded database: PostgreSQL compiled to WASM, in this process. */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
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
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
