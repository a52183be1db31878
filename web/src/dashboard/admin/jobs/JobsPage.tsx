import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Badge, Button, DataTable, Notice, type Column } from '../../../ui';
import { DashboardFrame } from '../DashboardFrame';
import { formatMoment } from '../format';
import { PERMISSION } from '../permissions';
import { http, HttpError, retryServerErrors } from '../../../api/http';
import { DashboardError, StaffGate } from '../StaffGate';
import { JOB_STATUSES, STATUS_FILTERS, aboutText, jobsKey, kindName, type Job, type JobsAnswer, type StatusFilter } from './jobs-api';

/** When a queued job runs next; when another ran last. */
const timeOf = (job: Job) => (job.status === 'queued' ? job.nextAttemptAt : (job.finishedAt ?? job.createdAt));

const BADGE: Record<Job['status'], 'soldout' | 'info' | 'neutral' | 'new'> = {
  failed: 'soldout',
  skipped: 'info',
  queued: 'neutral',
  running: 'new',
  done: 'neutral',
};

/** Jobs per kind and state (over every job, whatever the filter). */
function Counts({ counts }: { counts: JobsAnswer['counts'] }) {
  const intl = useIntl();
  const kinds = Object.keys(counts).sort();
  const columns: Column<string>[] = [
    { id: 'kind', header: intl.formatMessage({ id: 'dashboard.jobs.kind' }), rowHeader: true, cell: (kind) => kindName(intl, kind) },
    ...JOB_STATUSES.map((status) => ({
      id: status,
      header: intl.formatMessage({ id: `dashboard.jobs.status.${status}` }),
      cell: (kind: string) => counts[kind]?.[status] ?? 0,
    })),
  ];
  return (
    <DataTable
      label={intl.formatMessage({ id: 'dashboard.jobs.countsTitle' })}
      columns={columns}
      rows={kinds}
      rowKey={(kind) => kind}
      empty={intl.formatMessage({ id: 'dashboard.jobs.none' })}
    />
  );
}

function JobsContent() {
  const intl = useIntl();
  const client = useQueryClient();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [filter, setFilter] = useState<StatusFilter>('open');
  const [kind, setKind] = useState('');
  const [retried, setRetried] = useState<Job | null>(null);
  const query = useQuery({
    queryKey: [...jobsKey, filter, kind],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ status: STATUS_FILTERS[filter], ...(kind ? { kind } : {}) });
      return http<JobsAnswer>('GET', `/api/jobs?${params.toString()}`, { signal });
    },
    // Jobs move on their own (printed, retried, failed again).
    refetchInterval: 5_000,
    retry: retryServerErrors,
  });
  const retry = useMutation({
    mutationFn: (job: Job) => http<{ job: Job }>('POST', `/api/jobs/${job.id}/retry`),
    onSuccess: (_answer, job) => setRetried(job),
    onSettled: () => client.invalidateQueries({ queryKey: jobsKey }),
  });
  const describe = (job: Job) => `${kindName(intl, job.kind)}: ${aboutText(intl, job)}`;
  const columns: Column<Job>[] = [
    {
      id: 'job',
      header: t('dashboard.jobs.job'),
      rowHeader: true,
      sortValue: (job) => aboutText(intl, job),
      cell: (job) => (
        <>
          {aboutText(intl, job)}
          {job.interrupted ? <span className="admin__muted"> {t('dashboard.jobs.interrupted')}</span> : null}
        </>
      ),
    },
    { id: 'kind', header: t('dashboard.jobs.kind'), sortValue: (job) => kindName(intl, job.kind), cell: (job) => kindName(intl, job.kind) },
    {
      id: 'state',
      header: t('dashboard.jobs.state'),
      sortValue: (job) => job.status,
      cell: (job) => <Badge variant={BADGE[job.status]}>{t(`dashboard.jobs.status.${job.status}`)}</Badge>,
    },
    { id: 'attempts', header: t('dashboard.jobs.attempts'), sortValue: (job) => job.attempts, cell: (job) => job.attempts },
    { id: 'lastError', header: t('dashboard.jobs.lastError'), className: 'admin__mono', cell: (job) => job.lastError ?? '' },
    {
      id: 'time',
      header: t('dashboard.jobs.time'),
      sortValue: (job) => timeOf(job),
      cell: (job) => formatMoment(intl, timeOf(job)),
    },
    {
      id: 'actions',
      header: t('dashboard.actions'),
      cell: (job) =>
        job.status === 'failed' || job.status === 'skipped' ? (
          <Button
            variant="secondary"
            size="sm"
            busy={retry.isPending && retry.variables?.id === job.id}
            onClick={() => {
              setRetried(null);
              retry.mutate(job);
            }}
            aria-label={t('dashboard.jobs.retryFor', { job: describe(job) })}
          >
            {t('dashboard.jobs.retry')}
          </Button>
        ) : null,
    },
  ];
  const kinds = Object.keys(query.data?.counts ?? {}).sort();

  return (
    <>
      <p className="admin__lead">{t('dashboard.jobs.lead')}</p>
      {retried ? <Notice tone="success">{t('dashboard.jobs.retried', { job: describe(retried) })}</Notice> : null}
      {retry.error ? (
        <Notice tone="error" role="alert">
          {t(retry.error instanceof HttpError && retry.error.code === 'JOB_NOT_RETRYABLE' ? 'dashboard.jobs.retryGone' : 'dashboard.jobs.retryFailed')}
        </Notice>
      ) : null}
      <div className="admin__row">
        <div className="account-field">
          <label htmlFor="jobs-status">{t('dashboard.jobs.filterStatus')}</label>
          <select id="jobs-status" className="input" value={filter} onChange={(event) => setFilter(event.target.value as StatusFilter)}>
            {(Object.keys(STATUS_FILTERS) as StatusFilter[]).map((key) => (
              <option key={key} value={key}>
                {t(`dashboard.jobs.filter.${key}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="account-field">
          <label htmlFor="jobs-kind">{t('dashboard.jobs.filterKind')}</label>
          <select id="jobs-kind" className="input" value={kind} onChange={(event) => setKind(event.target.value)}>
            <option value="">{t('dashboard.jobs.allKinds')}</option>
            {[...new Set([...kinds, 'print', 'mail'])].sort().map((name) => (
              <option key={name} value={name}>
                {kindName(intl, name)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <section aria-labelledby="jobs-list-title" className="admin__section">
        <h2 id="jobs-list-title">{t('dashboard.jobs.listTitle')}</h2>
        <DataTable
          label={t('dashboard.jobs.listTitle')}
          columns={columns}
          rows={query.data?.jobs ?? []}
          rowKey={(job) => job.id}
          loading={query.isPending}
          error={query.error}
          errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
          empty={t('dashboard.jobs.none')}
        />
      </section>
      {query.data ? (
        <>
          <section aria-labelledby="jobs-counts-title" className="admin__section">
            <h2 id="jobs-counts-title">{t('dashboard.jobs.countsTitle')}</h2>
            <Counts counts={query.data.counts} />
          </section>
        </>
      ) : null}
    </>
  );
}

/** /dashboard/jobs (settings.manage: managers and admins): every background job (tickets, mails), with Retry. */
export default function JobsPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.settingsManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.jobs.title' })}>
        <JobsContent />
      </DashboardFrame>
    </StaffGate>
  );
}
