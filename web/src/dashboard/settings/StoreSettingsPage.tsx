import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useWatch, type Control, type Path } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { http, HttpError } from '../../api/http';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, errorAt, useErrorText, useZodForm } from '../../forms/useZodForm';
import { Button, Notice } from '../../ui';
import { Field } from '../../ui/Field';
import { RichTextField } from '../catalog/products/RichTextField';
import { SettingsFooter, SettingsScreen } from '../hours/SettingsScreen';
import { MediaPicker } from '../media/MediaPicker';
import { defaultLegalHtml } from './legalDefaults';
import { ShowSetupChecklist } from './SetupChecklist';
import {
  bodyOf,
  formFieldOf,
  formOf,
  LANGUAGES,
  setupKey,
  STORE_SETTINGS_URL,
  storeFlagNames,
  storeSettingsFormSchema,
  storeSettingsKey,
  type StoreSettingsForm,
  type StoreSettingsFormValues,
} from './storeSettingsForm';
import './settings.css';

type FieldName = Path<StoreSettingsFormValues>;
type Lang = (typeof LANGUAGES)[number];

/** One rich text per language (contact text, terms, privacy); an empty language shows the built-in text. */
function TranslatedPage({
  control,
  name,
  legend,
  hint,
  errorOf,
  loadDefault,
}: {
  control: Control<StoreSettingsFormValues, unknown, unknown>;
  name: 'contactIntro' | 'terms' | 'privacy';
  legend: string;
  hint: string;
  errorOf: (field: FieldName) => string | undefined;
  loadDefault?: (lang: Lang) => Promise<string>;
}) {
  const intl = useIntl();
  const [lang, setLang] = useState<Lang>('nl');
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const field = `${name}.${lang}` as const;
  return (
    <fieldset className="admin__fieldset store-settings__page" data-testid={`page-${name}`}>
      <legend>{legend}</legend>
      <p className="admin__muted">{hint}</p>
      <div className="store-settings__langs" role="group" aria-label={intl.formatMessage({ id: 'dashboard.settings.language' })}>
        {LANGUAGES.map((l) => (
          <Button key={l} variant={l === lang ? 'primary' : 'secondary'} size="sm" aria-pressed={l === lang} onClick={() => setLang(l)}>
            {intl.formatMessage({ id: `dashboard.settings.lang.${l}` })}
            {errorOf(`${name}.${l}`) ? ' !' : ''}
          </Button>
        ))}
      </div>
      <Controller
        key={field}
        control={control}
        name={field}
        render={({ field: f }) => (
          <>
            <RichTextField
              label={`${legend} (${lang.toUpperCase()})`}
              rows={8}
              value={f.value ?? ''}
              onChange={f.onChange}
              onBlur={f.onBlur}
              error={errorOf(field)}
            />
            {!f.value ? <p className="admin__muted">{intl.formatMessage({ id: 'dashboard.settings.usingDefault' })}</p> : null}
            {loadDefault ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={loading}
                onClick={() => {
                  setLoading(true);
                  setFailed(false);
                  loadDefault(lang)
                    .then((html) => f.onChange(html))
                    .catch(() => setFailed(true))
                    .finally(() => setLoading(false));
                }}
              >
                {intl.formatMessage({ id: 'dashboard.settings.startFromDefault' })}
              </Button>
            ) : null}
            {failed ? <Notice tone="error">{intl.formatMessage({ id: 'dashboard.settings.defaultFailed' })}</Notice> : null}
          </>
        )}
      />
    </fieldset>
  );
}

function StoreSettingsEditor({ settings }: { settings: StoreSettingsForm }) {
  const intl = useIntl();
  const client = useQueryClient();
  const errorText = useErrorText();
  const { control, register, handleSubmit, formState, reset, setError, getValues } = useZodForm(storeSettingsFormSchema, { defaultValues: formOf(settings) });
  const [saved, setSaved] = useState(false);
  const save = useMutation({ mutationFn: (body: unknown) => http<StoreSettingsForm>('PUT', STORE_SETTINGS_URL, { body }) });
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const err = (name: FieldName) => errorText(errorAt(formState.errors, name));
  const saleBadge = useWatch({ control, name: 'saleBadge' });
  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const next = await save.mutateAsync(bodyOf(values));
      client.setQueryData(storeSettingsKey, next);
      // The shop's own copy of the settings and the checklist follow at once.
      await Promise.all([client.invalidateQueries({ queryKey: ['storeSettings'] }), client.invalidateQueries({ queryKey: setupKey })]);
      reset(formOf(next));
      setSaved(true);
    } catch (error) {
      if (error instanceof HttpError)
        applyServerFieldErrors(
          setError,
          error.fields,
          (f) => formFieldOf(f) as FieldName | undefined,
          (_f, problem) => problem.message,
        );
    }
  });
  const legalDefault = (kind: 'terms' | 'privacy') => (lang: Lang) => defaultLegalHtml(kind, lang, { site: getValues('siteName'), email: getValues('email') });

  return (
    <form
      className="account-form admin__form admin__form--wide store-settings"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="store-identity"
    >
      <fieldset className="admin__fieldset">
        <legend id="store-identity">{t('dashboard.settings.identity')}</legend>
        <Field label={t('dashboard.settings.siteName')} required {...register('siteName')} error={err('siteName')} />
        {LANGUAGES.map((l) => (
          <Field
            key={l}
            label={t('dashboard.settings.shortDescriptionIn', { language: l.toUpperCase() })}
            {...register(`shortDescription.${l}`)}
            error={err(`shortDescription.${l}`)}
          />
        ))}
        <Field label={t('dashboard.settings.address')} autoComplete="street-address" {...register('address')} error={err('address')} />
        <Field label={t('dashboard.settings.vatNumber')} hint={t('dashboard.settings.vatHint')} {...register('vatNumber')} error={err('vatNumber')} />
        <div className="admin__row">
          <Controller
            control={control}
            name="logo"
            render={({ field }) => <MediaPicker label={t('dashboard.settings.logo')} value={field.value} onChange={field.onChange} />}
          />
          <Controller
            control={control}
            name="siteImage"
            render={({ field }) => <MediaPicker label={t('dashboard.settings.siteImage')} value={field.value} onChange={field.onChange} />}
          />
        </div>
        {err('logo') || err('siteImage') ? <p className="field-error">{err('logo') ?? err('siteImage')}</p> : null}
      </fieldset>

      <fieldset className="admin__fieldset">
        <legend>{t('dashboard.settings.shopDisplay')}</legend>
        <div className="store-settings__flags">
          {storeFlagNames.map((name) => (
            <Field key={name} as="checkbox" label={t(`dashboard.settings.flag.${name}`)} {...register(`flags.${name}`)} />
          ))}
        </div>
        <Field as="select" label={t('dashboard.settings.saleBadge')} {...register('saleBadge')} hint={t(`dashboard.settings.saleBadge.${saleBadge}Hint`)}>
          <option value="percent">{t('dashboard.settings.saleBadge.percent')}</option>
          <option value="text">{t('dashboard.settings.saleBadge.text')}</option>
        </Field>
      </fieldset>

      <fieldset className="admin__fieldset">
        <legend>{t('dashboard.settings.contact')}</legend>
        <div className="admin__row">
          <Field label={t('dashboard.settings.phone')} type="tel" autoComplete="tel" {...register('phone')} error={err('phone')} />
          <Field label={t('dashboard.settings.email')} type="email" autoComplete="email" {...register('email')} error={err('email')} />
        </div>
      </fieldset>
      <TranslatedPage
        control={control}
        name="contactIntro"
        legend={t('dashboard.settings.contactIntro')}
        hint={t('dashboard.settings.contactIntroHint')}
        errorOf={err}
      />

      <fieldset className="admin__fieldset">
        <legend>{t('dashboard.settings.social')}</legend>
        {(['facebook', 'instagram', 'tiktok'] as const).map((name) => (
          <Field
            key={name}
            label={t(`dashboard.settings.social.${name}`)}
            type="url"
            inputMode="url"
            placeholder="https://"
            {...register(name)}
            error={err(name)}
          />
        ))}
      </fieldset>

      <TranslatedPage
        control={control}
        name="terms"
        legend={t('dashboard.settings.terms')}
        hint={t('dashboard.settings.pagesHint')}
        errorOf={err}
        loadDefault={legalDefault('terms')}
      />
      <TranslatedPage
        control={control}
        name="privacy"
        legend={t('dashboard.settings.privacy')}
        hint={t('dashboard.settings.pagesHint')}
        errorOf={err}
        loadDefault={legalDefault('privacy')}
      />

      <div className="store-settings__footer">
        <SettingsFooter
          error={save.error}
          invalid={Object.keys(formState.errors).length > 0}
          saved={saved}
          submitting={formState.isSubmitting}
          dirty={formState.isDirty}
          onUndo={() => reset()}
        />
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}

/** /dashboard/settings (settings.manage): the shop's identity, what the shop shows, contact, social links, legal pages. */
export default function StoreSettingsPage() {
  const intl = useIntl();
  return (
    <SettingsScreen<StoreSettingsForm> title={intl.formatMessage({ id: 'dashboard.settings.title' })} queryKey={storeSettingsKey} url={STORE_SETTINGS_URL}>
      {(settings) => (
        <>
          <ShowSetupChecklist />
          <StoreSettingsEditor settings={settings} />
        </>
      )}
    </SettingsScreen>
  );
}
