import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Badge, Button, EmptyState, Notice, Spinner } from '../../../ui';
import { formatMoment } from '../format';
import { http, HttpError, retryServerErrors } from '../../../api/http';
import { DashboardError } from '../StaffGate';
import { jobsKey, type PrintJob } from './printing-api';

/** Failed and skipped tickets, newest first, each with Retry (the job keeps its key, so it prints at most once). */
export function PrintJobList() {
  const intl = useIntl();
  const client = useQueryClient();
  const [retried, setRetried] = useState<PrintJob | null>(null);
  const query = useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => http<{ jobs: PrintJob[] }>('GET', '/api/printing/jobs', { signal }).then((r) => r.jobs),
    // A retried job that fails again comes back on its own.
    refetchInterval: 10_000,
    retry: retryServerErrors,
  });
  const retry = useMutation({
    mutationFn: (job: PrintJob) => http<{ job: PrintJob }>('POST', `/api/printing/jobs/${job.id}/retry`),
    onSuccess: async (_answer, job) => {
      setRetried(job);
      await client.invalidateQueries({ queryKey: jobsKey });
    },
    onSettled: () => client.invalidateQueries({ queryKey: jobsKey }),
  });
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const ticketName = (job: PrintJob) => t(`dashboard.printing.kind.${job.kind}`) + (job.kind === 'kitchen' && job.copy > 1 ? ` (${job.copy})` : '');
  const orderName = (job: PrintJob) => (job.pickupNumber === null ? t('dashboard.printing.orderGone', { id: job.orderId }) : `#${job.pickupNumber}`);

  return (
    <>
      {retried ? (
        <Notice tone="success">{t('dashboard.printing.retried', { ticket: ticketName(retried), order: orderName(retried) })}</Notice>
      ) : null}
      {retry.error ? (
        <Notice tone="error" role="alert">
          {t(retry.error instanceof HttpError && retry.error.status === 409 ? 'dashboard.printing.retryGone' : 'dashboard.printing.retryFailed')}
        </Notice>
      ) : null}
      {query.isPending ? (
        <Spinner size="lg" label={t('common.loading')} />
      ) : query.isError ? (
        <DashboardError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title={t('dashboard.printing.noJobs')} />
      ) : (
        <div className="admin__table-wrap" tabIndex={0} role="region" aria-label={t('dashboard.printing.jobsTitle')}>
          <table className="admin__table">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.printing.order')}</th>
                <th scope="col">{t('dashboard.printing.ticket')}</th>
                <th scope="col">{t('dashboard.printing.state')}</th>
                <th scope="col">{t('dashboard.printing.attempts')}</th>
                <th scope="col">{t('dashboard.printing.lastError')}</th>
                <th scope="col">{t('dashboard.printing.time')}</th>
                <th scope="col">{t('dashboard.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((job) => (
                <tr key={job.id}>
                  <th scope="row">
                    {orderName(job)} <span className="admin__muted">{t('dashboard.printing.orderId', { id: job.orderId })}</span>
                  </th>
                  <td>{ticketName(job)}</td>
                  <td>
                    <Badge variant={job.status === 'failed' ? 'soldout' : 'info'}>{t(`dashboard.printing.status.${job.status}`)}</Badge>
                  </td>
                  <td>{job.attempts}</td>
                  <td className="admin__mono">{job.lastError ?? ''}</td>
                  <td>{formatMoment(intl, job.createdAt)}</td>
                  <td>
                    {job.status === 'pending' ? null : (
                      <Button
                        variant="secondary"
                        size="sm"
                        busy={retry.isPending && retry.variables?.id === job.id}
                        onClick={() => {
                          setRetried(null);
                          retry.mutate(job);
                        }}
                        aria-label={t('dashboard.printing.retryFor', { ticket: ticketName(job), order: orderName(job) })}
                      >
                        {t('dashboard.printing.retry')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
