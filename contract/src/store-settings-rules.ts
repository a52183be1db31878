// Store settings rules the browser uses as values too (the VAT check, the flag names): a plain module without
// dependencies, so the web can import it (@bakje/contract/store-settings); the schemas are in store-settings.ts.

/**
 * A Belgian VAT number (enterprise number): BE, then 10 digits starting with 0 or 1 whose last two are
 * 97 minus the first eight modulo 97. Dots, spaces and a lower-case "be" are accepted on input.
 */
export function normaliseBelgianVat(value: string): string | null {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase();
  const match = /^(?:BE)?([01]\d{9})$/.exec(compact);
  if (!match) return null;
  const digits = match[1]!;
  const check = 97 - (Number(digits.slice(0, 8)) % 97);
  return check === Number(digits.slice(8)) ? `BE${digits}` : null;
}

/** BE0123456789 as people write it: BE 0123.456.789. */
export function formatBelgianVat(value: string): string {
  const m = /^BE(\d{4})(\d{3})(\d{3})$/.exec(value);
  return m ? `BE ${m[1]}.${m[2]}.${m[3]}` : value;
}

export const storeFlagNames = [
  'autoOpenCart',
  'showReviews',
  'showFilters',
  'showOrderByDropdown',
  'showSKU',
  'showRelatedProducts',
  'showProductCategoriesOnSingleProduct',
  'showBreadcrumbOnSingleProduct',
  'showMoveToWishlist',
] as const;
export type StoreFlagName = (typeof storeFlagNames)[number];
