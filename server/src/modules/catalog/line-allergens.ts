import { EU_ALLERGENS } from '../../db/seed/allergens.js';
import type { Lang } from '../i18n/locale.js';
import type { CatalogSnapshot, ProductRecord } from './snapshot.js';

/*
 * Allergens at the door and the customer's own container (docs/decisions/0084-allergens-at-the-door-own-container.md):
 * what an order line stores when it is placed, so its tickets and mails say what was sold, not what the
 * catalogue says later.
 */

const POSITION = new Map(EU_ALLERGENS.map((a) => [a.code as string, a.position]));
const NAMES = new Map(EU_ALLERGENS.map((a) => [a.code as string, a.name]));

/**
 * The allergen codes of a line: the product's (a variation's own and its parent's) and those of the chosen
 * add-on options, once each, in the order of Annex II of Regulation 1169/2011.
 */
export function lineAllergens(
  snapshot: CatalogSnapshot,
  product: ProductRecord,
  variation: ProductRecord | null,
  optionIds: readonly (number | null)[],
): string[] {
  const ids = new Set([...product.allergenIds, ...(variation?.allergenIds ?? [])]);
  const wanted = new Set(optionIds.filter((id): id is number => id !== null));
  if (wanted.size) {
    for (const field of [...product.ownAddons, ...snapshot.globalAddons.flatMap((g) => g.fields)]) {
      for (const option of field.options) if (wanted.has(option.id)) for (const id of option.allergenIds) ids.add(id);
    }
  }
  const codes = [...ids].flatMap((id) => {
    const row = snapshot.allergens.get(id);
    return row ? [row.code] : [];
  });
  return sortAllergens(codes);
}

export function sortAllergens(codes: readonly string[]): string[] {
  return [...new Set(codes)].sort((a, b) => (POSITION.get(a) ?? 99) - (POSITION.get(b) ?? 99) || a.localeCompare(b));
}

/** The allergens' names in `lang` (an unknown code as it is), for tickets and mails. */
export function allergenNames(codes: readonly string[], lang: Lang): string[] {
  return codes.map((code) => NAMES.get(code)?.[lang] ?? code);
}

/** Whether one of the product's categories lets customers bring their own container. */
export function ownContainerAllowed(snapshot: CatalogSnapshot, product: ProductRecord): boolean {
  return product.categoryIds.some((id) => snapshot.categories.get(id)?.ownContainer === true);
}
