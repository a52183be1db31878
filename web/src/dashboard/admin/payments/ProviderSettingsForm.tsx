import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentProvidersInput, PaymentProvidersView, SecretKeyView } from '@bakje/contract';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { http, HttpError } from '../../../api/http';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, useErrorText, useZodForm } from '../../../forms/useZodForm';
import { Notice } from '../../../ui';
import { Field } from '../../../ui/Field';
import { setupKey } from '../../settings/storeSettingsForm';
import { PAYMENT_PROVIDERS_URL, paymentProvidersKey } from './payments-api';
import { SettingsFormActions } from '../SettingsFormActions';

// The same shapes the server checks (server/src/modules/payments/provider-settings.ts): a quick first check;
// the server's word decides (a live key in the test environment, a key missing before switching on).
const key = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || pattern.test(value), message);

const schema = z.object({
  environment: z.enum(['test', 'live']),
  mspActive: z.boolean(),
  mspApiKey: key(/^[A-Za-z0-9_-]{8,255}$/, 'dashboard.providers.error.mspApiKey'),
  mspRemove: z.boolean(),
  stripeActive: z.boolean(),
  stripeSecretKey: key(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, 'dashboard.providers.error.stripeSecretKey'),
  stripeSecretRemove: z.boolean(),
  stripePublishableKey: key(/^pk_(test|live)_[A-Za-z0-9]{8,}$/, 'dashboard.providers.error.stripePublishableKey'),
  stripePublishableRemove: z.boolean(),
  stripeWebhookSecret: key(/^whsec_[A-Za-z0-9]{8,}$/, 'dashboard.providers.error.stripeWebhookSecret'),
  stripeWebhookRemove: z.boolean(),
});
type FormValues = z.infer<typeof schema>;
type KeyField = 'mspApiKey' | 'stripeSecretKey' | 'stripePublishableKey' | 'stripeWebhookSecret';

const valuesOf = (view: PaymentProvidersView): FormValues => ({
  environment: view.environment,
  mspActive: view.multisafepay.active,
  mspApiKey: '',
  mspRemove: false,
  stripeActive: view.stripe.active,
  stripeSecretKey: '',
  stripeSecretRemove: false,
  stripePublishableKey: '',
  stripePublishableRemove: false,
  stripeWebhookSecret: '',
  stripeWebhookRemove: false,
});

/** A key typed replaces the stored one; "remove" clears it; neither keeps it (it is never sent back to us). */
const keyChange = (typed: string, remove: boolean) => (typed ? typed : remove ? null : undefined);

function inputOf(values: FormValues): PaymentProvidersInput {
  return {
    environment: values.environment,
    multisafepay: { active: values.mspActive, apiKey: keyChange(values.mspApiKey, values.mspRemove) },
    stripe: {
      active: values.stripeActive,
      secretKey: keyChange(values.stripeSecretKey, values.stripeSecretRemove),
      publishableKey: keyChange(values.stripePublishableKey, values.stripePublishableRemove),
      webhookSecret: keyChange(values.stripeWebhookSecret, values.stripeWebhookRemove),
    },
  };
}

/** The server names fields by provider and key (`stripe` + `secretKey`); the form's names are flat. */
const SERVER_FIELDS: Record<string, Record<string, keyof FormValues>> = {
  multisafepay: { active: 'mspActive', apiKey: 'mspApiKey' },
  stripe: { active: 'stripeActive', secretKey: 'stripeSecretKey', publishableKey: 'stripePublishableKey', webhookSecret: 'stripeWebhookSecret' },
};
const formFieldOf = (serverField: string): keyof FormValues | undefined => {
  if (serverField === 'environment') return 'environment';
  const [provider = '', name = ''] = serverField.split('.');
  return SERVER_FIELDS[provider]?.[name];
};
const REFUSED: Partial<Record<keyof FormValues, string>> = {
  mspApiKey: 'dashboard.providers.refused.mspApiKey',
  stripeSecretKey: 'dashboard.providers.refused.stripeSecretKey',
  stripePublishableKey: 'dashboard.providers.refused.stripePublishableKey',
  stripeWebhookSecret: 'dashboard.providers.refused.stripeWebhookSecret',
};

/**
 * The active payment providers, their keys and the environment (docs/decisions/0040). Keys are write-only:
 * the page shows "set" with the last 4 characters, and a field to replace the key.
 */
export function ProviderSettingsForm({ view }: { view: PaymentProvidersView }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const form = useZodForm(schema, { defaultValues: valuesOf(view) });
  const { register, handleSubmit, formState, reset, setError, control } = form;
  const errorText = useErrorText();
  const [saved, setSaved] = useState(false);
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const save = useMutation({ mutationFn: (body: PaymentProvidersInput) => http<PaymentProvidersView>('PUT', PAYMENT_PROVIDERS_URL, { body }) });
  const environment = useWatch({ control, name: 'environment' });
  const onChange = () => setSaved(false);

  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const next = await save.mutateAsync(inputOf(values));
      client.setQueryData(paymentProvidersKey, next);
      // The checklist on /dashboard reads whether card payments are set up.
      await client.invalidateQueries({ queryKey: setupKey });
      reset(valuesOf(next));
      setSaved(true);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'PAYMENT_PROVIDERS_INVALID') {
        applyServerFieldErrors(setError, error.fields, formFieldOf, (field) => REFUSED[field] ?? 'form.invalid');
      }
    }
  });

  const status = (secret: SecretKeyView) => (secret.set ? t('dashboard.providers.keySet', { ending: secret.last4 }) : t('dashboard.providers.keyNotSet'));
  const keyField = (name: KeyField, label: string, secret: SecretKeyView, remove: keyof FormValues) => (
    <div className="admin__fieldset-row" data-testid={`provider-${name}`}>
      <p className="admin__muted" id={`providers-${name}-status`}>
        {label}: {status(secret)}
      </p>
      <Field
        label={t(secret.set ? 'dashboard.providers.replace' : 'dashboard.providers.enter', { name: label })}
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        id={`providers-${name}`}
        aria-describedby={`providers-${name}-status`}
        error={errorText(formState.errors[name])}
        {...register(name, { onChange })}
      />
      {secret.set ? (
        <Field as="checkbox" label={t('dashboard.providers.remove', { name: label })} id={`providers-${name}-remove`} {...register(remove, { onChange })} />
      ) : null}
    </div>
  );
  const sourceText = (source: PaymentProvidersView['multisafepay']['source'], ready: boolean) =>
    `${t(`dashboard.providers.source.${source}`)} ${t(ready ? 'dashboard.providers.ready' : 'dashboard.providers.notReady')}`;

  return (
    <form className="account-form admin__form admin__form--wide" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="providers-title">
      <h2 id="providers-title">{t('dashboard.providers.title')}</h2>
      <p className="admin__muted">{t('dashboard.providers.lead')}</p>
      <Field
        as="select"
        label={t('dashboard.providers.environment')}
        hint={t(environment === 'live' ? 'dashboard.providers.environmentLive' : 'dashboard.providers.environmentTest')}
        id="providers-environment"
        error={errorText(formState.errors.environment)}
        {...register('environment', { onChange })}
      >
        <option value="test">{t('dashboard.providers.environment.test')}</option>
        <option value="live">{t('dashboard.providers.environment.live')}</option>
      </Field>

      <fieldset className="admin__fieldset" data-testid="provider-multisafepay">
        <legend>MultiSafepay</legend>
        <p className="admin__muted" role="status">
          {sourceText(view.multisafepay.source, view.multisafepay.ready)}
        </p>
        <p className="admin__muted">{t('dashboard.providers.address', { url: view.multisafepay.baseUrl })}</p>
        <Field as="checkbox" label={t('dashboard.providers.active')} id="providers-mspActive" {...register('mspActive', { onChange })} />
        {keyField('mspApiKey', t('dashboard.providers.mspApiKey'), view.multisafepay.apiKey, 'mspRemove')}
      </fieldset>

      <fieldset className="admin__fieldset" data-testid="provider-stripe">
        <legend>Stripe</legend>
        <p className="admin__muted" role="status">
          {sourceText(view.stripe.source, view.stripe.ready)}
        </p>
        <Field
          as="checkbox"
          label={t('dashboard.providers.stripeActive')}
          hint={t('dashboard.providers.stripeActiveHint')}
          id="providers-stripeActive"
          {...register('stripeActive', { onChange })}
        />
        {keyField('stripeSecretKey', t('dashboard.providers.stripeSecretKey'), view.stripe.secretKey, 'stripeSecretRemove')}
        {keyField('stripePublishableKey', t('dashboard.providers.stripePublishableKey'), view.stripe.publishableKey, 'stripePublishableRemove')}
        {keyField('stripeWebhookSecret', t('dashboard.providers.stripeWebhookSecret'), view.stripe.webhookSecret, 'stripeWebhookRemove')}
      </fieldset>

      {save.error && !(save.error instanceof HttpError && save.error.code === 'PAYMENT_PROVIDERS_INVALID') ? (
        <Notice tone="error" role="alert">
          {save.error instanceof HttpError && save.error.code === 'PERMISSION_DENIED'
            ? t('dashboard.gate.forbiddenTitle')
            : t('dashboard.providers.saveFailed')}
        </Notice>
      ) : null}
      {Object.keys(formState.errors).length > 0 ? (
        <Notice tone="error" role="alert">
          {t('dashboard.providers.saveInvalid')}
        </Notice>
      ) : null}
      {saved ? <Notice tone="success">{t('dashboard.providers.saved')}</Notice> : null}
      <SettingsFormActions
        dirty={formState.isDirty}
        submitting={formState.isSubmitting}
        saveLabel={t('dashboard.providers.save')}
        undoLabel={t('dashboard.payments.undo')}
        onUndo={() => {
          save.reset();
          reset();
        }}
      />
      <UnsavedChangesDialog blocker={blocker} body={t('dashboard.providers.leaveBody')} />
    </form>
  );
}
