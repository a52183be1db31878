import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../ui';
import { Footer } from './Footer';
import { Header } from './Header';
import { ShopStatusBanner } from '../shop-status/ShopStatusBanner';
import { MobileMenu } from './MobileMenu';
import { ShopMessages } from '../messages/ShopMessages';
import { ShellSettled } from './firstPaint';
import CatalogLive from '../live/CatalogLive';

/** A stream or query that hangs must not keep the page hidden: after this, it shows whatever is known. */
const BANNERS_LIMIT_MS = 3_000;

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
  // The page and the footer wait, hidden, until the notice lines above them are known, so a line that
  // arrives late never pushes the page down (layout shift, docs/decisions/0044-first-paint.md).
  const [statusSettled, setStatusSettled] = useState(false);
  const [messagesSettled, setMessagesSettled] = useState(false);
  const [waitedEnough, setWaitedEnough] = useState(false);
  const statusDone = useCallback(() => setStatusSettled(true), []);
  const messagesDone = useCallback(() => setMessagesSettled(true), []);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), BANNERS_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const settled = (statusSettled && messagesSettled) || waitedEnough;

  // Navigating closes the menu (docs/product.md §4).
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname, location.search]);

  return (
    <div className="shell">
      <SkipLink />
      <Header menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} menuToggleRef={toggle} />
      <MobileMenu open={menuOpen} onClose={close} />
      <ShopStatusBanner onSettled={statusDone} />
      <ShopMessages surface="SHOP" dismissible onSettled={messagesDone} />
      <ShellSettled.Provider value={settled}>
        <main id="main" className="shell__main" tabIndex={-1} hidden={!settled}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
      </ShellSettled.Provider>
      <div className="shell__footer" hidden={!settled}>
        <Footer />
      </div>
      {/* The list, the product page and the cart panel follow catalogue changes ("sold out today") live. Part
          of the app's chunk: the app itself loads after the first paint (web/src/main.tsx), so a chunk of its
          own would only cost /bestellen a request. */}
      <CatalogLive />
    </div>
  );
}
