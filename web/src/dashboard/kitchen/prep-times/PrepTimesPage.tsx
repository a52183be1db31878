import type { WcCategory, WcProduct } from '@bakje/contract';
import { ARRIVAL_MINUTES, MAX_PREP_MINUTES } from '@bakje/contract/kitchen-lanes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { HttpError, http, retryServerErrors } from '../../../api/http';
import { SubmitButton } from '../../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../../forms/UnsavedChangesGuard';
import { errorAt, useErrorText, useZodForm } from '../../../forms/useZodForm';
import { useLocale } from '../../../i18n/LocaleProvider';
import { Field, Notice, Spinner } from '../../../ui';
import { DashboardFrame } from '../../admin/DashboardFrame';
import { PERMISSION } from '../../admin/permissions';
import { DashboardError, StaffGate } from '../../admin/StaffGate';
import { allPages, matches, nameIn, taxonomyKeys, WC, type Lang } from '../../catalog/taxonomyApi';
import { fetchKitchenSettings } from '../kitchenApi';
import type { KitchenSettings } from '../kitchenOrders';
import { formValues, inherited, prepTimesSchema, toBody, type PrepTimesForm } from './prepTimes';
import './prep-times.css';

const settingsKey = ['kitchen', 'settings'] as const;

/** Which field a refusal names (the server's PREP_TIMES_INVALID details), as a message id. */
const SERVER_FIELD: Record<string, string> = {
  categoryPrepMinutes: 'dashboard.prepTimes.error.categories',
  productPrepMinutes: 'dashboard.prepTimes.error.products',
  arrivalCategoryIds: 'dashboard.prepTimes.error.categories',
};

function PrepTimesEditor({ settings, categories, products }: { settings: KitchenSettings; categories: WcCategory[]; products: WcProduct[] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { locale } = useLocale();
  const lang = locale.slice(0, 2) as Lang;
  const errorText = useErrorText();
  const client = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const categoriesId = useId();
  const productsId = useId();
  const arrivalId = useId();
  const defaults = formValues(
    settings,
    categories.map((c) => c.id),
    products.map((p) => p.id),
  );
  const { register, handleSubmit, formState, control, reset } = useZodForm(prepTimesSchema, { defaultValues: defaults });
  const blocker = useUnsavedChangesGuard(formState.isDirty);
  // Live, so an empty field shows what it inherits as the manager types the default or a category's minutes.
  const fallback = useWatch({ control, name: 'prepMinutes' });
  const categoryValues = useWatch({ control, name: 'categories' });
  const submit = handleSubmit(async (values) => {
    setSaved(false);
    setProblem(null);
    try {
      const stored = await http<KitchenSettings>('PUT', '/api/kitchen/prep-times', { body: toBody(values) });
      reset(
        formValues(
          stored,
          categories.map((c) => c.id),
          products.map((p) => p.id),
        ) satisfies PrepTimesForm,
      );
      setSaved(true);
      await client.invalidateQueries({ queryKey: settingsKey });
    } catch (error) {
      const field = error instanceof HttpError ? error.fields[0]?.field : undefined;
      setProblem(t(field && SERVER_FIELD[field] ? SERVER_FIELD[field] : 'dashboard.prepTimes.saveFailed'));
    }
  });
  const minutesField = {
    type: 'text',
    inputMode: 'numeric',
    pattern: '[0-9]*',
    autoComplete: 'off',
  } as const;
  const shown = products.filter((p) => search.trim() === '' || matches(search, p.name));
  return (
    <form
      className="account-form admin__form admin__form--wide prep-times"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('dashboard.prepTimes.title')}
    >
      {saved ? <Notice tone="success">{t('dashboard.prepTimes.saved')}</Notice> : null}
      {problem ? (
        <Notice tone="error" role="alert">
          {problem}
        </Notice>
      ) : null}
      <Field
        label={t('dashboard.prepTimes.default')}
        hint={t('dashboard.prepTimes.defaultHint', { max: String(MAX_PREP_MINUTES) })}
        required
        {...minutesField}
        {...register('prepMinutes')}
        error={errorText(formState.errors.prepMinutes)}
      />
      <fieldset className="admin__fieldset" aria-describedby={categoriesId}>
        <legend>{t('dashboard.prepTimes.categories')}</legend>
        <p className="admin__muted" id={categoriesId}>
          {t('dashboard.prepTimes.categoriesHint')}
        </p>
        <div className="prep-times__list">
          {categories.map((category) => (
            <Field
              key={category.id}
              label={nameIn(lang, category)}
              placeholder={fallback}
              {...minutesField}
              {...register(`categories.c${category.id}`)}
              error={errorText(errorAt(formState.errors, `categories.c${category.id}`))}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="admin__fieldset" aria-describedby={arrivalId} data-testid="prep-times-arrival">
        <legend>{t('dashboard.prepTimes.arrival')}</legend>
        <p className="admin__muted" id={arrivalId}>
          {t('dashboard.prepTimes.arrivalHint')}
        </p>
        <Field as="select" className="prep-times__arrival-default" label={t('dashboard.prepTimes.arrivalDefault')} {...register('arrivalDefaultMinutes')}>
          {ARRIVAL_MINUTES.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {t('dashboard.prepTimes.arrivalMinutes', { minutes: String(minutes) })}
            </option>
          ))}
        </Field>
        <fieldset className="prep-times__waits">
          <legend>{t('dashboard.prepTimes.arrivalWaits')}</legend>
          <div className="prep-times__list">
            {categories.map((category) => (
              <Field key={category.id} as="checkbox" label={nameIn(lang, category)} {...register(`waits.w${category.id}`)} />
            ))}
          </div>
        </fieldset>
      </fieldset>
      <fieldset className="admin__fieldset" aria-describedby={productsId}>
        <legend>{t('dashboard.prepTimes.products')}</legend>
        <p className="admin__muted" id={productsId}>
          {t('dashboard.prepTimes.productsHint')}
        </p>
        <Field label={t('dashboard.prepTimes.productSearch')} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        <div className="prep-times__list">
          {shown.map((product) => (
            <Field
              key={product.id}
              label={product.name}
              placeholder={inherited(
                product.categories.map((c) => c.id),
                categoryValues,
                fallback,
              )}
              {...minutesField}
              {...register(`products.p${product.id}`)}
              error={errorText(errorAt(formState.errors, `products.p${product.id}`))}
            />
          ))}
        </div>
        {shown.length === 0 ? <p className="admin__muted">{t('dashboard.prepTimes.noProducts')}</p> : null}
      </fieldset>
      <div className="admin__buttons">
        <SubmitButton submitting={formState.isSubmitting}>{t('dashboard.prepTimes.save')}</SubmitButton>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}

/**
 * /dashboard/prep-times (settings.manage): how long the kitchen takes, which sets each order's fire time
 * (docs/decisions/0068-fire-times.md, docs/decisions/0073-preparation-time-per-product.md): the default, per
 * category and per product; a product's own minutes beat its category's, which beat the default.
 */
export default function PrepTimesPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const settings = useQuery({ queryKey: settingsKey, queryFn: fetchKitchenSettings, retry: retryServerErrors });
  const categories = useQuery({
    queryKey: [...taxonomyKeys.categories, 'all'],
    queryFn: ({ signal }) => allPages<WcCategory>(`${WC}/products/categories?orderby=menu_order&order=asc`, signal),
    retry: retryServerErrors,
  });
  const products = useQuery({
    queryKey: ['dashboard', 'prep-times', 'products'],
    queryFn: ({ signal }) => allPages<WcProduct>(`${WC}/products?orderby=title&order=asc`, signal),
    retry: retryServerErrors,
  });
  const failed = [settings, categories, products].find((q) => q.isError);
  return (
    <StaffGate permission={PERMISSION.settingsManage}>
      <DashboardFrame title={t('dashboard.prepTimes.title')}>
        <p className="admin__lead">{t('dashboard.prepTimes.lead')}</p>
        {failed ? (
          <DashboardError
            error={failed.error}
            onRetry={() => {
              for (const q of [settings, categories, products]) if (q.isError) void q.refetch();
            }}
          />
        ) : settings.data && categories.data && products.data ? (
          <PrepTimesEditor settings={settings.data} categories={categories.data} products={products.data} />
        ) : (
          <Spinner size="lg" label={t('common.loading')} />
        )}
      </DashboardFrame>
    </StaffGate>
  );
}
