import { useCart } from '../cart/CartProvider';
import { useCatalogUpdates } from './useCatalogUpdates';

/**
 * The shop's live catalogue: the list, the product page and the cart panel follow catalogue changes ("sold
 * out today"). The shop shell renders it; the kiosk loads it on demand.
 */
export default function CatalogLive() {
  const cart = useCart();
  useCatalogUpdates(() => {
    if (cart.status === 'ready') void cart.refresh();
  });
  return null;
}
