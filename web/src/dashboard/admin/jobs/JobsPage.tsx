import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Badge, Button, EmptyState, Notice, Spinner } from '../../../ui';
import { DashboardFrame } from '../DashboardFrame';
import { formatMoment } from '../format';
import { PERMISSION } from '../permissions';
import { http, HttpError, retryServerErrors } from '../../../api/http';
import { DashboardError, StaffGate } from '../StaffGate';
import { JOB_STATUSES, STATUS_FILTERS, aboutText, jobsKey, kindName, type Job, type JobsAnswer, type StatusFilter } from './jobs-api';

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
  if (kinds.length === 0) return null;
  return (
    <div className="admin__table-wrap" tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'dashboard.jobs.countsTitle' })}>
      <table className="admin__table">
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'dashboard.jobs.kind' })}</th>
            {JOB_STATUSES.map((status) => (
              <th scope="col" key={status}>
                {intl.formatMessage({ id: `dashboard.jobs.status.${status}` })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {kinds.map((kind) => (
            <tr key={kind}>
              <th scope="row">{kindName(intl, kind)}</th>
              {JOB_STATUSES.map((status) => (
                <td key={status}>{counts[kind]?.[status] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
      {query.isPending ? (
        <Spinner size="lg" label={t('common.loading')} />
      ) : query.isError ? (
        <DashboardError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <section aria-labelledby="jobs-list-title" className="admin__section">
            <h2 id="jobs-list-title">{t('dashboard.jobs.listTitle')}</h2>
            {query.data.jobs.length === 0 ? (
              <EmptyState title={t('dashboard.jobs.none')} />
            ) : (
              <div className="admin__table-wrap" tabIndex={0} role="region" aria-label={t('dashboard.jobs.listTitle')}>
                <table className="admin__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('dashboard.jobs.job')}</th>
                      <th scope="col">{t('dashboard.jobs.kind')}</th>
                      <th scope="col">{t('dashboard.jobs.state')}</th>
                      <th scope="col">{t('dashboard.jobs.attempts')}</th>
                      <th scope="col">{t('dashboard.jobs.lastError')}</th>
                      <th scope="col">{t('dashboard.jobs.time')}</th>
                      <th scope="col">{t('dashboard.actions')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {query.data.jobs.map((job) => (
                      <tr key={job.id}>
                        <th scope="row">
                          {aboutText(intl, job)}
                          {job.interrupted ? <span className="admin__muted"> {t('dashboard.jobs.interrupted')}</span> : null}
                        </th>
                        <td>{kindName(intl, job.kind)}</td>
                        <td>
                          <Badge variant={BADGE[job.status]}>{t(`dashboard.jobs.status.${job.status}`)}</Badge>
                        </td>
                        <td>{job.attempts}</td>
                        <td className="admin__mono">{job.lastError ?? ''}</td>
                        <td>{formatMoment(intl, job.status === 'queued' ? job.nextAttemptAt : (job.finishedAt ?? job.createdAt))}</td>
                        <td>
                          {job.status === 'failed' || job.status === 'skipped' ? (
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
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <section aria-labelledby="jobs-counts-title" className="admin__section">
            <h2 id="jobs-counts-title">{t('dashboard.jobs.countsTitle')}</h2>
            <Counts counts={query.data.counts} />
          </section>
        </>
      )}
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
