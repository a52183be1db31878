import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import type { ShopImportView } from '@bakje/contract';
import { http, HttpError, retryServerErrors } from '../../../api/http';
import { SubmitButton } from '../../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../../forms/UnsavedChangesGuard';
import { useErrorText, useZodForm } from '../../../forms/useZodForm';
import { Button, DataTable, Notice, type Column } from '../../../ui';
import { Field } from '../../../ui/Field';
import { DashboardError } from '../../admin/StaffGate';

const SHOP_IMPORT_URL = '/api/admin/menu/shop-import';
/** The import under way, so coming back to the page (or reloading it) shows its progress again. */
// Colons, not dots: a dotted string reads as a message id to the messages test.
const STORAGE_KEY = 'bakje:dashboard:shop-import';

const schema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'form.required')
    .max(500, 'dashboard.menuTransfer.shop.error.url')
    .refine((url) => /^https?:\/\/[^\s/]+\S*$/i.test(url), 'dashboard.menuTransfer.shop.error.url'),
  consumerKey: z.string().trim().min(1, 'form.required').max(200, 'dashboard.menuTransfer.shop.error.key'),
  consumerSecret: z.string().trim().min(1, 'form.required').max(200, 'dashboard.menuTransfer.shop.error.key'),
});
type FormValues = z.input<typeof schema>;
const EMPTY: FormValues = { url: '', consumerKey: '', consumerSecret: '' };

function storedId(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeId(id: string | null) {
  try {
    if (id) window.localStorage.setItem(STORAGE_KEY, id);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode: the progress shows only on this visit.
  }
}

const finished = (view: ShopImportView | undefined) => view?.status === 'done' || view?.status === 'failed';

function ShopImportProgress({ id, onAgain, onForget }: { id: string; onAgain: (url: string) => void; onForget: () => void }) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const view = useQuery({
    queryKey: ['dashboard', 'shop-import', id],
    queryFn: ({ signal }) => http<ShopImportView>('GET', `${SHOP_IMPORT_URL}/${id}`, { signal }),
    refetchInterval: (query) => (finished(query.state.data) ? false : 1000),
    retry: retryServerErrors,
  });
  const unknown = view.error instanceof HttpError && view.error.status === 404;
  useEffect(() => {
    // An import of an earlier visit that this shop no longer knows: back to the form.
    if (unknown) onForget();
  }, [unknown, onForget]);
  if (view.isError) {
    if (unknown) return null;
    return <DashboardError error={view.error} onRetry={() => void view.refetch()} />;
  }
  const data = view.data;
  if (!data) return <p role="status">{t('dashboard.menuTransfer.shop.loading')}</p>;
  const c = data.counts;
  const counts = t('dashboard.menuTransfer.shop.counts', {
    categories: c.categories ?? 0,
    addons: c.addons ?? 0,
    products: c.products ?? 0,
    variations: c.variations ?? 0,
    timeSlots: c.timeSlots ?? 0,
    images: c.images ?? 0,
  });
  const imageColumns: Column<NonNullable<ShopImportView['counts']['imageProblems']>[number]>[] = [
    { id: 'item', header: t('dashboard.menuTransfer.shop.item'), rowHeader: true, cell: (p) => p.item },
    { id: 'src', header: t('dashboard.menuTransfer.shop.address'), cell: (p) => <span className="admin__break">{p.src}</span> },
    { id: 'message', header: t('dashboard.menuTransfer.message'), cell: (p) => p.message },
  ];
  const details = (
    <>
      {(c.imageProblems?.length ?? 0) > 0 ? (
        <>
          <Notice tone="warning">{t('dashboard.menuTransfer.shop.imageProblems', { count: c.imageFailures ?? c.imageProblems!.length })}</Notice>
          <DataTable
            label={t('dashboard.menuTransfer.shop.imageProblemsTable')}
            columns={imageColumns}
            rows={c.imageProblems!}
            rowKey={(p) => `${p.item}-${p.src}`}
            empty=""
          />
        </>
      ) : null}
      {(c.skipped ?? 0) > 0 || (c.reasons?.length ?? 0) > 0 ? (
        <>
          <Notice tone="warning">{t('dashboard.menuTransfer.shop.skipped', { count: c.skipped ?? 0 })}</Notice>
          <ul>
            {(c.reasons ?? []).map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );

  if (data.status === 'queued' || data.status === 'running') {
    return (
      <div aria-live="polite" className="admin__section">
        <h3>{t('dashboard.menuTransfer.shop.runningTitle', { url: data.sourceUrl })}</h3>
        <progress
          max={Math.max(c.productsTotal ?? 0, 1)}
          value={c.productsTotal ? (c.products ?? 0) + (c.skipped ?? 0) : undefined}
          aria-label={t('dashboard.menuTransfer.shop.progress')}
        />
        <p className="admin__muted">
          {c.productsTotal
            ? t('dashboard.menuTransfer.shop.productsOf', { done: (c.products ?? 0) + (c.skipped ?? 0), total: c.productsTotal })
            : t('dashboard.menuTransfer.shop.starting')}{' '}
          {counts}
        </p>
        {data.error ? (
          <Notice tone="warning" role="status">
            {t('dashboard.menuTransfer.shop.retrying', { error: data.error })}
          </Notice>
        ) : null}
      </div>
    );
  }
  if (data.status === 'done') {
    return (
      <div className="admin__section">
        <Notice tone="success" role="status">
          {t('dashboard.menuTransfer.shop.done', { url: data.sourceUrl })} {counts}
        </Notice>
        {details}
        <div className="admin__buttons">
          <Button variant="secondary" onClick={onForget}>
            {t('dashboard.menuTransfer.shop.close')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="admin__section">
      <Notice tone="error" role="alert">
        {t('dashboard.menuTransfer.shop.failed', { error: data.error ?? '' })} {counts}
      </Notice>
      {details}
      <div className="admin__buttons">
        <Button onClick={() => onAgain(data.sourceUrl)}>{t('dashboard.menuTransfer.shop.resume')}</Button>
        <Button variant="secondary" onClick={onForget}>
          {t('dashboard.menuTransfer.shop.close')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Import from a running WooCommerce shop or another Bakje (POST /api/admin/menu/shop-import): its address and a
 * read key. One job does it and keeps going where it stopped when the shop was away; started again after a
 * failure, it goes on too (what came in before is linked, so nothing is made twice).
 */
export function ShopImportSection() {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const errorText = useErrorText();
  const [currentId, setCurrentId] = useState<string | null>(storedId);
  const form = useZodForm(schema, { defaultValues: EMPTY });
  const { register, handleSubmit, formState, reset, setError, setFocus } = form;
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const start = useMutation({
    mutationFn: (values: z.output<typeof schema>) =>
      http<ShopImportView>('POST', SHOP_IMPORT_URL, {
        body: { url: values.url, consumer_key: values.consumerKey, consumer_secret: values.consumerSecret },
      }),
  });
  const follow = useCallback((id: string | null) => {
    storeId(id);
    setCurrentId(id);
  }, []);
  const forget = useCallback(() => follow(null), [follow]);

  const submit = handleSubmit(async (values) => {
    try {
      const view = await start.mutateAsync(values);
      // The key is not kept in the page once the import has it.
      reset(EMPTY);
      follow(view.id);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'INVALID_INPUT' && error.fields.some((f) => f.field === 'url'))
        setError('url', { type: 'server', message: 'dashboard.menuTransfer.shop.error.url' }, { shouldFocus: true });
    }
  });
  const field = (name: keyof FormValues) => ({ ...register(name), id: `shop-import-${name}`, error: errorText(formState.errors[name]) });

  return (
    <section aria-labelledby="shop-import-title" className="admin__section">
      <h2 id="shop-import-title">{t('dashboard.menuTransfer.shop.title')}</h2>
      <p className="admin__lead">{t('dashboard.menuTransfer.shop.lead')}</p>
      {currentId ? (
        <ShopImportProgress
          id={currentId}
          onForget={forget}
          onAgain={(url) => {
            follow(null);
            reset({ ...EMPTY, url });
            // The key is asked again: the shop forgets it once an import ends.
            setTimeout(() => setFocus('consumerKey'), 0);
          }}
        />
      ) : (
        <form className="account-form admin__form admin__form--wide" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="shop-import-title">
          <Field
            label={t('dashboard.menuTransfer.shop.url')}
            hint={t('dashboard.menuTransfer.shop.urlHint')}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            {...field('url')}
          />
          <Field label={t('dashboard.menuTransfer.shop.key')} autoComplete="off" spellCheck={false} required {...field('consumerKey')} />
          <Field
            label={t('dashboard.menuTransfer.shop.secret')}
            hint={t('dashboard.menuTransfer.shop.keyHint')}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            required
            {...field('consumerSecret')}
          />
          {start.error && !(start.error instanceof HttpError && start.error.code === 'INVALID_INPUT') ? (
            <Notice tone="error" role="alert">
              {t('dashboard.menuTransfer.shop.startFailed')}
            </Notice>
          ) : null}
          {Object.keys(formState.errors).length > 0 ? (
            <Notice tone="error" role="alert">
              {t('dashboard.menuTransfer.shop.invalid')}
            </Notice>
          ) : null}
          <div className="admin__buttons">
            <SubmitButton submitting={formState.isSubmitting}>{t('dashboard.menuTransfer.shop.start')}</SubmitButton>
          </div>
          <UnsavedChangesDialog blocker={blocker} body={t('dashboard.menuTransfer.shop.leaveBody')} />
        </form>
      )}
    </section>
  );
}
