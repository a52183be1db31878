let started = false;

/** Starts loading the product page chunk when a card is hovered or focused. */
export function prefetchProductPage(): void {
  if (started) return;
  started = true;
  void import('../product/ProductPage');
}
