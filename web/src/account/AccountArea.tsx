import { useIntl } from 'react-intl';
import { Navigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Spinner } from '../ui';
import LoginPage, { landingFor, safeRedirect } from './LoginPage';
import { LostPasswordPage, ResetPasswordPage } from './LostPasswordPage';
import MyAccountPage from './MyAccountPage';
import { useAccount } from './useAccount';
import './account.css';

export type AccountPageKind = 'login' | 'my-account' | 'lost-password' | 'reset-password';

const TITLES: Record<AccountPageKind, string> = {
  login: 'nav.login',
  'my-account': 'nav.myAccount',
  'lost-password': 'nav.lostPassword',
  'reset-password': 'nav.resetPassword',
};

/** /login, /my-account (tabs), /my-account/lost-password and the reset link page. */
export default function AccountArea({ kind }: { kind: AccountPageKind }) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const titleId = kind === 'my-account' && params.get('tab') === 'orders' ? 'nav.orderHistory' : TITLES[kind];
  useDocumentTitle(intl.formatMessage({ id: titleId }));
  const account = useAccount();
  if (kind === 'login') {
    if (account.isPending)
      return (
        <div className="container account-page">
          <Spinner />
        </div>
      );
    // Already logged in: straight to where a login would land.
    if (account.data?.viewer) return <Navigate to={safeRedirect(params.get('redirect')) ?? landingFor(account.data.viewer.role)} replace />;
    return <LoginPage />;
  }
  if (kind === 'lost-password') return <LostPasswordPage />;
  if (kind === 'reset-password') return <ResetPasswordPage />;
  return <MyAccountPage />;
}
