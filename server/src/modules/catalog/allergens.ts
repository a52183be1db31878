import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { allergens } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { recordChange, diffFields, type Actor } from '../catalog-audit/catalog-audit.js';
import { catalogVersionIn, translated, type TranslationsInput } from './taxonomy-common.js';

export type AllergenRow = typeof allergens.$inferSelect;

/**
 * The 14 allergens (EU 1169/2011 Annex II) are fixed: they are listed and their names and icons may change,
 * none is added or removed (a product's allergens refer to them).
 */
export interface AllergenInput {
  name?: string;
  translations?: TranslationsInput;
  /** A path under this site (/media/...) or an https address. */
  icon?: string;
}

export async function listAllergens(db: Db): Promise<AllergenRow[]> {
  return db.select().from(allergens).orderBy(asc(allergens.position), asc(allergens.id));
}

export async function getAllergen(db: Db, id: number): Promise<AllergenRow> {
  const [row] = await db.select().from(allergens).where(eq(allergens.id, id));
  if (!row) throw new DomainError('ALLERGEN_NOT_FOUND', 'Resource does not exist.');
  return row;
}

export async function updateAllergen(db: Db, id: number, input: AllergenInput, actor: Actor) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(allergens).where(eq(allergens.id, id)).for('update');
    if (!current) throw new DomainError('ALLERGEN_NOT_FOUND', 'Resource does not exist.');
    const change = {
      ...(input.name !== undefined || input.translations !== undefined ? { name: translated(current.name, input.name, input.translations) } : {}),
      ...(input.icon !== undefined ? { icon: input.icon } : {}),
    };
    if (Object.keys(change).length === 0) return { row: current, version: await catalogVersionIn(tx) };
    const [row] = await tx.update(allergens).set(change).where(eq(allergens.id, id)).returning();
    await recordChange(tx, { entityType: 'allergen', entityId: id, action: 'update', actor, changes: diffFields(current, row!) });
    return { row: row!, version: await catalogVersionIn(tx) };
  });
}
