import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../ui';
import { Footer } from './Footer';
import { Header } from './Header';
import { ShopStatusBanner } from '../shop-status/ShopStatusBanner';
import { MobileMenu } from './MobileMenu';
import { ShopMessages } from '../messages/ShopMessages';

// The list, the product page and the cart panel follow catalogue changes ("sold out today") live.
const CatalogLive = lazy(() => import('../live/CatalogLive'));

export function SkipLink() {
  const intl = useIntl();
  return (
    <a className="skip-link" href="#main">
      {intl.formatMessage({ id: 'shell.skipToContent' })}
    </a>
  );
}

export function PageFallback() {
  return (
    <div className="page-fallback">
      <Spinner size="lg" />
    </div>
  );
}

/** The customer shell: sticky header, slide-in menu, main content, footer. */
export function ShopLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const close = useCallback(() => setMenuOpen(false), []);

  // Navigating closes the menu (docs/product.md §4).
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname, location.search]);

  return (
    <div className="shell">
      <SkipLink />
      <Header menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} menuToggleRef={toggle} />
      <MobileMenu open={menuOpen} onClose={close} />
      <ShopStatusBanner />
      <ShopMessages surface="SHOP" dismissible />
      <main id="main" className="shell__main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Suspense fallback={null}>
        <CatalogLive />
      </Suspense>
    </div>
  );
}
