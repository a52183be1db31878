import { useIntl } from 'react-intl';
import { NavLink, useNavigate } from 'react-router';
import { LogoutDocument } from '../account/account.generated';
import { useAccount, useAccountMutation } from '../account/useAccount';
import { Drawer } from '../ui';
import { LanguageSwitcher } from './LanguageSwitcher';

/**
 * The slide-in menu from the left (docs/product.md §2 Shell): language switcher, welcome line, account and contact links.
 * A visitor sees a Login link; the customer's first name and a logout button come with the account issue.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const account = useAccount();
  const logout = useAccountMutation(LogoutDocument, { resetAll: true });
  const viewer = account.data?.viewer;
  const links: { to: string; id: string }[] = [
    { to: '/', id: 'nav.home' },
    { to: '/bestellen', id: 'nav.order' },
    { to: '/my-account', id: 'nav.myAccount' },
    { to: '/my-account?tab=orders', id: 'nav.orderHistory' },
    { to: '/contact', id: 'nav.contact' },
  ];
  return (
    <Drawer id="mobile-menu" open={open} onClose={onClose} side="left" title={intl.formatMessage({ id: 'menu.title' })} className="mobile-menu">
      {viewer ? (
        <>
          <p className="mobile-menu__welcome">{intl.formatMessage({ id: 'account.welcome' }, { name: viewer.firstName || viewer.username })}</p>
          <button
            type="button"
            className="mobile-menu__login btn btn--secondary btn--md btn--block"
            onClick={() =>
              logout.mutate(
                {},
                {
                  onSuccess: () => {
                    onClose();
                    void navigate('/login');
                  },
                },
              )
            }
          >
            {intl.formatMessage({ id: 'account.logout' })}
          </button>
        </>
      ) : (
        <>
          <p className="mobile-menu__welcome">{intl.formatMessage({ id: 'menu.welcomeVisitor' })}</p>
          <NavLink to="/login" className="mobile-menu__login btn btn--primary btn--md btn--block" onClick={onClose}>
            {intl.formatMessage({ id: 'nav.login' })}
          </NavLink>
        </>
      )}
      <nav aria-label={intl.formatMessage({ id: 'menu.navLabel' })}>
        <ul className="mobile-menu__links">
          {links.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end onClick={onClose}>
                {intl.formatMessage({ id: l.id })}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mobile-menu__section">
        <h3 className="mobile-menu__heading">{intl.formatMessage({ id: 'menu.language' })}</h3>
        <LanguageSwitcher />
      </div>
    </Drawer>
  );
}
