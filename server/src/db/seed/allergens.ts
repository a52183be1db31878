import type { DbOrTx } from '../client.js';
import { allergens } from '../schema/index.js';

/** Codes of the 14 allergens that EU Regulation 1169/2011 (Annex II) requires a food business to declare. */
export const allergenCodes = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type AllergenCode = (typeof allergenCodes)[number];

export interface AllergenSeed {
  code: AllergenCode;
  name: { nl: string; fr: string; en: string };
  /** Path under the public site; the file lives in server/assets/media/allergens. */
  icon: string;
  position: number;
}

const names: Record<AllergenCode, { nl: string; fr: string; en: string }> = {
  gluten: { nl: 'Gluten', fr: 'Gluten', en: 'Gluten' },
  crustaceans: { nl: 'Schaaldieren', fr: 'Crustacés', en: 'Crustaceans' },
  eggs: { nl: 'Eieren', fr: 'Œufs', en: 'Eggs' },
  fish: { nl: 'Vis', fr: 'Poisson', en: 'Fish' },
  peanuts: { nl: "Pinda's", fr: 'Arachides', en: 'Peanuts' },
  soybeans: { nl: 'Soja', fr: 'Soja', en: 'Soybeans' },
  milk: { nl: 'Melk', fr: 'Lait', en: 'Milk' },
  nuts: { nl: 'Noten', fr: 'Fruits à coque', en: 'Nuts' },
  celery: { nl: 'Selder', fr: 'Céleri', en: 'Celery' },
  mustard: { nl: 'Mosterd', fr: 'Moutarde', en: 'Mustard' },
  sesame: { nl: 'Sesamzaad', fr: 'Graines de sésame', en: 'Sesame seeds' },
  sulphites: { nl: 'Sulfieten', fr: 'Sulfites', en: 'Sulphites' },
  lupin: { nl: 'Lupine', fr: 'Lupin', en: 'Lupin' },
  molluscs: { nl: 'Weekdieren', fr: 'Mollusques', en: 'Molluscs' },
};

/** The 14 EU allergens in the order of Annex II, with names in the shop's three languages. */
export const EU_ALLERGENS: readonly AllergenSeed[] = allergenCodes.map((code, index) => ({
  code,
  name: names[code],
  icon: `/media/allergens/${code}.svg`,
  position: index + 1,
}));

/** Inserts the EU allergens that are not there yet (matched on code). Safe to run on every start. */
export async function seedAllergens(db: DbOrTx): Promise<void> {
  // Insert only what is missing: any write to a catalogue table invalidates every instance's cache.
  const present = new Set((await db.select({ code: allergens.code }).from(allergens)).map((a) => a.code));
  const missing = EU_ALLERGENS.filter((a) => !present.has(a.code));
  if (missing.length === 0) return;
  await db
    .insert(allergens)
    .values(missing.map((a) => ({ code: a.code, name: a.name, icon: a.icon, position: a.position })))
    .onConflictDoNothing({ target: allergens.code });
}
