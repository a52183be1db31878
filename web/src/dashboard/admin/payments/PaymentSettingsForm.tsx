import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardMethodId, FulfilmentType, OrderChannel } from '@bakje/contract';
import { cardMethodIds } from '@bakje/contract/payments';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { http, HttpError } from '../../../api/http';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../../forms/UnsavedChangesGuard';
import { useErrorText, useZodForm } from '../../../forms/useZodForm';
import { Notice } from '../../../ui';
import { Field } from '../../../ui/Field';
import { PAYMENT_SETTINGS_URL, paymentSettingsKey, type PaymentSettings } from './payments-api';
import { SettingsFormActions } from '../SettingsFormActions';

// The contract's lists live next to its zod schemas (server only); these are checked against its types.
const fulfilmentTypes = ['delivery', 'takeaway', 'dinein'] as const satisfies readonly FulfilmentType[];
const orderChannels = ['web', 'kiosk'] as const satisfies readonly OrderChannel[];

/** Brand names, the same in every language. */
export const METHOD_TITLES: Record<CardMethodId, string> = {
  amex: 'American Express',
  applepay: 'Apple Pay',
  bancontact: 'Bancontact',
  cartebleue: 'Cartes Bancaires',
  googlepay: 'Google Pay',
  ideal: 'iDEAL',
  maestro: 'Maestro',
  mastercard: 'Mastercard',
  visa: 'Visa',
};

/** One card method as the form holds it: a checkbox per fulfilment type and per channel. */
const methodValues = z.object({
  enabled: z.boolean(),
  delivery: z.boolean(),
  takeaway: z.boolean(),
  dinein: z.boolean(),
  web: z.boolean(),
  kiosk: z.boolean(),
});
type MethodValues = z.infer<typeof methodValues>;

const paymentFormSchema = z.object({
  cutoffMinutes: z
    .string()
    .trim()
    .regex(/^\d+$/, 'dashboard.payments.error.cutoffMinutes')
    .refine((minutes) => Number(minutes) <= 24 * 60, 'dashboard.payments.error.cutoffMinutes'),
  methods: z.object(Object.fromEntries(cardMethodIds.map((id) => [id, methodValues])) as Record<CardMethodId, typeof methodValues>),
});
type FormValues = z.infer<typeof paymentFormSchema>;

function valuesOf(settings: PaymentSettings): FormValues {
  const methods = Object.fromEntries(
    cardMethodIds.map((id) => {
      const method = settings.methods[id];
      const values: MethodValues = {
        enabled: method.enabled,
        delivery: method.fulfilment.includes('delivery'),
        takeaway: method.fulfilment.includes('takeaway'),
        dinein: method.fulfilment.includes('dinein'),
        web: method.channels.includes('web'),
        kiosk: method.channels.includes('kiosk'),
      };
      return [id, values];
    }),
  ) as Record<CardMethodId, MethodValues>;
  return { cutoffMinutes: String(settings.cutoffMinutes), methods };
}

function settingsOf(values: FormValues): PaymentSettings {
  const methods = Object.fromEntries(
    cardMethodIds.map((id) => {
      const method = values.methods[id];
      return [
        id,
        {
          enabled: method.enabled,
          fulfilment: fulfilmentTypes.filter((type) => method[type]),
          channels: orderChannels.filter((channel) => method[channel]),
        },
      ];
    }),
  ) as PaymentSettings['methods'];
  return { cutoffMinutes: Number(values.cutoffMinutes), methods };
}

/** Card methods per fulfilment type and channel, and the cut-off; saved as a whole. */
export function PaymentSettingsForm({ settings }: { settings: PaymentSettings }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const form = useZodForm(paymentFormSchema, { defaultValues: valuesOf(settings) });
  const { register, handleSubmit, formState, reset, watch } = form;
  const errorText = useErrorText();
  const [saved, setSaved] = useState(false);
  const dirty = formState.isDirty;
  const blocker = useUnsavedChangesGuard(dirty && !formState.isSubmitting);
  const save = useMutation({ mutationFn: (body: PaymentSettings) => http<PaymentSettings>('PUT', PAYMENT_SETTINGS_URL, { body }) });
  const methods = watch('methods');

  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const next = await save.mutateAsync(settingsOf(values));
      client.setQueryData(paymentSettingsKey, next);
      reset(valuesOf(next));
      setSaved(true);
    } catch {
      // Shown from save.error below.
    }
  });
  const onChange = () => setSaved(false);

  return (
    <form className="account-form admin__form admin__form--wide" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="payment-settings-title">
      <h2 id="payment-settings-title">{t('dashboard.payments.settingsTitle')}</h2>
      <Field
        label={t('dashboard.payments.cutoffMinutes')}
        hint={t('dashboard.payments.cutoffHint')}
        type="number"
        inputMode="numeric"
        min={0}
        max={24 * 60}
        step={1}
        id="payments-cutoffMinutes"
        error={errorText(formState.errors.cutoffMinutes)}
        {...register('cutoffMinutes', { onChange })}
      />
      {cardMethodIds.map((id) => {
        const enabled = methods[id]?.enabled ?? false;
        return (
          <fieldset key={id} className="admin__fieldset" data-testid={`payment-method-${id}`}>
            <legend>{METHOD_TITLES[id]}</legend>
            <Field as="checkbox" label={t('dashboard.payments.enabled')} id={`payments-${id}-enabled`} {...register(`methods.${id}.enabled`, { onChange })} />
            <div className="admin__row">
              {fulfilmentTypes.map((type) => (
                <Field
                  key={type}
                  as="checkbox"
                  label={t(`dashboard.payments.fulfilment.${type}`)}
                  id={`payments-${id}-${type}`}
                  disabled={!enabled}
                  {...register(`methods.${id}.${type}`, { onChange })}
                />
              ))}
              {orderChannels.map((channel) => (
                <Field
                  key={channel}
                  as="checkbox"
                  label={t(`dashboard.payments.channel.${channel}`)}
                  id={`payments-${id}-${channel}`}
                  disabled={!enabled}
                  {...register(`methods.${id}.${channel}`, { onChange })}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
      {save.error ? (
        <Notice tone="error" role="alert">
          {save.error instanceof HttpError && save.error.code === 'PERMISSION_DENIED'
            ? t('dashboard.gate.forbiddenTitle')
            : save.error instanceof HttpError && save.error.code === 'INVALID_INPUT'
              ? t('dashboard.payments.saveInvalid')
              : t('dashboard.payments.saveFailed')}
        </Notice>
      ) : null}
      {saved ? <Notice tone="success">{t('dashboard.payments.saved')}</Notice> : null}
      <SettingsFormActions
        dirty={dirty}
        submitting={formState.isSubmitting}
        saveLabel={t('dashboard.payments.save')}
        undoLabel={t('dashboard.payments.undo')}
        unsavedText={t('dashboard.payments.unsaved')}
        onUndo={() => {
          save.reset();
          reset();
        }}
      />
      <UnsavedChangesDialog blocker={blocker} body={t('dashboard.payments.leaveBody')} />
    </form>
  );
}
