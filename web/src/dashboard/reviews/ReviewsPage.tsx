import type { ReviewForModeration, ReviewModerationInput, ReviewModerationPage, ReviewModerationStatus, ReviewSettingsForm } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { http, retryServerErrors } from '../../api/http';
import { SubmitButton } from '../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { useErrorText, useZodForm } from '../../forms/useZodForm';
import { Badge, Button, EmptyState, Notice, Spinner, Stars, useToast } from '../../ui';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { DashboardFrame } from '../admin/DashboardFrame';
import { formatMoment } from '../admin/format';
import { PERMISSION } from '../admin/permissions';
import { DashboardError, StaffGate } from '../admin/StaffGate';
import './reviews.css';

const REVIEWS_URL = '/api/dashboard/reviews';
const SETTINGS_URL = '/api/dashboard/review-settings';
const reviewsKey = ['dashboard', 'reviews'] as const;
const TABS: { status: ReviewModerationStatus; label: string }[] = [
  { status: 'hold', label: 'dashboard.reviews.tab.hold' },
  { status: 'approved', label: 'dashboard.reviews.tab.approved' },
  { status: 'spam', label: 'dashboard.reviews.tab.spam' },
];
const PER_PAGE = 20;

const replySchema = z.object({ reply: z.string().trim().max(2000, 'dashboard.reviews.replyTooLong') });

/** /dashboard/reviews (reviews.manage): pending, approved and spam reviews; approve, spam, reply, delete. */
export default function ReviewsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [params, setParams] = useSearchParams();
  const status = (TABS.find((tab) => tab.status === params.get('status'))?.status ?? 'hold') as ReviewModerationStatus;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({
    queryKey: [...reviewsKey, status, page],
    queryFn: ({ signal }) => http<ReviewModerationPage>('GET', `${REVIEWS_URL}?status=${status}&page=${page}`, { signal }),
    retry: retryServerErrors,
    placeholderData: (previous) => previous,
  });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PER_PAGE));

  return (
    <StaffGate permission={PERMISSION.reviewsManage}>
      <DashboardFrame title={t('dashboard.reviews.title')}>
        <p className="admin__lead">{t('dashboard.reviews.lead')}</p>
        <PublishSetting />
        <div role="tablist" aria-label={t('dashboard.reviews.tabsLabel')} className="reviews-admin__tabs">
          {TABS.map((tab) => (
            <button
              key={tab.status}
              type="button"
              role="tab"
              aria-selected={tab.status === status}
              className="reviews-admin__tab"
              onClick={() => setParams({ status: tab.status })}
            >
              {t(tab.label)} {query.data ? <span className="reviews-admin__count">{query.data.counts[tab.status]}</span> : null}
            </button>
          ))}
        </div>
        <section className="admin__section" role="tabpanel" aria-live="polite" aria-busy={query.isFetching}>
          {query.isPending ? (
            <Spinner size="lg" label={t('common.loading')} />
          ) : query.isError ? (
            <DashboardError error={query.error} onRetry={() => void query.refetch()} />
          ) : query.data.reviews.length === 0 ? (
            <EmptyState title={t(`dashboard.reviews.empty.${status}`)} />
          ) : (
            <>
              <ul className="reviews-admin__list">
                {query.data.reviews.map((review) => (
                  <ReviewItem key={review.id} review={review} />
                ))}
              </ul>
              {pages > 1 ? (
                <nav className="reviews-admin__pager" aria-label={t('dashboard.reviews.pages')}>
                  <Button variant="secondary" disabled={page <= 1} onClick={() => setParams({ status, page: String(page - 1) })}>
                    {t('dashboard.reviews.previous')}
                  </Button>
                  <span>{intl.formatMessage({ id: 'dashboard.reviews.pageOf' }, { page, pages })}</span>
                  <Button variant="secondary" disabled={page >= pages} onClick={() => setParams({ status, page: String(page + 1) })}>
                    {t('dashboard.reviews.next')}
                  </Button>
                </nav>
              ) : null}
            </>
          )}
        </section>
      </DashboardFrame>
    </StaffGate>
  );
}

function PublishSetting() {
  const intl = useIntl();
  const client = useQueryClient();
  const toast = useToast();
  const settings = useQuery({
    queryKey: [...reviewsKey, 'settings'],
    queryFn: ({ signal }) => http<ReviewSettingsForm>('GET', SETTINGS_URL, { signal }),
    retry: retryServerErrors,
  });
  const save = useMutation({
    mutationFn: (body: ReviewSettingsForm) => http<ReviewSettingsForm>('PUT', SETTINGS_URL, { body }),
    onSuccess: (saved) => {
      client.setQueryData([...reviewsKey, 'settings'], saved);
      toast(intl.formatMessage({ id: 'dashboard.reviews.settingSaved' }));
    },
  });
  if (!settings.data) return null;
  return (
    <div className="reviews-admin__setting">
      <Field
        as="checkbox"
        label={intl.formatMessage({ id: 'dashboard.reviews.publishVerified' })}
        hint={intl.formatMessage({ id: 'dashboard.reviews.publishVerifiedHint' })}
        checked={settings.data.publishVerifiedAtOnce}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ publishVerifiedAtOnce: event.target.checked })}
      />
      {save.isError ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({ id: 'dashboard.reviews.actionFailed' })}
        </Notice>
      ) : null}
    </div>
  );
}

function ReviewItem({ review }: { review: ReviewForModeration }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const toast = useToast();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [replying, setReplying] = useState(false);
  const done = async (message: string) => {
    toast(t(message));
    await client.invalidateQueries({ queryKey: reviewsKey });
  };
  const change = useMutation({
    mutationFn: (body: ReviewModerationInput) => http<ReviewForModeration>('PUT', `${REVIEWS_URL}/${review.id}`, { body }),
  });
  const remove = useMutation({ mutationFn: () => http<ReviewForModeration>('DELETE', `${REVIEWS_URL}/${review.id}`) });
  const setStatus = (status: ReviewModerationStatus, message: string) => change.mutate({ status }, { onSuccess: () => void done(message) });
  const headingId = `review-${review.id}`;

  return (
    <li className="reviews-admin__item" aria-labelledby={headingId} data-testid="review-row">
      <div className="reviews-admin__head">
        <h2 id={headingId} className="reviews-admin__product">
          <Link to={`/product/${review.productSlug}`}>{review.productName}</Link>
        </h2>
        <Stars rating={review.rating} size="sm" />
      </div>
      <p className="admin__muted">
        {review.author} · {review.authorEmail} · {formatMoment(intl, review.createdAt)}{' '}
        {review.verified ? <Badge variant="new">{t('dashboard.reviews.verified')}</Badge> : null}
      </p>
      <p className="reviews-admin__content">{review.content}</p>
      {review.reply && !replying ? (
        <blockquote className="reviews-admin__reply">
          <strong>{t('dashboard.reviews.yourReply')}</strong> {review.reply}
        </blockquote>
      ) : null}
      {replying ? (
        <ReplyForm
          review={review}
          onDone={() => {
            setReplying(false);
            void done('dashboard.reviews.replySaved');
          }}
          onCancel={() => setReplying(false)}
        />
      ) : (
        <div className="reviews-admin__actions">
          {review.status !== 'approved' ? (
            <Button size="sm" busy={change.isPending} onClick={() => setStatus('approved', 'dashboard.reviews.approved')}>
              {t('dashboard.reviews.approve')}
            </Button>
          ) : (
            <Button size="sm" variant="secondary" busy={change.isPending} onClick={() => setStatus('hold', 'dashboard.reviews.unpublished')}>
              {t('dashboard.reviews.unpublish')}
            </Button>
          )}
          {review.status !== 'spam' ? (
            <Button size="sm" variant="secondary" busy={change.isPending} onClick={() => setStatus('spam', 'dashboard.reviews.markedSpam')}>
              {t('dashboard.reviews.spam')}
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" onClick={() => setReplying(true)}>
            {review.reply ? t('dashboard.reviews.editReply') : t('dashboard.reviews.reply')}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirmDelete(true)}>
            {t('dashboard.reviews.delete')}
          </Button>
        </div>
      )}
      {change.isError || remove.isError ? (
        <Notice tone="error" role="alert">
          {t('dashboard.reviews.actionFailed')}
        </Notice>
      ) : null}
      <ConfirmDialog
        open={confirmDelete}
        title={t('dashboard.reviews.deleteTitle')}
        confirmLabel={t('dashboard.reviews.delete')}
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirmDelete(false);
              void done('dashboard.reviews.deleted');
            },
            onError: () => setConfirmDelete(false),
          })
        }
      >
        <p>{intl.formatMessage({ id: 'dashboard.reviews.deleteBody' }, { author: review.author })}</p>
      </ConfirmDialog>
    </li>
  );
}

function ReplyForm({ review, onDone, onCancel }: { review: ReviewForModeration; onDone: () => void; onCancel: () => void }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const { register, handleSubmit, formState } = useZodForm(replySchema, { defaultValues: { reply: review.reply } });
  const [confirmCancel, setConfirmCancel] = useState(false);
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitSuccessful);
  const save = useMutation({ mutationFn: (body: ReviewModerationInput) => http<ReviewForModeration>('PUT', `${REVIEWS_URL}/${review.id}`, { body }) });
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync({ reply: values.reply }).then(onDone, () => undefined);
  });
  return (
    <form className="reviews-admin__reply-form" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        as="textarea"
        rows={3}
        label={intl.formatMessage({ id: 'dashboard.reviews.replyLabel' })}
        hint={intl.formatMessage({ id: 'dashboard.reviews.replyHint' })}
        maxLength={2000}
        {...register('reply')}
        error={errorText(formState.errors.reply)}
      />
      {save.isError ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({ id: 'dashboard.reviews.actionFailed' })}
        </Notice>
      ) : null}
      <div className="reviews-admin__actions">
        <SubmitButton submitting={formState.isSubmitting} size="sm">
          {intl.formatMessage({ id: 'dashboard.reviews.saveReply' })}
        </SubmitButton>
        <Button size="sm" variant="secondary" onClick={() => (formState.isDirty ? setConfirmCancel(true) : onCancel())}>
          {intl.formatMessage({ id: 'common.cancel' })}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmCancel}
        title={intl.formatMessage({ id: 'form.leaveTitle' })}
        confirmLabel={intl.formatMessage({ id: 'form.leaveConfirm' })}
        onClose={() => setConfirmCancel(false)}
        onConfirm={onCancel}
      >
        <p>{intl.formatMessage({ id: 'form.leaveBody' })}</p>
      </ConfirmDialog>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}
