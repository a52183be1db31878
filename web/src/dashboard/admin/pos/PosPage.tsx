import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { http, HttpError, retryServerErrors } from '../../../api/http';
import { Badge, Button, DataTable, Field, Notice, Spinner, type Column } from '../../../ui';
import { DashboardFrame } from '../DashboardFrame';
import { formatMoment } from '../format';
import { PERMISSION } from '../permissions';
import { DashboardError, StaffGate } from '../StaffGate';
import { OVERVIEW_URL, SYNC_ALL_URL, SYNC_ONE_URL, posKey, runInProgress, type PosSyncOverview, type PosSyncRow } from './pos-api';
import { PosSettingsForm } from './PosSettingsForm';

const rowName = (row: PosSyncRow) => `${row.entity}:${row.id}`;
const isSyncOff = (error: unknown) => error instanceof HttpError && error.code === 'POS_SYNC_OFF';

function SyncProgress({ run }: { run: NonNullable<PosSyncOverview['run']> }) {
  const intl = useIntl();
  const finished = run.done + run.failed >= run.total;
  return (
    <div className="admin__section" aria-live="polite">
      <progress max={run.total} value={Math.min(run.total, run.done + run.failed)} aria-label={intl.formatMessage({ id: 'dashboard.pos.progress' })} />
      <p className="admin__muted">
        {intl.formatMessage(
          { id: finished ? 'dashboard.pos.runFinished' : 'dashboard.pos.runBusy' },
          { done: run.done, failed: run.failed, total: run.total, started: formatMoment(intl, run.startedAt) },
        )}
      </p>
    </div>
  );
}

function PosContent() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [failuresOnly, setFailuresOnly] = useState(false);
  const overview = useQuery({
    queryKey: posKey,
    queryFn: ({ signal }) => http<PosSyncOverview>('GET', OVERVIEW_URL, { signal }),
    // While a sync runs its progress moves on its own; otherwise the page changes only by what is done here.
    refetchInterval: (query) => (runInProgress(query.state.data) ? 1_000 : false),
    retry: retryServerErrors,
  });
  const syncAll = useMutation({
    mutationFn: () => http<{ queued: number }>('POST', SYNC_ALL_URL),
    onSettled: () => client.invalidateQueries({ queryKey: posKey }),
  });
  const syncOne = useMutation({
    mutationFn: (row: PosSyncRow) => http<{ queued: true }>('POST', SYNC_ONE_URL, { body: { entity: row.entity, id: row.id } }),
    onSettled: () => client.invalidateQueries({ queryKey: posKey }),
  });
  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return (overview.data?.rows ?? []).filter(
      (row) => (!failuresOnly || row.error !== null) && (needle === '' || row.name.toLocaleLowerCase().includes(needle) || row.posId === needle),
    );
  }, [overview.data, search, failuresOnly]);

  if (overview.isPending) return <Spinner size="lg" label={t('common.loading')} />;
  if (overview.isError) return <DashboardError error={overview.error} onRetry={() => void overview.refetch()} />;
  const { settings, run } = overview.data;
  const failures = overview.data.rows.filter((row) => row.error !== null).length;

  const columns: Column<PosSyncRow>[] = [
    { id: 'name', header: t('dashboard.pos.name'), rowHeader: true, sortValue: (row) => row.name, cell: (row) => row.name },
    { id: 'entity', header: t('dashboard.pos.entity'), sortValue: (row) => row.entity, cell: (row) => t(`dashboard.pos.entity.${row.entity}`) },
    { id: 'posId', header: t('dashboard.pos.posId'), className: 'admin__mono', cell: (row) => row.posId ?? '' },
    {
      id: 'state',
      header: t('dashboard.pos.state'),
      sortValue: (row) => (row.error ? 0 : row.syncedAt ? 2 : 1),
      cell: (row) =>
        row.error ? (
          <Badge variant="soldout">{t('dashboard.pos.failed')}</Badge>
        ) : row.syncedAt ? (
          <Badge variant="neutral">{t(`dashboard.pos.outcome.${row.outcome ?? 'updated'}`)}</Badge>
        ) : (
          <Badge variant="info">{t('dashboard.pos.never')}</Badge>
        ),
    },
    {
      id: 'syncedAt',
      header: t('dashboard.pos.syncedAt'),
      sortValue: (row) => row.syncedAt ?? '',
      cell: (row) => (row.syncedAt ? formatMoment(intl, row.syncedAt) : ''),
    },
    { id: 'error', header: t('dashboard.pos.error'), className: 'admin__mono', cell: (row) => row.error ?? '' },
    {
      id: 'actions',
      header: t('dashboard.actions'),
      cell: (row) =>
        settings.enabled && (row.error !== null || row.posId === null) ? (
          <Button
            variant="secondary"
            size="sm"
            busy={syncOne.isPending && syncOne.variables && rowName(syncOne.variables) === rowName(row)}
            onClick={() => syncOne.mutate(row)}
            aria-label={t('dashboard.pos.retryFor', { name: row.name })}
          >
            {t('dashboard.pos.retry')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <p className="admin__lead">{t('dashboard.pos.lead')}</p>
      <section className="admin__section">
        <PosSettingsForm key={`${settings.enabled}-${settings.baseUrl}-${settings.apiKeyLast4}`} settings={settings} />
      </section>
      <section aria-labelledby="pos-sync-title" className="admin__section">
        <h2 id="pos-sync-title">{t('dashboard.pos.syncTitle')}</h2>
        {!settings.enabled ? <Notice tone="info">{t('dashboard.pos.off')}</Notice> : null}
        {failures > 0 ? (
          <Notice tone="warning" role="alert">
            {t('dashboard.pos.failures', { count: failures })}
          </Notice>
        ) : null}
        {syncAll.error || syncOne.error ? (
          <Notice tone="error" role="alert">
            {t(isSyncOff(syncAll.error ?? syncOne.error) ? 'dashboard.pos.off' : 'dashboard.pos.syncFailed')}
          </Notice>
        ) : null}
        <div className="admin__buttons">
          <Button disabled={!settings.enabled || runInProgress(overview.data)} busy={syncAll.isPending} onClick={() => syncAll.mutate()}>
            {t('dashboard.pos.syncAll')}
          </Button>
        </div>
        {run ? <SyncProgress run={run} /> : null}
        <div className="admin__row">
          <Field label={t('dashboard.pos.search')} id="pos-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
          <Field
            as="checkbox"
            label={t('dashboard.pos.failuresOnly')}
            id="pos-failures-only"
            checked={failuresOnly}
            onChange={(event) => setFailuresOnly(event.target.checked)}
          />
        </div>
        <DataTable
          label={t('dashboard.pos.listTitle')}
          columns={columns}
          rows={rows}
          rowKey={rowName}
          empty={t(search || failuresOnly ? 'dashboard.pos.noMatch' : 'dashboard.pos.none')}
        />
      </section>
    </>
  );
}

/** /dashboard/pos (settings.manage): the till connection, every product's and category's link, "sync everything". */
export default function PosPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.settingsManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.pos.title' })}>
        <PosContent />
      </DashboardFrame>
    </StaffGate>
  );
}
