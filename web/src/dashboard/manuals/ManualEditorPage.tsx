import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { http, HttpError, retryServerErrors } from '../../api/http';
import { SubmitButton } from '../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, errorAt, useErrorText, useZodForm } from '../../forms/useZodForm';
import { Button, ButtonLink, Notice, Spinner } from '../../ui';
import { Field } from '../../ui/Field';
import { DashboardFrame } from '../admin/DashboardFrame';
import { PERMISSION } from '../admin/permissions';
import { DashboardError, StaffGate } from '../admin/StaffGate';
import { RichTextField } from '../catalog/products/RichTextField';
import { MediaLibraryDialog, sitePath } from '../media/MediaPicker';
import { isVideoAddress, MANUALS_URL, manualsKey, type Manual, type ManualLang } from './manualsApi';
import './manuals.css';

const LANGS: ManualLang[] = ['nl', 'fr', 'en'];
const manualForm = z.object({
  title: z.object({
    nl: z.string().trim().min(1, 'dashboard.manuals.error.titleRequired').max(200, 'dashboard.manuals.error.titleLong'),
    fr: z.string().trim().max(200, 'dashboard.manuals.error.titleLong'),
    en: z.string().trim().max(200, 'dashboard.manuals.error.titleLong'),
  }),
  body: z.object({ nl: z.string().max(100_000), fr: z.string().max(100_000), en: z.string().max(100_000) }),
  video: z
    .string()
    .trim()
    .refine((value) => value === '' || isVideoAddress(value), 'dashboard.manuals.error.video'),
});
type ManualForm = z.input<typeof manualForm>;

const formOf = (manual: Manual | null): ManualForm => ({
  title: manual ? { ...manual.title } : { nl: '', fr: '', en: '' },
  body: manual ? { ...manual.body } : { nl: '', fr: '', en: '' },
  video: manual?.video_url ?? '',
});
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function ManualEditor({ manual }: { manual: Manual | null }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const errorText = useErrorText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [lang, setLang] = useState<ManualLang>('nl');
  const [picking, setPicking] = useState(false);
  const { control, register, handleSubmit, formState, setError, reset, getValues, setValue } = useZodForm(manualForm, { defaultValues: formOf(manual) });
  const save = useMutation({
    mutationFn: (body: unknown) => (manual ? http<Manual>('PUT', `${MANUALS_URL}/${manual.id}`, { body }) : http<Manual>('POST', MANUALS_URL, { body })),
  });
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ title: values.title, body: values.body, video_url: values.video === '' ? null : values.video });
      reset(formOf(saved));
      await client.invalidateQueries({ queryKey: manualsKey });
      void navigate(`/dashboard/manuals/${saved.id}`);
    } catch (error) {
      if (error instanceof HttpError)
        applyServerFieldErrors(
          setError,
          error.fields,
          (field) => (field === 'title' ? `title.nl` : field === 'video_url' ? 'video' : undefined),
          (_f, problem) => problem.message,
        );
    }
  });
  return (
    <form className="account-form admin__form admin__form--wide" onSubmit={(event) => void submit(event)} noValidate>
      <div role="tablist" aria-label={t('dashboard.manuals.language')} className="manuals__langs">
        {LANGS.map((code) => (
          <Button key={code} role="tab" size="sm" variant={code === lang ? 'primary' : 'secondary'} aria-selected={code === lang} onClick={() => setLang(code)}>
            {t(`dashboard.manuals.lang.${code}`)}
          </Button>
        ))}
      </div>
      {LANGS.map((code) => (
        <div key={code} hidden={code !== lang} role="tabpanel">
          <Field
            label={`${t('dashboard.manuals.titleField')} (${code.toUpperCase()})`}
            required={code === 'nl'}
            maxLength={200}
            {...register(`title.${code}`)}
            error={errorText(errorAt(formState.errors, `title.${code}`))}
          />
          <Controller
            control={control}
            name={`body.${code}`}
            render={({ field }) => (
              <RichTextField
                label={`${t('dashboard.manuals.body')} (${code.toUpperCase()})`}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                rows={14}
              />
            )}
          />
          <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
            {t('dashboard.manuals.insertImage')}
          </Button>
        </div>
      ))}
      {formState.errors.title && lang !== 'nl' ? (
        <Notice tone="error" role="alert">
          {t('dashboard.manuals.error.titleRequired')}
        </Notice>
      ) : null}
      <Field
        type="url"
        label={t('dashboard.manuals.video')}
        hint={t('dashboard.manuals.videoHint')}
        {...register('video')}
        error={errorText(errorAt(formState.errors, 'video'))}
      />
      {save.error && !(save.error instanceof HttpError && save.error.fields.length > 0) ? (
        <Notice tone="error" role="alert">
          {t('dashboard.manuals.saveFailed')}
        </Notice>
      ) : null}
      <div className="admin__buttons">
        <SubmitButton submitting={formState.isSubmitting}>{t('dashboard.manuals.save')}</SubmitButton>
        <ButtonLink variant="secondary" to={manual ? `/dashboard/manuals/${manual.id}` : '/dashboard/manuals'}>
          {t('common.cancel')}
        </ButtonLink>
      </div>
      <MediaLibraryDialog
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(item) => {
          setPicking(false);
          const image = `\n<p><img src="${escapeAttribute(sitePath(item.src))}" alt="${escapeAttribute(item.alt_text ?? '')}"></p>`;
          setValue(`body.${lang}`, `${getValues(`body.${lang}`)}${image}`, { shouldDirty: true });
        }}
      />
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}

/** /dashboard/manuals/new and /dashboard/manuals/:id/edit (manuals.manage): title, rich text with images from the media library, a video. */
export default function ManualEditorPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { id } = useParams();
  const query = useQuery({
    queryKey: [...manualsKey, 'one', id],
    queryFn: ({ signal }) => http<Manual>('GET', `${MANUALS_URL}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== undefined,
    retry: retryServerErrors,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  return (
    <StaffGate permission={PERMISSION.manualsManage}>
      <DashboardFrame title={id ? t('dashboard.manuals.editTitle') : t('dashboard.manuals.newTitle')}>
        <section className="admin__section">
          {id === undefined ? (
            <ManualEditor manual={null} />
          ) : query.isPending ? (
            <Spinner size="lg" label={t('common.loading')} />
          ) : query.isError ? (
            <DashboardError error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <ManualEditor manual={query.data} />
          )}
        </section>
      </DashboardFrame>
    </StaffGate>
  );
}
