/** Euro cents to the WooCommerce raw string: 320 -> "3.20". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The storefront's formatted price: euro sign, en-US style (docs/product.md §9), e.g. "€3.20". */
export function formatEuro(cents: number): string {
  return `€${centsToDecimal(cents)}`;
}

/** Whole-percent saving of a sale price, as shown on the sale badge. */
export function discountPercentage(regular: number | null, sale: number | null): number {
  if (regular === null || sale === null || regular <= 0 || sale >= regular) return 0;
  return Math.round(((regular - sale) * 100) / regular);
}
