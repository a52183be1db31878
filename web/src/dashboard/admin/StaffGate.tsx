import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router';
import { ButtonLink, ErrorState, Spinner } from '../../ui';
import { DashboardFrame } from './DashboardFrame';
import type { PermissionName } from './permissions';
import { StaffLanguageSync } from './staffLanguage';
import { HttpError } from '../../api/http';
import { useStaffSession, type StaffRole } from './useStaffSession';

/** Where the login page sends a visitor back to after logging in. */
export function loginPathFor(path: string) {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

function ToLogin() {
  const location = useLocation();
  return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
}

/** A customer (or a guest) is not staff at all. */
export function NoAccessPage() {
  const intl = useIntl();
  return (
    <DashboardFrame title={intl.formatMessage({ id: 'dashboard.gate.noAccessTitle' })}>
      <div className="state" role="alert">
        <p className="state__body">{intl.formatMessage({ id: 'dashboard.gate.noAccessBody' })}</p>
        <div className="state__action">
          <ButtonLink to="/my-account" variant="primary">
            {intl.formatMessage({ id: 'nav.myAccount' })}
          </ButtonLink>{' '}
          <ButtonLink to="/" variant="secondary">
            {intl.formatMessage({ id: 'error.toHome' })}
          </ButtonLink>
        </div>
      </div>
    </DashboardFrame>
  );
}

/** The text for staff whose role does not hold a page's permission (inside a page or as the whole page). */
export function NotAllowedNotice({ role }: { role?: StaffRole }) {
  const intl = useIntl();
  const roleName = intl.formatMessage({ id: `dashboard.role.${role ?? 'kitchen'}` });
  return (
    <div className="state" role="alert">
      <p className="state__body">{intl.formatMessage({ id: 'dashboard.gate.forbiddenBody' }, { role: roleName })}</p>
      <div className="state__action">
        <ButtonLink to="/dashboard" variant="primary">
          {intl.formatMessage({ id: 'dashboard.gate.toDashboard' })}
        </ButtonLink>
      </div>
    </div>
  );
}

/** Staff whose role does not hold the page's permission. */
export function NotAllowedPage({ role }: { role?: StaffRole }) {
  const intl = useIntl();
  return (
    <DashboardFrame title={intl.formatMessage({ id: 'dashboard.gate.forbiddenTitle' })}>
      <NotAllowedNotice role={role} />
    </DashboardFrame>
  );
}

/**
 * Guards a dashboard page on the web side (the server guards its API the same way): a guest goes to
 * /login and comes back after logging in; a customer gets "no access"; staff without `permission` get
 * a page saying their role does not allow it. Never a blank page.
 */
export function StaffGate({ permission, children }: { permission: PermissionName; children: ReactNode }) {
  const intl = useIntl();
  const session = useStaffSession();
  if (session.isPending) {
    return (
      <div className="dashboard admin__loading">
        <Spinner size="lg" label={intl.formatMessage({ id: 'common.loading' })} />
      </div>
    );
  }
  if (session.isError) {
    return (
      <DashboardFrame title={intl.formatMessage({ id: 'nav.dashboard' })}>
        <ErrorState error={session.error} onRetry={() => void session.refetch()} />
      </DashboardFrame>
    );
  }
  const { viewer, permissions } = session.data;
  if (viewer.kind === 'guest') return <ToLogin />;
  if (viewer.kind !== 'staff') return <NoAccessPage />;
  if (!permissions.includes(permission)) return <NotAllowedPage role={viewer.role} />;
  // Every staff screen follows the account's language, also those without the dashboard frame (a station, the printer).
  return (
    <>
      <StaffLanguageSync />
      {children}
    </>
  );
}

/**
 * A failed dashboard API call inside a page. 401/403 mean the session ended or the role changed since the
 * page opened: show the same pages as the gate instead of a raw error.
 */
export function DashboardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const session = useStaffSession();
  const intl = useIntl();
  if (error instanceof HttpError && error.status === 401) return <ToLogin />;
  if (error instanceof HttpError && error.status === 403) return <NotAllowedNotice role={session.data?.viewer.role} />;
  const message = error instanceof HttpError && error.status === 0 ? intl.formatMessage({ id: 'account.error.network' }) : error;
  return <ErrorState error={message} onRetry={onRetry} />;
}
