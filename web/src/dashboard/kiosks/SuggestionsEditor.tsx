import type { KioskSuggestionSettings, WcCategory } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { http, retryServerErrors } from '../../api/http';
import { SubmitButton } from '../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { errorAt, useErrorText, useZodForm } from '../../forms/useZodForm';
import { useLocale } from '../../i18n/LocaleProvider';
import { EmptyState, Field, Notice, Spinner } from '../../ui';
import { DashboardError } from '../admin/StaffGate';
import { allPages, nameIn, taxonomyKeys, WC, type Lang } from '../catalog/taxonomyApi';

export const SUGGESTIONS_URL = '/api/dashboard/kiosk-suggestions';
export const suggestionsKey = ['dashboard', 'kiosk-suggestions'] as const;
/** The server's limit (server/src/modules/kiosk/kiosk-devices.ts MAX_SUGGESTED_CATEGORIES). */
export const MAX_SUGGESTED = 6;

/** The checked categories (ids as the checkboxes hold them), at most MAX_SUGGESTED. */
export const suggestionsForm = z.object({
  categoryIds: z
    .array(z.string().regex(/^\d+$/, 'form.invalid'))
    .max(MAX_SUGGESTED, 'dashboard.kiosks.suggest.tooMany')
    .transform((ids) => ids.map(Number)),
});

/**
 * The categories every kiosk offers before paying ("a sauce with that? a drink?"), in menu order; none turns the
 * step off. Until saved, the demo's sauces and drinks (docs/decisions/0049-kiosk-video-suggestions-keyboard.md).
 */
export function SuggestionsEditor({ initial, onSaved }: { initial: KioskSuggestionSettings; onSaved: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { locale } = useLocale();
  const lang = locale.slice(0, 2) as Lang;
  const errorText = useErrorText();
  const client = useQueryClient();
  const categories = useQuery({
    queryKey: [...taxonomyKeys.categories, 'all'],
    queryFn: ({ signal }) => allPages<WcCategory>(`${WC}/products/categories?orderby=menu_order&order=asc`, signal),
    retry: retryServerErrors,
  });
  const defaults = { categoryIds: initial.categoryIds.map(String) };
  const { register, handleSubmit, formState, reset, watch } = useZodForm(suggestionsForm, { defaultValues: defaults });
  const save = useMutation({
    mutationFn: (body: { categoryIds: number[] }) => http<KioskSuggestionSettings>('PUT', SUGGESTIONS_URL, { body }),
  });
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const submit = handleSubmit(async (values) => {
    // The checkboxes give ids in click order; the kiosk shows the categories in menu order.
    const order = new Map((categories.data ?? []).map((c, index) => [c.id, index]));
    const ids = [...values.categoryIds].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    const answer = await save.mutateAsync({ categoryIds: ids }).catch(() => null);
    if (!answer) return;
    reset({ categoryIds: answer.categoryIds.map(String) });
    // The page remounts this editor with the saved choice, so the page shows the notice.
    onSaved();
    client.setQueryData(suggestionsKey, answer);
  });
  const checked = watch('categoryIds') ?? [];

  if (categories.isPending) return <Spinner label={t('common.loading')} />;
  if (categories.isError) return <DashboardError error={categories.error} onRetry={() => void categories.refetch()} />;
  if (categories.data.length === 0)
    return <EmptyState title={t('dashboard.kiosks.suggest.noCategories')}>{t('dashboard.kiosks.suggest.noCategoriesBody')}</EmptyState>;
  return (
    <form className="account-form admin__form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="kiosks-suggest">
      <fieldset className="admin__fieldset" aria-describedby={formState.errors.categoryIds ? 'kiosk-suggest-error' : 'kiosk-suggest-hint'}>
        <legend>{t('dashboard.kiosks.suggest.legend')}</legend>
        <p className="admin__muted" id="kiosk-suggest-hint">
          {initial.isDefault ? t('dashboard.kiosks.suggest.default') : t('dashboard.kiosks.suggest.count', { count: checked.length, max: MAX_SUGGESTED })}
        </p>
        {categories.data.map((category) => (
          <Field key={category.id} as="checkbox" label={nameIn(lang, category)} value={String(category.id)} {...register('categoryIds')} />
        ))}
        {formState.errors.categoryIds ? (
          <p className="field-error" id="kiosk-suggest-error" role="alert">
            {errorText(errorAt(formState.errors, 'categoryIds'))}
          </p>
        ) : null}
      </fieldset>
      {save.isError ? (
        <Notice tone="error" role="alert">
          {t('dashboard.kiosks.saveFailed')}
        </Notice>
      ) : null}
      <div className="admin__buttons">
        <SubmitButton submitting={formState.isSubmitting}>{t('dashboard.kiosks.suggest.save')}</SubmitButton>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}
