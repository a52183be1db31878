import { useIntl } from 'react-intl';
import { Link, Navigate, useLocation } from 'react-router';
import { useAccount } from '../../account/useAccount';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ErrorState, Spinner } from '../../ui';
import { CANCEL_PERMISSION, KITCHEN_PERMISSION, SETTINGS_PERMISSION } from './kitchenOrders';
import { ToastProvider } from '../../ui/Toast';
import { StaffLanguageSync } from '../admin/staffLanguage';
import { KitchenView } from './KitchenView';
import '../../areas/areas.css';
import './kitchen.css';

/**
 * /dashboard: the kitchen view (docs/product.md §2), for staff with kitchen.view (kitchen, manager, admin). A visitor
 * who is not logged in goes to /login and comes back here after; a customer sees that this is staff only.
 * The server checks again on every call: this only decides what to show.
 */
export default function KitchenPage() {
  const intl = useIntl();
  const location = useLocation();
  const account = useAccount();
  useDocumentTitle(intl.formatMessage({ id: 'kitchen.title' }));

  if (account.isPending) {
    return (
      <main id="main" className="kitchen kitchen--center" tabIndex={-1}>
        <Spinner size="lg" />
      </main>
    );
  }
  if (account.isError) {
    return (
      <main id="main" className="kitchen kitchen--center" tabIndex={-1}>
        <ErrorState error={account.error} onRetry={() => void account.refetch()} />
      </main>
    );
  }
  const viewer = account.data.viewer;
  if (!viewer) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  if (!viewer.capabilities.includes(KITCHEN_PERMISSION)) {
    return (
      <main id="main" className="kitchen kitchen--center" tabIndex={-1}>
        <div className="state" data-testid="kitchen-no-access">
          <h1 className="state__title">{intl.formatMessage({ id: 'kitchen.noAccess.title' })}</h1>
          <p className="state__body">{intl.formatMessage({ id: 'kitchen.noAccess.body' })}</p>
          <p className="state__action">
            <Link to="/my-account">{intl.formatMessage({ id: 'kitchen.noAccess.account' })}</Link>
            {' · '}
            <Link to="/">{intl.formatMessage({ id: 'error.toHome' })}</Link>
          </p>
        </div>
      </main>
    );
  }
  return (
    <ToastProvider>
      <StaffLanguageSync />
      <KitchenView canChangeSettings={viewer.capabilities.includes(SETTINGS_PERMISSION)} canCancel={viewer.capabilities.includes(CANCEL_PERMISSION)} />
    </ToastProvider>
  );
}
