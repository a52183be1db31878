import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetupChecklist as Checklist } from '@bakje/contract';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { http, retryServerErrors } from '../../api/http';
import { Button, Notice, Spinner } from '../../ui';
import { DASHBOARD_PAGES } from '../DashboardNav';
import { LiveModeSwitch } from './LiveModeSwitch';
import { SETUP_URL, setupKey } from './storeSettingsForm';
import './settings.css';

/** A step links to its page only when the web app has that page. */
const existingPage = (href: string | null) => (href && DASHBOARD_PAGES.some((page) => page.to === href) ? href : null);

function useSetupChecklist() {
  return useQuery({
    queryKey: setupKey,
    queryFn: ({ signal }) => http<Checklist>('GET', SETUP_URL, { signal }),
    retry: retryServerErrors,
  });
}

function useDismiss() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (dismissed: boolean) => http<Checklist>('PUT', SETUP_URL, { body: { dismissed } }),
    onSuccess: (next) => client.setQueryData(setupKey, next),
  });
}

/**
 * The first-run checklist on the dashboard home (settings.manage): what a new shop still has to set up, each
 * step computed by the server from the shop's data and linking to its page. Hidden once dismissed.
 */
export function SetupChecklist() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const query = useSetupChecklist();
  const dismiss = useDismiss();
  if (query.isPending) return <Spinner size="sm" label={t('dashboard.setup.loading')} />;
  if (query.isError) {
    return (
      <Notice tone="error">
        {t('dashboard.setup.loadFailed')}{' '}
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Notice>
    );
  }
  const list = query.data;
  if (list.dismissed) return null;
  const left = list.steps.filter((s) => !s.done).length;
  return (
    <section className="setup-checklist" aria-labelledby="setup-title" data-testid="setup-checklist">
      <div className="setup-checklist__head">
        <h2 id="setup-title">{t(list.allDone ? 'dashboard.setup.readyTitle' : 'dashboard.setup.title')}</h2>
        <p className="admin__muted">{list.allDone ? t('dashboard.setup.readyBody') : intl.formatMessage({ id: 'dashboard.setup.left' }, { count: left })}</p>
      </div>
      <ol className="setup-checklist__steps">
        {list.steps.map((step) => {
          const href = existingPage(step.href);
          return (
            <li key={step.id} className={`setup-checklist__step${step.done ? ' is-done' : ''}`} data-testid={`setup-step-${step.id}`} data-done={step.done}>
              <span className="setup-checklist__mark" aria-hidden="true">
                {step.done ? '✓' : '○'}
              </span>
              <span className="setup-checklist__text">
                <strong>{t(`dashboard.setup.step.${step.id}`)}</strong>
                <span className="visually-hidden"> – {t(step.done ? 'dashboard.setup.done' : 'dashboard.setup.todo')}</span>
                {step.detail ? <span className="setup-checklist__detail">{t(`dashboard.setup.detail.${step.detail}`)}</span> : null}
              </span>
              {href ? (
                <Link className="setup-checklist__link" to={href}>
                  {t(step.done ? 'dashboard.setup.change' : 'dashboard.setup.setUp')}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ol>
      <Button variant={list.allDone ? 'primary' : 'ghost'} size="sm" disabled={dismiss.isPending} onClick={() => dismiss.mutate(true)}>
        {t(list.allDone ? 'dashboard.setup.dismissDone' : 'dashboard.setup.dismiss')}
      </Button>
      {dismiss.isError ? <Notice tone="error">{t('dashboard.setup.dismissFailed')}</Notice> : null}
      {list.steps.some((step) => step.id === 'live' && !step.done) ? <LiveModeSwitch /> : null}
    </section>
  );
}

/** On the settings page: brings a dismissed checklist back to the dashboard home. */
export function ShowSetupChecklist() {
  const intl = useIntl();
  const query = useSetupChecklist();
  const dismiss = useDismiss();
  if (!query.data?.dismissed) return null;
  return (
    <p>
      <Button variant="ghost" size="sm" disabled={dismiss.isPending} onClick={() => dismiss.mutate(false)}>
        {intl.formatMessage({ id: 'dashboard.setup.showAgain' })}
      </Button>
    </p>
  );
}
