import { lazy, Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Button } from '../ui';
import { CartIcon } from '../ui/icons';
import { useCart } from './CartProvider';

// The panel's code loads on the first open: it is not part of /bestellen's first bundle.
const CartPanel = lazy(() => import('./CartPanel'));

/** The header's cart button (with the item count) and the panel it opens. */
export function CartButton() {
  const intl = useIntl();
  const { cart, panelOpen, openPanel, closePanel } = useCart();
  const [mounted, setMounted] = useState(false);
  const location = useLocation();
  const count = cart?.contents.itemCount ?? 0;

  useEffect(() => {
    if (panelOpen) setMounted(true);
  }, [panelOpen]);

  // Navigating closes the panel (docs/product.md §4).
  useEffect(() => {
    closePanel();
    // oxlint-disable-next-line react/exhaustive-deps
  }, [location.pathname]);

  return (
    <>
      <Button
        variant="ghost"
        className="site-header__cart"
        aria-label={intl.formatMessage({ id: 'cart.open' }, { count })}
        aria-haspopup="dialog"
        aria-expanded={panelOpen}
        aria-controls={mounted ? 'cart-panel' : undefined}
        onClick={openPanel}
        data-testid="cart-button"
        icon={<CartIcon />}
      >
        {count > 0 ? (
          <span className="cart-count" data-testid="cart-count" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <CartPanel />
        </Suspense>
      ) : null}
    </>
  );
}
