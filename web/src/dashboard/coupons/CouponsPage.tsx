import type { CouponChannel, WcCoupon } from '@bakje/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { http, HttpError, httpWithHeaders, retryServerErrors } from '../../api/http';
import { SubmitButton } from '../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, errorAt, useErrorText, useZodForm } from '../../forms/useZodForm';
import { Badge, Button, ConfirmDialog, EmptyState, Notice, Spinner, useFormatPrice } from '../../ui';
import { Field } from '../../ui/Field';
import { RecordListFrame } from '../admin/RecordListFrame';
import { PERMISSION } from '../admin/permissions';
import { DashboardError } from '../admin/StaffGate';
import { listCategories, listProducts } from '../catalog/products/api';
import './coupons-page.css';

/** The store REST API's coupons (WooCommerce's shape; docs/decisions/0045-coupons-gift-cards.md), with the staff cookie. */
const URL = '/wp-json/wc/v3/coupons';
const couponsKey = ['dashboard', 'coupons'] as const;
const couponChannels = ['web', 'kiosk'] as const satisfies readonly CouponChannel[];
const couponFulfilmentTypes = ['delivery', 'takeaway', 'dinein'] as const satisfies readonly WcCoupon['fulfilment_types'][number][];

const money = z
  .string()
  .trim()
  .regex(/^(\d{1,6}([.,]\d{1,2})?)?$/, 'dashboard.coupons.error.money');
const count = z
  .string()
  .trim()
  .regex(/^\d{0,6}$/, 'dashboard.coupons.error.count');
const day = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'dashboard.coupons.error.date');

const couponForm = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,40}$/, 'dashboard.coupons.error.code'),
    description: z.string().trim().max(2000),
    discount_type: z.enum(['percent', 'fixed_cart', 'fixed_product']),
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,6}([.,]\d{1,2})?$/, 'dashboard.coupons.error.amount'),
    minimum_amount: money,
    maximum_amount: money,
    starts: day,
    expires: day,
    usage_limit: count,
    usage_limit_per_user: count,
    free_shipping: z.boolean(),
    individual_use: z.boolean(),
    channels: z.array(z.enum(couponChannels)),
    fulfilment_types: z.array(z.enum(couponFulfilmentTypes)),
    product_ids: z.array(z.string()),
    excluded_product_ids: z.array(z.string()),
    product_categories: z.array(z.string()),
    excluded_product_categories: z.array(z.string()),
  })
  .refine((c) => c.discount_type !== 'percent' || Number(c.amount.replace(',', '.')) <= 100, { path: ['amount'], message: 'dashboard.coupons.error.percent' })
  .refine((c) => Number(c.amount.replace(',', '.')) > 0, { path: ['amount'], message: 'dashboard.coupons.error.amount' })
  .refine((c) => !c.starts || !c.expires || c.expires >= c.starts, { path: ['expires'], message: 'dashboard.coupons.error.endBeforeStart' });
type CouponForm = z.input<typeof couponForm>;

const blank: CouponForm = {
  code: '',
  description: '',
  discount_type: 'percent',
  amount: '',
  minimum_amount: '',
  maximum_amount: '',
  starts: '',
  expires: '',
  usage_limit: '',
  usage_limit_per_user: '',
  free_shipping: false,
  individual_use: false,
  channels: [],
  fulfilment_types: [],
  product_ids: [],
  excluded_product_ids: [],
  product_categories: [],
  excluded_product_categories: [],
};

const spend = (value: string) => (Number(value) > 0 ? value : '');
const ids = (values: number[]) => values.map(String);

const formOf = (c: WcCoupon): CouponForm => ({
  code: c.code,
  description: c.description,
  discount_type: c.discount_type,
  amount: c.discount_type === 'percent' ? String(Number(c.amount)) : c.amount,
  minimum_amount: spend(c.minimum_amount),
  maximum_amount: spend(c.maximum_amount),
  starts: c.date_starts?.slice(0, 10) ?? '',
  expires: c.date_expires?.slice(0, 10) ?? '',
  usage_limit: c.usage_limit === null ? '' : String(c.usage_limit),
  usage_limit_per_user: c.usage_limit_per_user === null ? '' : String(c.usage_limit_per_user),
  free_shipping: c.free_shipping,
  individual_use: c.individual_use,
  channels: [...c.channels],
  fulfilment_types: [...c.fulfilment_types],
  product_ids: ids(c.product_ids),
  excluded_product_ids: ids(c.excluded_product_ids),
  product_categories: ids(c.product_categories),
  excluded_product_categories: ids(c.excluded_product_categories),
});

/** The form as the REST body: dates are whole days in shop time (from the start of the first to the end of the last). */
const bodyOf = (f: z.output<typeof couponForm>) => ({
  code: f.code,
  description: f.description,
  discount_type: f.discount_type,
  amount: f.amount.replace(',', '.'),
  minimum_amount: f.minimum_amount.replace(',', '.'),
  maximum_amount: f.maximum_amount.replace(',', '.'),
  date_starts: f.starts ? `${f.starts}T00:00:00` : null,
  date_expires: f.expires ? `${f.expires}T23:59:59` : null,
  usage_limit: f.usage_limit === '' ? null : Number(f.usage_limit),
  usage_limit_per_user: f.usage_limit_per_user === '' ? null : Number(f.usage_limit_per_user),
  free_shipping: f.free_shipping,
  individual_use: f.individual_use,
  channels: f.channels,
  fulfilment_types: f.fulfilment_types,
  product_ids: f.product_ids.map(Number),
  excluded_product_ids: f.excluded_product_ids.map(Number),
  product_categories: f.product_categories.map(Number),
  excluded_product_categories: f.excluded_product_categories.map(Number),
});

/** Server field names are the form's, but for the dates. */
const formFieldOf = (field: string): keyof CouponForm | undefined => {
  if (field === 'date_expires' || field === 'date_expires_gmt') return 'expires';
  if (field === 'date_starts' || field === 'date_starts_gmt') return 'starts';
  return field in blank ? (field as keyof CouponForm) : undefined;
};

type CouponState = 'active' | 'scheduled' | 'ended' | 'used_up';
function stateOf(c: WcCoupon, now: Date): CouponState {
  if (c.usage_limit !== null && c.usage_count >= c.usage_limit) return 'used_up';
  if (c.date_expires && new Date(`${c.date_expires}`).getTime() <= now.getTime()) return 'ended';
  if (c.date_starts && new Date(`${c.date_starts}`).getTime() > now.getTime()) return 'scheduled';
  return 'active';
}
const STATE_BADGE: Record<CouponState, 'new' | 'info' | 'neutral'> = { active: 'new', scheduled: 'info', ended: 'neutral', used_up: 'neutral' };

function CouponEditor({ coupon, onDone }: { coupon: WcCoupon | null; onDone: (saved: WcCoupon | null) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const errorText = useErrorText();
  const client = useQueryClient();
  const { register, handleSubmit, formState, setError, reset, watch } = useZodForm(couponForm, { defaultValues: coupon ? formOf(coupon) : blank });
  const type = watch('discount_type');
  const products = useQuery({ queryKey: ['dashboard', 'coupons', 'products'], queryFn: ({ signal }) => listProducts({ page: 1, perPage: 100 }, signal) });
  const categories = useQuery({ queryKey: ['dashboard', 'coupons', 'categories'], queryFn: ({ signal }) => listCategories(signal) });
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof bodyOf>) => (coupon ? http<WcCoupon>('PUT', `${URL}/${coupon.id}`, { body }) : http<WcCoupon>('POST', URL, { body })),
  });
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(bodyOf(values));
      reset(formOf(saved));
      await client.invalidateQueries({ queryKey: couponsKey });
      onDone(saved);
    } catch (error) {
      if (error instanceof HttpError) applyServerFieldErrors(setError, error.fields, formFieldOf, (_f, problem) => problem.message);
    }
  });
  const headingId = coupon ? `coupon-edit-${coupon.id}` : 'coupon-new';
  const productOptions = products.data?.products ?? [];
  const categoryOptions = categories.data ?? [];
  return (
    <form className="account-form admin__form admin__form--wide coupon-editor" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>{coupon ? t('dashboard.coupons.editTitle', { code: coupon.code }) : t('dashboard.coupons.newTitle')}</h2>
      <div className="admin__row">
        <Field
          label={t('dashboard.coupons.code')}
          hint={t('dashboard.coupons.codeHint')}
          required
          autoComplete="off"
          {...register('code')}
          error={errorText(errorAt(formState.errors, 'code'))}
        />
        <Field as="select" label={t('dashboard.coupons.type')} {...register('discount_type')}>
          <option value="percent">{t('dashboard.coupons.type.percent')}</option>
          <option value="fixed_cart">{t('dashboard.coupons.type.fixed_cart')}</option>
          <option value="fixed_product">{t('dashboard.coupons.type.fixed_product')}</option>
        </Field>
        <Field
          label={type === 'percent' ? t('dashboard.coupons.amountPercent') : t('dashboard.coupons.amountEuro')}
          inputMode="decimal"
          required
          {...register('amount')}
          error={errorText(errorAt(formState.errors, 'amount'))}
        />
      </div>
      <Field as="textarea" rows={2} label={t('dashboard.coupons.description')} {...register('description')} />
      <div className="admin__row">
        <Field type="date" label={t('dashboard.coupons.starts')} {...register('starts')} error={errorText(errorAt(formState.errors, 'starts'))} />
        <Field type="date" label={t('dashboard.coupons.expires')} {...register('expires')} error={errorText(errorAt(formState.errors, 'expires'))} />
      </div>
      <div className="admin__row">
        <Field
          label={t('dashboard.coupons.minimum')}
          inputMode="decimal"
          {...register('minimum_amount')}
          error={errorText(errorAt(formState.errors, 'minimum_amount'))}
        />
        <Field
          label={t('dashboard.coupons.maximum')}
          inputMode="decimal"
          {...register('maximum_amount')}
          error={errorText(errorAt(formState.errors, 'maximum_amount'))}
        />
      </div>
      <div className="admin__row">
        <Field
          label={t('dashboard.coupons.usageLimit')}
          inputMode="numeric"
          hint={t('dashboard.coupons.emptyIsUnlimited')}
          {...register('usage_limit')}
          error={errorText(errorAt(formState.errors, 'usage_limit'))}
        />
        <Field
          label={t('dashboard.coupons.usageLimitPerUser')}
          inputMode="numeric"
          hint={t('dashboard.coupons.emptyIsUnlimited')}
          {...register('usage_limit_per_user')}
          error={errorText(errorAt(formState.errors, 'usage_limit_per_user'))}
        />
      </div>
      <fieldset className="admin__fieldset">
        <legend>{t('dashboard.coupons.channels')}</legend>
        <p className="admin__muted">{t('dashboard.coupons.noneIsAll')}</p>
        {couponChannels.map((channel) => (
          <Field key={channel} as="checkbox" label={t(`dashboard.coupons.channel.${channel}`)} value={channel} {...register('channels')} />
        ))}
      </fieldset>
      <fieldset className="admin__fieldset">
        <legend>{t('dashboard.coupons.fulfilment')}</legend>
        <p className="admin__muted">{t('dashboard.coupons.noneIsAll')}</p>
        {couponFulfilmentTypes.map((type) => (
          <Field key={type} as="checkbox" label={t(`dashboard.coupons.fulfilment.${type}`)} value={type} {...register('fulfilment_types')} />
        ))}
      </fieldset>
      <fieldset className="admin__fieldset">
        <legend>{t('dashboard.coupons.options')}</legend>
        <Field as="checkbox" label={t('dashboard.coupons.freeShipping')} {...register('free_shipping')} />
        <Field as="checkbox" label={t('dashboard.coupons.individualUse')} {...register('individual_use')} />
      </fieldset>
      <details className="coupon-editor__limits">
        <summary>{t('dashboard.coupons.productLimits')}</summary>
        {products.isPending || categories.isPending ? <Spinner label={t('common.loading')} /> : null}
        <div className="admin__row">
          <Field as="select" multiple size={6} label={t('dashboard.coupons.products')} {...register('product_ids')}>
            {productOptions.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </Field>
          <Field as="select" multiple size={6} label={t('dashboard.coupons.excludedProducts')} {...register('excluded_product_ids')}>
            {productOptions.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
          </Field>
        </div>
        <div className="admin__row">
          <Field as="select" multiple size={6} label={t('dashboard.coupons.categories')} {...register('product_categories')}>
            {categoryOptions.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </Field>
          <Field as="select" multiple size={6} label={t('dashboard.coupons.excludedCategories')} {...register('excluded_product_categories')}>
            {categoryOptions.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </Field>
        </div>
      </details>
      {save.error && !(save.error instanceof HttpError && save.error.fields.length > 0) ? (
        <Notice tone="error" role="alert">
          {save.error instanceof HttpError && save.error.code === 'woocommerce_rest_coupon_code_already_exists'
            ? save.error.message
            : t('dashboard.coupons.saveFailed')}
        </Notice>
      ) : null}
      <div className="admin__buttons">
        <SubmitButton submitting={formState.isSubmitting}>{t('dashboard.coupons.save')}</SubmitButton>
        <Button variant="secondary" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </Button>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}

/**
 * /dashboard/coupons (settings.manage): the shop's coupons with their use, searchable; create, change, end
 * (it stays listed) or delete, each with the WooCommerce fields and Bakje's channels and fulfilment types.
 */
export default function CouponsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<WcCoupon | 'new' | null>(null);
  const [confirm, setConfirm] = useState<{ coupon: WcCoupon; action: 'end' | 'delete' } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...couponsKey, search.trim()],
    queryFn: async ({ signal }) => {
      const q = new URLSearchParams({ per_page: '100', orderby: 'date', order: 'desc', ...(search.trim() ? { search: search.trim() } : {}) });
      return (await httpWithHeaders<WcCoupon[]>('GET', `${URL}?${q}`, { signal })).data;
    },
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
  const act = useMutation({
    mutationFn: ({ coupon, action }: { coupon: WcCoupon; action: 'end' | 'delete' }) =>
      action === 'delete'
        ? http<WcCoupon>('DELETE', `${URL}/${coupon.id}?force=true`)
        : http<WcCoupon>('PUT', `${URL}/${coupon.id}`, { body: { date_starts: null, date_expires_gmt: new Date().toISOString().slice(0, 19) } }),
    onSuccess: async (_saved, { action }) => {
      setConfirm(null);
      setNotice(t(action === 'delete' ? 'dashboard.coupons.deleted' : 'dashboard.coupons.ended'));
      await client.invalidateQueries({ queryKey: couponsKey });
    },
  });
  const now = new Date();
  const formatPrice = useFormatPrice();
  const euro = (value: string) => formatPrice(Number(value));
  const amountOf = (c: WcCoupon) => (c.discount_type === 'percent' ? `${Number(c.amount)}%` : euro(c.amount));
  return (
    <RecordListFrame
      permission={PERMISSION.settingsManage}
      title={t('dashboard.coupons.title')}
      newLabel={t('dashboard.coupons.new')}
      onNew={editing === null ? () => (setNotice(null), setEditing('new')) : undefined}
      lead={t('dashboard.coupons.lead')}
      notice={notice}
    >
      {editing !== null ? (
        <section className="admin__section">
          <CouponEditor
            key={editing === 'new' ? 'new' : editing.id}
            coupon={editing === 'new' ? null : editing}
            onDone={(saved) => {
              setEditing(null);
              if (saved) setNotice(t('dashboard.coupons.saved', { code: saved.code }));
            }}
          />
        </section>
      ) : null}
      <section className="admin__section">
        <Field type="search" label={t('dashboard.coupons.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
        {query.isPending ? (
          <Spinner size="lg" label={t('common.loading')} />
        ) : query.isError ? (
          <DashboardError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState title={t(search.trim() ? 'dashboard.coupons.noMatch' : 'dashboard.coupons.empty')}>{t('dashboard.coupons.emptyBody')}</EmptyState>
        ) : (
          <ul className="coupons-list" aria-label={t('dashboard.coupons.listLabel')}>
            {query.data.map((coupon) => {
              const state = stateOf(coupon, now);
              return (
                <li key={coupon.id} className="coupons-list__item" data-testid="coupon-row" data-state={state}>
                  <div className="coupons-list__main">
                    <p className="coupons-list__code">
                      <code>{coupon.code}</code> · {amountOf(coupon)}
                    </p>
                    {coupon.description ? <p className="admin__muted">{coupon.description}</p> : null}
                    <p className="admin__muted">
                      {t('dashboard.coupons.used', {
                        count: coupon.usage_count,
                        limit: coupon.usage_limit === null ? '∞' : coupon.usage_limit,
                      })}
                      {coupon.fulfilment_types.length ? ` · ${coupon.fulfilment_types.map((f) => t(`dashboard.coupons.fulfilment.${f}`)).join(', ')}` : ''}
                      {coupon.channels.length ? ` · ${coupon.channels.map((c) => t(`dashboard.coupons.channel.${c}`)).join(', ')}` : ''}
                      {coupon.date_expires ? ` · ${t('dashboard.coupons.until', { date: coupon.date_expires.slice(0, 10) })}` : ''}
                    </p>
                  </div>
                  <div className="coupons-list__badges">
                    <Badge variant={STATE_BADGE[state]}>{t(`dashboard.coupons.state.${state}`)}</Badge>
                  </div>
                  <div className="admin__buttons coupons-list__actions">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => (setNotice(null), setEditing(coupon))}
                      aria-label={t('dashboard.coupons.editFor', { code: coupon.code })}
                    >
                      {t('dashboard.coupons.edit')}
                    </Button>
                    {state === 'active' || state === 'scheduled' ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setConfirm({ coupon, action: 'end' })}
                        aria-label={t('dashboard.coupons.endFor', { code: coupon.code })}
                      >
                        {t('dashboard.coupons.end')}
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setConfirm({ coupon, action: 'delete' })}
                      aria-label={t('dashboard.coupons.deleteFor', { code: coupon.code })}
                    >
                      {t('dashboard.coupons.delete')}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm?.action === 'end' ? 'dashboard.coupons.endTitle' : 'dashboard.coupons.deleteTitle', { code: confirm?.coupon.code ?? '' })}
        confirmLabel={t(confirm?.action === 'end' ? 'dashboard.coupons.end' : 'dashboard.coupons.delete')}
        busy={act.isPending}
        onConfirm={() => confirm && act.mutate(confirm)}
        onClose={() => setConfirm(null)}
      >
        <p>{t(confirm?.action === 'end' ? 'dashboard.coupons.endBody' : 'dashboard.coupons.deleteBody')}</p>
        {act.isError ? (
          <Notice tone="error" role="alert">
            {t('dashboard.coupons.actionFailed')}
          </Notice>
        ) : null}
      </ConfirmDialog>
    </RecordListFrame>
  );
}
