import type { WcCategory } from '@bakje/contract';

/** Left out of the back-office lists (docs/product.md §5); shown here, marked. */
export const EXCLUDED_SLUGS = ['opties', 'uncategorized'];
/** WooCommerce's default category: the server refuses to delete it (woocommerce_rest_cannot_delete). */
export const DEFAULT_SLUG = 'uncategorized';
/** Custom order up to this orders the lists; above it hides the category from them. */
export const CUSTOM_ORDER_CAP = 9999;
export const HIDDEN_ORDER = CUSTOM_ORDER_CAP + 1;

export const isHidden = (c: WcCategory) => c.custom_order > CUSTOM_ORDER_CAP;
export const byCustomOrder = (a: WcCategory, b: WcCategory) =>
  Number(isHidden(a)) - Number(isHidden(b)) || a.custom_order - b.custom_order || a.name.localeCompare(b.name);
