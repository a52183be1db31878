let loadProductPage: (() => Promise<unknown>) | undefined;
let started = false;

/**
 * The route table hands over how it loads the product page. This module does not import the page itself:
 * the page shows product cards, and the cards call prefetchProductPage, so that would be an import cycle.
 */
export function setProductPageLoader(load: () => Promise<unknown>): void {
  loadProductPage = load;
}

/** Starts loading the product page chunk when a card is hovered or focused. */
export function prefetchProductPage(): void {
  if (started || !loadProductPage) return;
  started = true;
  void loadProductPage();
}
