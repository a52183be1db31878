import { inArray, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from './db/client.js';
import { seedAllergens } from './db/seed/allergens.js';
import { seedManuals } from './modules/manuals/manuals.js';
import { DEMO_SEED_MARKER } from './modules/demo-shop/marker.js';
import { settings } from './db/schema/index.js';
import type { Logger } from './logger.js';

/**
 * Brings a database up to date: migrations, the reference data every shop needs (allergens, the starting
 * staff manuals), and the
 * demo shop when demo seeding is on and there is no catalogue yet. Safe when several instances start
 * together: the seeds run under an advisory lock and check for data first.
 *
 * The demo seed (the whole menu as data) is imported only when it may have work to do: on every later
 * start the marker row says it ran, and loading it would only cost start-up time.
 */
export async function bootstrapDatabase(database: Database, options: { seedDemo: boolean; log: Logger }): Promise<void> {
  await database.migrate();
  if (options.seedDemo && !(await demoSeeded(database.db))) {
    // The demo seed adds the allergens too.
    const { seedDemoShop } = await import('./modules/demo-shop/demo-shop.js');
    if (await seedDemoShop(database.db)) options.log.info('empty catalogue: seeded the demo frituur');
  } else {
    await database.db.transaction(async (tx) => {
      if (database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(7419002)`);
      await seedAllergens(tx);
    });
  }
  if (await seedManuals(database.db)) options.log.info('seeded the staff manuals');
}

/** The demo seed ran before (its marker row) and the store settings it writes are there. */
async function demoSeeded(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ key: settings.key })
    .from(settings)
    .where(inArray(settings.key, [DEMO_SEED_MARKER, 'store']));
  return rows.length === 2;
}
