import { useEffect, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useStoreSettings } from '../api/hooks';
import { CartButton } from '../cart/CartButton';
import { useMediaQuery } from '../lib/useDebounced';
import { Button } from '../ui';
import { CloseIcon, MenuIcon, SearchIcon } from '../ui/icons';
import { HeaderSearch } from './HeaderSearch';

export const MOBILE_QUERY = '(max-width: 768px)';
export const LOGO_URL = '/media/logo.svg';

export function Header({
  menuOpen,
  onOpenMenu,
  menuToggleRef,
}: {
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuToggleRef: RefObject<HTMLButtonElement | null>;
}) {
  const intl = useIntl();
  const { data: settings } = useStoreSettings();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [searchOpen, setSearchOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const siteName = settings?.siteName ?? 'Bakje';

  // Leaving the page closes the mobile search row.
  useEffect(() => {
    setSearchOpen(false);
  }, [location.pathname]);

  return (
    <header className={`site-header${searchOpen ? ' site-header--search-open' : ''}`}>
      <div className="site-header__bar container">
        <Button
          ref={menuToggleRef}
          variant="ghost"
          className="site-header__menu-toggle"
          aria-label={intl.formatMessage({ id: 'menu.open' })}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-haspopup="dialog"
          onClick={onOpenMenu}
          icon={<MenuIcon />}
        />
        <Link to="/bestellen" className="brand">
          <img className="brand__logo" src={settings?.logo ?? LOGO_URL} alt="" width={120} height={40} />
          <span className="brand__name">{siteName}</span>
          <span className="visually-hidden"> – {intl.formatMessage({ id: 'nav.order' })}</span>
        </Link>
        <div className="site-header__search" id="header-search">
          {!mobile || searchOpen ? <HeaderSearch autoFocus={mobile && searchOpen} inputRef={searchInput} /> : null}
        </div>
        <Button
          variant="ghost"
          className="site-header__search-toggle"
          aria-label={intl.formatMessage({ id: searchOpen ? 'search.close' : 'search.open' })}
          aria-expanded={searchOpen}
          aria-controls="header-search"
          onClick={() => setSearchOpen((v) => !v)}
          icon={searchOpen ? <CloseIcon /> : <SearchIcon />}
        />
        <CartButton />
      </div>
    </header>
  );
}
