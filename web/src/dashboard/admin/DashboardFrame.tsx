import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ToastProvider } from '../../ui/Toast';
import { DashboardNav } from '../DashboardNav';
import { StaffLanguageMenu, StaffLanguageSync } from './staffLanguage';
import '../../areas/areas.css';
import './admin.css';

/** The dashboard's page frame: brand, navigation by role, the page's main landmark with its heading, and its toasts. */
export function DashboardFrame({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const intl = useIntl();
  useDocumentTitle(`${title} · ${intl.formatMessage({ id: 'nav.dashboard' })}`);
  return (
    <ToastProvider>
      <StaffLanguageSync />
      <div className="dashboard">
        <header className="dashboard__header">
          <Link to="/dashboard" className="dashboard__brand">
            <img className="dashboard__logo" src="/media/logo.svg" alt="" width={120} height={40} />
            <span>{intl.formatMessage({ id: 'nav.dashboard' })}</span>
          </Link>
          <DashboardNav />
          <StaffLanguageMenu />
        </header>
        <main id="main" className="dashboard__main admin" tabIndex={-1}>
          <div className="admin__head">
            <h1 className="admin__title">{title}</h1>
            {actions ? <div className="admin__actions">{actions}</div> : null}
          </div>
          {children}
        </main>
      </div>
    </ToastProvider>
  );
}
