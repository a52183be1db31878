import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client.js';

/** Every table a catalogue write may touch, the change history included. */
export const CATALOG_TABLES = [
  'products',
  'product_categories',
  'product_gallery',
  'product_links',
  'product_attributes',
  'product_allergens',
  'addon_fields',
  'addon_options',
  'addon_option_allergens',
  'media',
  'categories',
  'tags',
  'product_tags',
  'catalog_changes',
];

/** One fingerprint of the catalogue's rows: equal before and after a refused write means nothing changed. */
export async function catalogChecksum(db: DbOrTx): Promise<string> {
  const parts: string[] = [];
  for (const table of CATALOG_TABLES) {
    const result = await db.execute(sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${table} t`));
    const row = (Array.isArray(result) ? result[0] : (result as { rows: unknown[] }).rows[0]) as { n: string; h: string };
    parts.push(`${table}:${row.n}:${row.h}`);
  }
  return parts.join('\n');
}
