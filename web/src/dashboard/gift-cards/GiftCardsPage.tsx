import type { GiftCard, GiftCardDetail, GiftCardList } from '@bakje/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { http, HttpError, retryServerErrors } from '../../api/http';
import { SubmitButton } from '../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, errorAt, useErrorText, useZodForm } from '../../forms/useZodForm';
import { Badge, Button, ConfirmDialog, EmptyState, Notice, Spinner, useFormatPrice } from '../../ui';
import { Field } from '../../ui/Field';
import { RecordListFrame } from '../admin/RecordListFrame';
import { PERMISSION } from '../admin/permissions';
import { DashboardError } from '../admin/StaffGate';
import '../coupons/coupons-page.css';

const URL = '/api/dashboard/gift-cards';
const cardsKey = ['dashboard', 'gift-cards'] as const;

const issueForm = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,5}([.,]\d{1,2})?$/, 'dashboard.giftCards.error.amount')
    .refine((v) => Number(v.replace(',', '.')) > 0, 'dashboard.giftCards.error.amount'),
  expiresOn: z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'dashboard.giftCards.error.date'),
  recipientName: z.string().trim().max(200),
  recipientEmail: z.union([z.literal(''), z.string().trim().email('dashboard.giftCards.error.email')]),
  note: z.string().trim().max(500),
});
type IssueForm = z.input<typeof issueForm>;
const blank: IssueForm = { amount: '', expiresOn: '', recipientName: '', recipientEmail: '', note: '' };

function IssueEditor({ onDone }: { onDone: (card: GiftCardDetail | null) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const errorText = useErrorText();
  const client = useQueryClient();
  const { register, handleSubmit, formState, setError, reset } = useZodForm(issueForm, { defaultValues: blank });
  const issue = useMutation({ mutationFn: (body: z.output<typeof issueForm>) => http<GiftCardDetail>('POST', URL, { body }) });
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const submit = handleSubmit(async (values) => {
    try {
      const card = await issue.mutateAsync(values);
      reset(blank);
      await client.invalidateQueries({ queryKey: cardsKey });
      onDone(card);
    } catch (error) {
      if (error instanceof HttpError)
        applyServerFieldErrors(
          setError,
          error.fields,
          (field) =>
            field in blank ? (field as keyof IssueForm) : field === 'expires_at' ? 'expiresOn' : field === 'recipient_email' ? 'recipientEmail' : undefined,
          (_f, problem) => problem.message,
        );
    }
  });
  return (
    <form className="account-form admin__form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="gift-card-new">
      <h2 id="gift-card-new">{t('dashboard.giftCards.newTitle')}</h2>
      <Field
        label={t('dashboard.giftCards.amount')}
        inputMode="decimal"
        required
        {...register('amount')}
        error={errorText(errorAt(formState.errors, 'amount'))}
      />
      <Field
        type="date"
        label={t('dashboard.giftCards.expiresOn')}
        hint={t('dashboard.giftCards.expiresHint')}
        {...register('expiresOn')}
        error={errorText(errorAt(formState.errors, 'expiresOn'))}
      />
      <Field label={t('dashboard.giftCards.recipientName')} {...register('recipientName')} error={errorText(errorAt(formState.errors, 'recipientName'))} />
      <Field
        type="email"
        label={t('dashboard.giftCards.recipientEmail')}
        {...register('recipientEmail')}
        error={errorText(errorAt(formState.errors, 'recipientEmail'))}
      />
      <Field as="textarea" rows={2} label={t('dashboard.giftCards.note')} {...register('note')} />
      {issue.error && !(issue.error instanceof HttpError && issue.error.fields.length > 0) ? (
        <Notice tone="error" role="alert">
          {issue.error instanceof HttpError && issue.error.status === 400 ? issue.error.message : t('dashboard.giftCards.issueFailed')}
        </Notice>
      ) : null}
      <div className="admin__buttons">
        <SubmitButton submitting={formState.isSubmitting}>{t('dashboard.giftCards.issue')}</SubmitButton>
        <Button variant="secondary" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </Button>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}

function CardDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({ queryKey: [...cardsKey, id], queryFn: ({ signal }) => http<GiftCardDetail>('GET', `${URL}/${id}`, { signal }) });
  const toggle = useMutation({
    mutationFn: (disabled: boolean) => http<GiftCardDetail>('PUT', `${URL}/${id}`, { body: { disabled } }),
    onSuccess: async () => {
      setConfirming(false);
      await client.invalidateQueries({ queryKey: cardsKey });
    },
  });
  const formatPrice = useFormatPrice();
  const euro = (value: string) => formatPrice(Number(value));
  if (query.isPending) return <Spinner label={t('common.loading')} />;
  if (query.isError) return <DashboardError error={query.error} onRetry={() => void query.refetch()} />;
  const card = query.data;
  return (
    <section className="admin__section" aria-labelledby="gift-card-detail">
      <h2 id="gift-card-detail">
        <code data-testid="gift-card-code">{card.code}</code>
      </h2>
      <p>
        {t('dashboard.giftCards.balanceOf', { balance: euro(card.balance), initial: euro(card.initialAmount) })}
        {card.expiresAt ? ` · ${t('dashboard.giftCards.expires', { date: intl.formatDate(new Date(card.expiresAt), { dateStyle: 'medium' }) })}` : ''}
      </p>
      <table className="admin__table">
        <caption>{t('dashboard.giftCards.movements')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.giftCards.when')}</th>
            <th scope="col">{t('dashboard.giftCards.kind')}</th>
            <th scope="col">{t('dashboard.giftCards.amount')}</th>
            <th scope="col">{t('dashboard.giftCards.balance')}</th>
            <th scope="col">{t('dashboard.giftCards.order')}</th>
          </tr>
        </thead>
        <tbody>
          {card.movements.map((m) => (
            <tr key={m.id} data-testid="gift-card-movement">
              <td>{intl.formatDate(new Date(m.createdAt), { dateStyle: 'short', timeStyle: 'short' })}</td>
              <td>{t(`dashboard.giftCards.kind.${m.kind}`)}</td>
              <td>{euro(m.amount)}</td>
              <td>{euro(m.balanceAfter)}</td>
              <td>{m.orderId ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="admin__buttons">
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          {card.disabled ? t('dashboard.giftCards.enable') : t('dashboard.giftCards.disable')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('dashboard.giftCards.close')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={card.disabled ? t('dashboard.giftCards.enableTitle') : t('dashboard.giftCards.disableTitle')}
        confirmLabel={card.disabled ? t('dashboard.giftCards.enable') : t('dashboard.giftCards.disable')}
        busy={toggle.isPending}
        onConfirm={() => toggle.mutate(!card.disabled)}
        onClose={() => setConfirming(false)}
      >
        <p>{card.code}</p>
        {toggle.isError ? (
          <Notice tone="error" role="alert">
            {t('dashboard.giftCards.actionFailed')}
          </Notice>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

/**
 * /dashboard/gift-cards (settings.manage): gift cards issued by staff or bought in the shop, with balance
 * and movements; issue a new card (its code shown once here in full), disable a lost one.
 */
export default function GiftCardsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [search, setSearch] = useState('');
  const [issuing, setIssuing] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [issued, setIssued] = useState<GiftCard | null>(null);
  const query = useQuery({
    queryKey: [...cardsKey, 'list', search.trim()],
    queryFn: ({ signal }) => http<GiftCardList>('GET', `${URL}?${new URLSearchParams(search.trim() ? { search: search.trim() } : {})}`, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
  const formatPrice = useFormatPrice();
  const euro = (value: string) => formatPrice(Number(value));
  return (
    <RecordListFrame
      permission={PERMISSION.settingsManage}
      title={t('dashboard.giftCards.title')}
      newLabel={t('dashboard.giftCards.new')}
      onNew={!issuing ? () => (setIssued(null), setIssuing(true)) : undefined}
      lead={t('dashboard.giftCards.lead')}
      notice={
        issued ? (
          <>
            {t('dashboard.giftCards.issued', { amount: euro(issued.initialAmount) })} <code data-testid="issued-code">{issued.code}</code>
          </>
        ) : null
      }
    >
      {issuing ? (
        <section className="admin__section">
          <IssueEditor
            onDone={(card) => {
              setIssuing(false);
              if (card) setIssued(card);
            }}
          />
        </section>
      ) : null}
      {open !== null ? <CardDetail id={open} onClose={() => setOpen(null)} /> : null}
      <section className="admin__section">
        <Field type="search" label={t('dashboard.giftCards.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
        {query.isPending ? (
          <Spinner size="lg" label={t('common.loading')} />
        ) : query.isError ? (
          <DashboardError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.cards.length === 0 ? (
          <EmptyState title={t(search.trim() ? 'dashboard.giftCards.noMatch' : 'dashboard.giftCards.empty')}>{t('dashboard.giftCards.emptyBody')}</EmptyState>
        ) : (
          <ul className="coupons-list" aria-label={t('dashboard.giftCards.listLabel')}>
            {query.data.cards.map((card) => (
              <li key={card.id} className="coupons-list__item" data-testid="gift-card-row" data-state={card.disabled ? 'ended' : 'active'}>
                <div className="coupons-list__main">
                  <p className="coupons-list__code">
                    <code>{card.code}</code> · {euro(card.balance)} / {euro(card.initialAmount)}
                  </p>
                  <p className="admin__muted">
                    {[card.recipientName, card.recipientEmail].filter(Boolean).join(' · ')}
                    {card.orderId ? ` · ${t('dashboard.giftCards.fromOrder', { order: String(card.orderId) })}` : ''}
                  </p>
                </div>
                <div className="coupons-list__badges">
                  {card.disabled ? <Badge variant="neutral">{t('dashboard.giftCards.disabled')}</Badge> : null}
                  {Number(card.balance) === 0 ? <Badge variant="neutral">{t('dashboard.giftCards.spent')}</Badge> : null}
                </div>
                <div className="admin__buttons coupons-list__actions">
                  <Button size="sm" variant="secondary" onClick={() => setOpen(card.id)} aria-label={t('dashboard.giftCards.openFor', { code: card.code })}>
                    {t('dashboard.giftCards.open')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </RecordListFrame>
  );
}
