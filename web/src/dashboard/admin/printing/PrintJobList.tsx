import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Badge, Button, DataTable, Notice, type Column } from '../../../ui';
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
  const columns: Column<PrintJob>[] = [
    {
      id: 'order',
      header: t('dashboard.printing.order'),
      rowHeader: true,
      sortValue: (job) => job.pickupNumber ?? job.orderId,
      cell: (job) => (
        <>
          {orderName(job)} <span className="admin__muted">{t('dashboard.printing.orderId', { id: job.orderId })}</span>
        </>
      ),
    },
    { id: 'ticket', header: t('dashboard.printing.ticket'), cell: ticketName, sortValue: ticketName },
    {
      id: 'state',
      header: t('dashboard.printing.state'),
      sortValue: (job) => job.status,
      cell: (job) => <Badge variant={job.status === 'failed' ? 'soldout' : 'info'}>{t(`dashboard.printing.status.${job.status}`)}</Badge>,
    },
    { id: 'attempts', header: t('dashboard.printing.attempts'), cell: (job) => job.attempts, sortValue: (job) => job.attempts },
    { id: 'lastError', header: t('dashboard.printing.lastError'), cell: (job) => job.lastError ?? '', className: 'admin__mono' },
    { id: 'time', header: t('dashboard.printing.time'), cell: (job) => formatMoment(intl, job.createdAt), sortValue: (job) => job.createdAt },
    {
      id: 'actions',
      header: t('dashboard.actions'),
      cell: (job) =>
        job.status === 'pending' ? null : (
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
        ),
    },
  ];

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
      <DataTable
        label={t('dashboard.printing.jobsTitle')}
        columns={columns}
        rows={query.data}
        rowKey={(job) => job.id}
        loading={query.isPending}
        error={query.error}
        errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
        empty={t('dashboard.printing.noJobs')}
      />
    </>
  );
}
