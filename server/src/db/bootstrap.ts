import { count, sql } from 'drizzle-orm';
import type { Database, Db } from './client.js';
import { categories, products } from './schema/index.js';
import { seedAllergens } from './seed/allergens.js';
import { seedDemoShop } from './seed/demo-shop.js';
import { seedDemoOrdering } from './seed/demo-ordering.js';
import type { Logger } from '../logger.js';

/**
 * Brings a database up to date: migrations, the reference data every shop needs, and the demo shop when
 * the catalogue is empty and demo seeding is on. Safe when several instances start together.
 */
export async function bootstrapDatabase(database: Database, options: { seedDemo: boolean; log: Logger }): Promise<void> {
  await database.migrate();
  await database.db.transaction(async (tx) => {
    if (database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(7419002)`);
    await seedAllergens(tx);
  });
  if (!options.seedDemo) return;
  await database.db.transaction(async (tx) => {
    // Instances starting together queue on this lock; the first seeds, the others then find data.
    if (database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(7419002)`);
    const [productCount] = await tx.select({ n: count() }).from(products);
    const [categoryCount] = await tx.select({ n: count() }).from(categories);
    if ((productCount?.n ?? 0) === 0 && (categoryCount?.n ?? 0) === 0) {
      options.log.info('empty catalogue: seeding the demo frituur');
      // The seed opens its own (here: nested, savepoint) transaction.
      await seedDemoShop(tx as unknown as Db);
      await seedDemoOrdering(tx);
    }
  });
}
