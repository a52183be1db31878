import type { CustomerList, CustomerListItem, ErasureRequestList, PrivacySettingsForm } from '@bakje/contract';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { http, retryServerErrors } from '../../api/http';
import { SubmitButton } from '../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { useErrorText, useZodForm } from '../../forms/useZodForm';
import { useDebouncedValue } from '../../lib/useDebounced';
import { Button, DataTable, Notice, Spinner, useFormatPrice, useToast, type Column } from '../../ui';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { DashboardFrame } from '../admin/DashboardFrame';
import { formatMoment } from '../admin/format';
import { PERMISSION } from '../admin/permissions';
import { DashboardError, StaffGate } from '../admin/StaffGate';
import { CUSTOMERS_URL, customersKey, ERASURE_URL, PRIVACY_SETTINGS_URL } from './customersApi';
import './customers.css';

const retentionSchema = z.object({
  guestOrderRetentionDays: z
    .number({ error: 'dashboard.customers.retentionInvalid' })
    .int('dashboard.customers.retentionInvalid')
    .min(30, 'dashboard.customers.retentionInvalid')
    .max(3650, 'dashboard.customers.retentionInvalid'),
});

/** /dashboard/customers (customers.manage): erasure requests to confirm, the customer list with search, retention. */
export default function CustomersPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const price = useFormatPrice();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebouncedValue(search.trim(), 250);
  useEffect(() => setPage(1), [term]);
  const query = useQuery({
    queryKey: [...customersKey, 'list', term, page],
    queryFn: ({ signal }) => http<CustomerList>('GET', `${CUSTOMERS_URL}?page=${page}${term ? `&search=${encodeURIComponent(term)}` : ''}`, { signal }),
    retry: retryServerErrors,
    placeholderData: (previous) => previous,
  });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / 25));
  const columns: Column<CustomerListItem>[] = [
    {
      id: 'name',
      header: t('dashboard.customers.name'),
      rowHeader: true,
      cell: (c) => <Link to={`/dashboard/customers/${c.id}`}>{[c.firstName, c.lastName].filter(Boolean).join(' ') || c.username}</Link>,
      sortValue: (c) => `${c.firstName} ${c.lastName}`,
    },
    { id: 'email', header: t('dashboard.customers.email'), cell: (c) => c.email, sortValue: (c) => c.email },
    { id: 'orders', header: t('dashboard.customers.orders'), cell: (c) => c.orderCount, sortValue: (c) => c.orderCount },
    { id: 'spent', header: t('dashboard.customers.totalSpent'), cell: (c) => price(c.totalSpent / 100), sortValue: (c) => c.totalSpent },
    { id: 'since', header: t('dashboard.customers.since'), cell: (c) => formatMoment(intl, c.createdAt), sortValue: (c) => c.createdAt },
  ];

  return (
    <StaffGate permission={PERMISSION.customersManage}>
      <DashboardFrame title={t('dashboard.customers.title')}>
        <p className="admin__lead">{t('dashboard.customers.lead')}</p>
        <ErasureRequests />
        <section className="admin__section" aria-labelledby="customers-list-title">
          <h2 id="customers-list-title">{t('dashboard.customers.listTitle')}</h2>
          <div role="search" className="customers__search">
            <Field type="search" label={t('dashboard.customers.search')} value={search} onChange={(event) => setSearch(event.target.value)} maxLength={200} />
          </div>
          <DataTable
            label={t('dashboard.customers.listTitle')}
            columns={columns}
            rows={query.data?.customers}
            rowKey={(c) => c.id}
            loading={query.isPending}
            error={query.isError ? query.error : undefined}
            errorContent={query.isError ? <DashboardError error={query.error} onRetry={() => void query.refetch()} /> : undefined}
            onRetry={() => void query.refetch()}
            empty={term ? t('dashboard.customers.noMatch') : t('dashboard.customers.empty')}
          />
          {pages > 1 ? (
            <nav className="customers__pager" aria-label={t('dashboard.reviews.pages')}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('dashboard.reviews.previous')}
              </Button>
              <span>{intl.formatMessage({ id: 'dashboard.reviews.pageOf' }, { page, pages })}</span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('dashboard.reviews.next')}
              </Button>
            </nav>
          ) : null}
        </section>
        <RetentionSetting />
      </DashboardFrame>
    </StaffGate>
  );
}

function ErasureRequests() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState<ErasureRequestList['pending'][number] | null>(null);
  const query = useQuery({
    queryKey: [...customersKey, 'erasure'],
    queryFn: ({ signal }) => http<ErasureRequestList>('GET', ERASURE_URL, { signal }),
    retry: retryServerErrors,
  });
  const confirm = useMutation({
    mutationFn: (id: number) => http<{ ordersAnonymised: number }>('POST', `${ERASURE_URL}/${id}/confirm`),
    onSuccess: async (result) => {
      setConfirming(null);
      toast(intl.formatMessage({ id: 'dashboard.customers.erased' }, { orders: result.ordersAnonymised }));
      await client.invalidateQueries({ queryKey: customersKey });
    },
  });
  return (
    <section className="admin__section" aria-labelledby="erasure-title">
      <h2 id="erasure-title">{t('dashboard.customers.erasureTitle')}</h2>
      {query.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : query.isError ? (
        <DashboardError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.pending.length === 0 ? (
        <p className="admin__muted">{t('dashboard.customers.erasureNone')}</p>
      ) : (
        <ul className="customers__erasures">
          {query.data.pending.map((request) => (
            <li key={request.id} className="customers__erasure" data-testid="erasure-request">
              <span>
                <Link to={`/dashboard/customers/${request.userId}`}>{[request.firstName, request.lastName].filter(Boolean).join(' ') || request.email}</Link> ·{' '}
                {request.email} · {intl.formatMessage({ id: 'dashboard.customers.requestedAt' }, { moment: formatMoment(intl, request.requestedAt) })}
              </span>
              <Button variant="danger" size="sm" onClick={() => setConfirming(request)}>
                {t('dashboard.customers.confirmErasure')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {confirm.isError ? (
        <Notice tone="error" role="alert">
          {t('dashboard.customers.actionFailed')}
        </Notice>
      ) : null}
      {query.data && query.data.done.length > 0 ? (
        <details className="customers__record">
          <summary>{t('dashboard.customers.erasureRecord')}</summary>
          <ul>
            {query.data.done.map((d) => (
              <li key={d.id}>
                {intl.formatMessage(
                  { id: 'dashboard.customers.erasureDone' },
                  { id: d.id, moment: formatMoment(intl, d.confirmedAt), staff: d.confirmedBy || '—', orders: d.ordersAnonymised },
                )}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={t('dashboard.customers.confirmErasureTitle')}
        confirmLabel={t('dashboard.customers.confirmErasure')}
        busy={confirm.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && confirm.mutate(confirming.id)}
      >
        <p>{intl.formatMessage({ id: 'dashboard.customers.confirmErasureBody' }, { email: confirming?.email ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}

function RetentionSetting() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const settings = useQuery({
    queryKey: [...customersKey, 'privacy-settings'],
    queryFn: ({ signal }) => http<PrivacySettingsForm>('GET', PRIVACY_SETTINGS_URL, { signal }),
    retry: retryServerErrors,
  });
  const { register, handleSubmit, formState, reset } = useZodForm(retentionSchema, { values: settings.data });
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const save = useMutation({ mutationFn: (body: PrivacySettingsForm) => http<PrivacySettingsForm>('PUT', PRIVACY_SETTINGS_URL, { body }) });
  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(saved);
      client.setQueryData([...customersKey, 'privacy-settings'], saved);
      toast(t('dashboard.customers.retentionSaved'));
    } catch {
      // Shown below.
    }
  });
  if (!settings.data) return null;
  return (
    <form className="account-form admin__form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="retention-title">
      <h2 id="retention-title">{t('dashboard.customers.retentionTitle')}</h2>
      <Field
        type="number"
        inputMode="numeric"
        min={30}
        max={3650}
        label={t('dashboard.customers.retentionDays')}
        hint={t('dashboard.customers.retentionHint')}
        {...register('guestOrderRetentionDays', { valueAsNumber: true })}
        error={errorText(formState.errors.guestOrderRetentionDays)}
      />
      {save.isError ? (
        <Notice tone="error" role="alert">
          {t('dashboard.customers.actionFailed')}
        </Notice>
      ) : null}
      <SubmitButton submitting={formState.isSubmitting}>{t('dashboard.customers.save')}</SubmitButton>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}
