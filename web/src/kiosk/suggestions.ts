import type { ListProduct } from '../api/types';

/** A few products of each category the owner chose to suggest before paying (/dashboard/kiosks). */
export const PER_CATEGORY = 4;

/**
 * What the kiosk offers before paying: for each chosen category (by slug, in the owner's order) up to
 * PER_CATEGORY products that are in stock and not already in the order; a product in two chosen categories once.
 * Never an age-restricted product (16+, 18+): the kiosk does not push alcohol to whoever stands in front of it
 * (docs/decisions/0071-age-restricted-products-staff-language.md).
 */
export function pickSuggestions(products: readonly ListProduct[], categories: readonly string[], inCart: ReadonlySet<number | undefined>): ListProduct[] {
  const offered = products.filter((p) => p.stockStatus !== 'OUT_OF_STOCK' && !p.ageLimit && !inCart.has(p.databaseId));
  const shown = new Set<number>();
  return categories.flatMap((slug) => {
    const picked = offered.filter((p) => !shown.has(p.databaseId) && p.productCategories.nodes.some((c) => c.slug === slug)).slice(0, PER_CATEGORY);
    for (const p of picked) shown.add(p.databaseId);
    return picked;
  });
}
