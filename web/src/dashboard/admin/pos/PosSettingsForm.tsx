import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { http, HttpError } from '../../../api/http';
import { SubmitButton } from '../../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, useErrorText, useZodForm } from '../../../forms/useZodForm';
import { Button, Notice } from '../../../ui';
import { Field } from '../../../ui/Field';
import { SETTINGS_URL, posKey, type PosSettingsPatch, type PosSettingsView } from './pos-api';

const schema = z.object({
  enabled: z.boolean(),
  baseUrl: z
    .string()
    .trim()
    .refine((url) => url === '' || /^https?:\/\/\S+$/.test(url), 'dashboard.pos.error.baseUrl'),
  apiKey: z.string().trim().max(200, 'dashboard.pos.error.apiKey'),
});
type FormValues = z.infer<typeof schema>;

const valuesOf = (settings: PosSettingsView): FormValues => ({ enabled: settings.enabled, baseUrl: settings.baseUrl, apiKey: '' });
const FIELDS = ['enabled', 'baseUrl', 'apiKey'] as const;

/** The till's address and key, and the switch; the key is write-only (only its last four characters come back). */
export function PosSettingsForm({ settings }: { settings: PosSettingsView }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const form = useZodForm(schema, { defaultValues: valuesOf(settings) });
  const { register, handleSubmit, formState, reset, setError } = form;
  const errorText = useErrorText();
  const [saved, setSaved] = useState(false);
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const save = useMutation({ mutationFn: (body: PosSettingsPatch) => http<PosSettingsView>('PUT', SETTINGS_URL, { body }) });

  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const next = await save.mutateAsync({ enabled: values.enabled, baseUrl: values.baseUrl, ...(values.apiKey ? { apiKey: values.apiKey } : {}) });
      reset(valuesOf(next));
      setSaved(true);
      await client.invalidateQueries({ queryKey: posKey });
    } catch (error) {
      if (error instanceof HttpError && error.code === 'POS_SETTINGS_INVALID') {
        applyServerFieldErrors(
          setError,
          error.fields,
          (field) => FIELDS.find((name) => name === field),
          (_field, problem) => problem.message,
        );
      }
    }
  });
  const field = (name: 'baseUrl' | 'apiKey') => ({
    ...register(name, { onChange: () => setSaved(false) }),
    id: `pos-${name}`,
    error: errorText(formState.errors[name]),
  });

  return (
    <form className="account-form admin__form admin__form--wide" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="pos-settings-title">
      <h2 id="pos-settings-title">{t('dashboard.pos.settingsTitle')}</h2>
      <Field as="checkbox" label={t('dashboard.pos.enabled')} id="pos-enabled" {...register('enabled', { onChange: () => setSaved(false) })} />
      <Field label={t('dashboard.pos.baseUrl')} type="url" autoComplete="off" spellCheck={false} {...field('baseUrl')} />
      <p className="admin__muted" role="status">
        {settings.apiKeySet ? t('dashboard.pos.apiKeySetEnding', { ending: settings.apiKeyLast4 }) : t('dashboard.pos.apiKeyNotSet')}
      </p>
      <Field
        label={t(settings.apiKeySet ? 'dashboard.pos.apiKeyReplace' : 'dashboard.pos.apiKey')}
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        {...field('apiKey')}
      />
      {save.error && !(save.error instanceof HttpError && save.error.code === 'POS_SETTINGS_INVALID') ? (
        <Notice tone="error" role="alert">
          {t('dashboard.pos.saveFailed')}
        </Notice>
      ) : null}
      {Object.keys(formState.errors).length > 0 ? (
        <Notice tone="error" role="alert">
          {t('dashboard.pos.saveInvalid')}
        </Notice>
      ) : null}
      {saved ? <Notice tone="success">{t('dashboard.pos.saved')}</Notice> : null}
      <div className="admin__buttons">
        <SubmitButton submitting={formState.isSubmitting}>{t('dashboard.pos.save')}</SubmitButton>
        <Button variant="secondary" disabled={!formState.isDirty || formState.isSubmitting} onClick={() => reset()}>
          {t('dashboard.pos.undo')}
        </Button>
      </div>
      <UnsavedChangesDialog blocker={blocker} body={t('dashboard.pos.leaveBody')} />
    </form>
  );
}
