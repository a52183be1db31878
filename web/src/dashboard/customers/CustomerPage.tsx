import type { CustomerRecord } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { http, HttpError, retryServerErrors } from '../../api/http';
import { SubmitButton } from '../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { useErrorText, useZodForm } from '../../forms/useZodForm';
import { Button, ButtonLink, EmptyState, Notice, Spinner, useFormatPrice, useToast } from '../../ui';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { DashboardFrame } from '../admin/DashboardFrame';
import { formatMoment } from '../admin/format';
import { PERMISSION } from '../admin/permissions';
import { DashboardError, StaffGate } from '../admin/StaffGate';
import { addressLines, CUSTOMERS_URL, customersKey, ERASURE_URL, statusMessageId } from './customersApi';
import './customers.css';

const noteSchema = z.object({ text: z.string().trim().min(1, 'form.required').max(2000, 'dashboard.customers.noteTooLong') });

/** /dashboard/customers/:id (customers.manage): profile, addresses, order history, total spent, notes, reset mail. */
export default function CustomerPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: [...customersKey, 'detail', id],
    queryFn: ({ signal }) => http<CustomerRecord>('GET', `${CUSTOMERS_URL}/${id}`, { signal }),
    retry: retryServerErrors,
    enabled: Number.isInteger(id) && id > 0,
  });
  const notFound = query.error instanceof HttpError && query.error.status === 404;
  const title = query.data ? [query.data.firstName, query.data.lastName].filter(Boolean).join(' ') || query.data.username : t('dashboard.customers.customer');
  return (
    <StaffGate permission={PERMISSION.customersManage}>
      <DashboardFrame
        title={title}
        actions={
          <ButtonLink to="/dashboard/customers" variant="secondary">
            {t('dashboard.customers.back')}
          </ButtonLink>
        }
      >
        {!Number.isInteger(id) || id <= 0 || notFound ? (
          <EmptyState title={t('dashboard.customers.notFound')} />
        ) : query.isPending ? (
          <Spinner size="lg" label={t('common.loading')} />
        ) : query.isError ? (
          <DashboardError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <CustomerDetail customer={query.data} />
        )}
      </DashboardFrame>
    </StaffGate>
  );
}

function CustomerDetail({ customer }: { customer: CustomerRecord }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const price = useFormatPrice();
  const billing = addressLines(customer.billing);
  const shipping = addressLines(customer.shipping);
  return (
    <div className="customer">
      {customer.erasureRequest ? <ErasureNotice customer={customer} /> : null}
      <section className="admin__section customer__facts" aria-labelledby="customer-profile">
        <h2 id="customer-profile">{t('dashboard.customers.profile')}</h2>
        <dl className="customer__dl">
          <dt>{t('dashboard.customers.email')}</dt>
          <dd>{customer.email}</dd>
          <dt>{t('dashboard.customers.username')}</dt>
          <dd>{customer.username}</dd>
          <dt>{t('dashboard.customers.since')}</dt>
          <dd>{formatMoment(intl, customer.createdAt)}</dd>
          <dt>{t('dashboard.customers.totalSpent')}</dt>
          <dd data-testid="customer-total-spent">
            {price(customer.totalSpent / 100)} ({intl.formatMessage({ id: 'dashboard.customers.paidOrders' }, { count: customer.paidOrderCount })})
          </dd>
        </dl>
        <PasswordReset customer={customer} />
      </section>
      <section className="admin__section" aria-labelledby="customer-addresses">
        <h2 id="customer-addresses">{t('dashboard.customers.addresses')}</h2>
        <div className="admin__row">
          <div>
            <h3>{t('dashboard.customers.billing')}</h3>
            {billing.length ? (
              <address className="customer__address">
                {billing.map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </address>
            ) : (
              <p className="admin__muted">{t('dashboard.customers.noAddress')}</p>
            )}
          </div>
          <div>
            <h3>{t('dashboard.customers.shipping')}</h3>
            {shipping.length ? (
              <address className="customer__address">
                {shipping.map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </address>
            ) : (
              <p className="admin__muted">{t('dashboard.customers.noAddress')}</p>
            )}
          </div>
        </div>
      </section>
      <section className="admin__section" aria-labelledby="customer-orders">
        <h2 id="customer-orders">{t('dashboard.customers.orderHistory')}</h2>
        {customer.orders.length === 0 ? (
          <p className="admin__muted">{t('dashboard.customers.noOrders')}</p>
        ) : (
          <div className="customer__table-wrap" tabIndex={0} role="region" aria-labelledby="customer-orders">
            <table className="customer__orders">
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.customers.orderNumber')}</th>
                  <th scope="col">{t('dashboard.customers.date')}</th>
                  <th scope="col">{t('dashboard.customers.status')}</th>
                  <th scope="col">{t('dashboard.customers.items')}</th>
                  <th scope="col">{t('dashboard.customers.total')}</th>
                </tr>
              </thead>
              <tbody>
                {customer.orders.map((order) => (
                  <tr key={order.id}>
                    <th scope="row">#{order.number}</th>
                    <td>{formatMoment(intl, order.createdAt)}</td>
                    <td>{intl.messages[statusMessageId(order.status)] ? t(statusMessageId(order.status)) : order.status}</td>
                    <td>{order.items.map((item) => `${item.quantity}× ${item.name}`).join(', ')}</td>
                    <td>{price(order.total / 100)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <Notes customer={customer} />
    </div>
  );
}

function PasswordReset({ customer }: { customer: CustomerRecord }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [asking, setAsking] = useState(false);
  const toast = useToast();
  const send = useMutation({
    mutationFn: () => http<{ sent: boolean }>('POST', `${CUSTOMERS_URL}/${customer.id}/password-reset`),
    onSuccess: () => {
      setAsking(false);
      toast(intl.formatMessage({ id: 'dashboard.customers.resetSent' }, { email: customer.email }));
    },
    onError: () => setAsking(false),
  });
  return (
    <>
      <Button variant="secondary" className="customer__wrap-button" onClick={() => setAsking(true)}>
        {t('dashboard.customers.sendReset')}
      </Button>
      {send.isError ? (
        <Notice tone="error" role="alert">
          {send.error instanceof HttpError && send.error.code === 'TOO_MANY_ATTEMPTS'
            ? t('dashboard.customers.resetTooOften')
            : t('dashboard.customers.actionFailed')}
        </Notice>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('dashboard.customers.sendReset')}
        confirmLabel={t('dashboard.customers.sendResetConfirm')}
        busy={send.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => send.mutate()}
      >
        <p>{intl.formatMessage({ id: 'dashboard.customers.sendResetBody' }, { email: customer.email })}</p>
      </ConfirmDialog>
    </>
  );
}

function ErasureNotice({ customer }: { customer: CustomerRecord }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  const confirm = useMutation({
    mutationFn: () => http<{ ordersAnonymised: number }>('POST', `${ERASURE_URL}/${customer.erasureRequest!.id}/confirm`),
    onSuccess: async (result) => {
      setAsking(false);
      setDone(true);
      toast(intl.formatMessage({ id: 'dashboard.customers.erased' }, { orders: result.ordersAnonymised }));
      await client.invalidateQueries({ queryKey: [...customersKey, 'erasure'] });
      await client.invalidateQueries({ queryKey: [...customersKey, 'list'] });
    },
    onError: () => setAsking(false),
  });
  if (done) {
    return (
      <Notice tone="success">
        {t('dashboard.customers.erasedNotice')} <Link to="/dashboard/customers">{t('dashboard.customers.back')}</Link>
      </Notice>
    );
  }
  return (
    <Notice tone="info">
      <p>{intl.formatMessage({ id: 'dashboard.customers.erasurePending' }, { moment: formatMoment(intl, customer.erasureRequest!.requestedAt) })}</p>
      <Button variant="danger" onClick={() => setAsking(true)}>
        {t('dashboard.customers.confirmErasure')}
      </Button>
      {confirm.isError ? <p role="alert">{t('dashboard.customers.actionFailed')}</p> : null}
      <ConfirmDialog
        open={asking}
        title={t('dashboard.customers.confirmErasureTitle')}
        confirmLabel={t('dashboard.customers.confirmErasure')}
        busy={confirm.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => confirm.mutate()}
      >
        <p>{intl.formatMessage({ id: 'dashboard.customers.confirmErasureBody' }, { email: customer.email })}</p>
      </ConfirmDialog>
    </Notice>
  );
}

function Notes({ customer }: { customer: CustomerRecord }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const errorText = useErrorText();
  const [removing, setRemoving] = useState<number | null>(null);
  const { register, handleSubmit, formState, reset } = useZodForm(noteSchema, { defaultValues: { text: '' } });
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const key = [...customersKey, 'detail', customer.id];
  const add = useMutation({ mutationFn: (text: string) => http<CustomerRecord>('POST', `${CUSTOMERS_URL}/${customer.id}/notes`, { body: { text } }) });
  const remove = useMutation({
    mutationFn: (noteId: number) => http<CustomerRecord>('DELETE', `${CUSTOMERS_URL}/${customer.id}/notes/${noteId}`),
    onSuccess: (updated) => {
      client.setQueryData(key, updated);
      setRemoving(null);
    },
    onError: () => setRemoving(null),
  });
  const submit = handleSubmit(async (values) => {
    try {
      client.setQueryData(key, await add.mutateAsync(values.text));
      reset({ text: '' });
    } catch {
      // Shown below.
    }
  });
  return (
    <section className="admin__section" aria-labelledby="customer-notes">
      <h2 id="customer-notes">{t('dashboard.customers.notes')}</h2>
      <p className="admin__muted">{t('dashboard.customers.notesLead')}</p>
      {customer.notes.length === 0 ? (
        <p className="admin__muted">{t('dashboard.customers.noNotes')}</p>
      ) : (
        <ul className="customer__notes">
          {customer.notes.map((note) => (
            <li key={note.id} className="customer__note" data-testid="customer-note">
              <p className="customer__note-text">{note.text}</p>
              <p className="admin__muted">
                {note.author || '—'} · {formatMoment(intl, note.createdAt)}{' '}
                <Button size="sm" variant="ghost" onClick={() => setRemoving(note.id)}>
                  {t('dashboard.customers.deleteNote')}
                </Button>
              </p>
            </li>
          ))}
        </ul>
      )}
      <form className="customer__note-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          as="textarea"
          rows={3}
          maxLength={2000}
          label={t('dashboard.customers.newNote')}
          {...register('text')}
          error={errorText(formState.errors.text)}
        />
        {add.isError || remove.isError ? (
          <Notice tone="error" role="alert">
            {t('dashboard.customers.actionFailed')}
          </Notice>
        ) : null}
        <SubmitButton submitting={formState.isSubmitting}>{t('dashboard.customers.addNote')}</SubmitButton>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title={t('dashboard.customers.deleteNoteTitle')}
        confirmLabel={t('dashboard.customers.deleteNote')}
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing !== null && remove.mutate(removing)}
      >
        <p>{t('dashboard.customers.deleteNoteBody')}</p>
      </ConfirmDialog>
      <UnsavedChangesDialog blocker={blocker} />
    </section>
  );
}
