import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { http, HttpError, retryServerErrors } from '../../api/http';
import { SubmitButton } from '../../forms/SubmitButton';
import { Button, Notice, Spinner } from '../../ui';
import { DashboardFrame } from '../admin/DashboardFrame';
import { PERMISSION } from '../admin/permissions';
import { DashboardError, StaffGate } from '../admin/StaffGate';

/**
 * A settings page (settings.manage): loads one settings document once (no refetch while it is being edited),
 * then shows its form; loading and error states as every dashboard page.
 */
export function SettingsScreen<T>({ title, queryKey, url, children }: { title: string; queryKey: QueryKey; url: string; children: (value: T) => ReactNode }) {
  const intl = useIntl();
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => http<T>('GET', url, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: retryServerErrors,
  });
  return (
    <StaffGate permission={PERMISSION.settingsManage}>
      <DashboardFrame title={title}>
        {query.isPending ? (
          <Spinner size="lg" label={intl.formatMessage({ id: 'common.loading' })} />
        ) : query.isError ? (
          <DashboardError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <section className="admin__section">{children(query.data)}</section>
        )}
      </DashboardFrame>
    </StaffGate>
  );
}

/** The end of a settings form: what went wrong or "saved", Save, and Undo back to what was loaded. */
export function SettingsFooter({
  error,
  invalid,
  saved,
  submitting,
  dirty,
  onUndo,
}: {
  error: unknown;
  invalid: boolean;
  saved: boolean;
  submitting: boolean;
  dirty: boolean;
  onUndo: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <>
      {error || invalid ? (
        <Notice tone="error" role="alert">
          {error instanceof HttpError && error.code === 'PERMISSION_DENIED' ? t('dashboard.gate.forbiddenTitle') : t('dashboard.hours.saveInvalid')}
        </Notice>
      ) : null}
      {saved ? <Notice tone="success">{t('dashboard.hours.saved')}</Notice> : null}
      <div className="admin__buttons">
        <SubmitButton submitting={submitting}>{t('dashboard.hours.save')}</SubmitButton>
        <Button variant="secondary" disabled={!dirty || submitting} onClick={onUndo}>
          {t('dashboard.hours.undo')}
        </Button>
      </div>
    </>
  );
}
