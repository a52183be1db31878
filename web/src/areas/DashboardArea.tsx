import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ComingSoon } from '../ui';
import './areas.css';

const MENU = ['kitchen', 'products', 'orders', 'timeslots', 'messages', 'manuals'] as const;

/** Staff area (docs/product.md §2 dashboard menu). The screens arrive with the dashboard issues. */
export default function DashboardArea() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'nav.dashboard' });
  useDocumentTitle(title);
  return (
    <div className="dashboard">
      <header className="dashboard__header">
        <Link to="/dashboard" className="dashboard__brand">
          <img className="dashboard__logo" src="/media/logo.svg" alt="" width={120} height={40} />
          <span>{title}</span>
        </Link>
        <nav aria-label={intl.formatMessage({ id: 'dashboard.navLabel' })}>
          <ul className="dashboard__menu">
            {MENU.map((item) => (
              <li key={item}>
                <span className="dashboard__menu-item" aria-disabled="true">
                  {intl.formatMessage({ id: `dashboard.menu.${item}` })}
                </span>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="dashboard__main" tabIndex={-1}>
        <ComingSoon title={title}>
          <Link to="/">{intl.formatMessage({ id: 'error.toHome' })}</Link>
        </ComingSoon>
      </main>
    </div>
  );
}
