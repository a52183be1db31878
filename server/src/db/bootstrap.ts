import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { seedAllergens } from './seed/allergens.js';
import { seedDemoShop } from './seed/demo-shop.js';
import type { Logger } from '../logger.js';

/**
 * Brings a database up to date: migrations, the reference data every shop needs (allergens), and the
 * demo shop when demo seeding is on and there is no catalogue yet. Safe when several instances start
 * together: the seeds run under an advisory lock and check for data first.
 */
export async function bootstrapDatabase(database: Database, options: { seedDemo: boolean; log: Logger }): Promise<void> {
  await database.migrate();
  if (options.seedDemo) {
    // The demo seed adds the allergens too.
    if (await seedDemoShop(database.db)) options.log.info('empty catalogue: seeded the demo frituur');
    return;
  }
  await database.db.transaction(async (tx) => {
    if (database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(7419002)`);
    await seedAllergens(tx);
  });
}
