import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentSurchargesView, SurchargeMethodId, SurchargeVatRate } from '@bakje/contract';
import { cardMethodIds, surchargeMethodIds, surchargeVatRates } from '@bakje/contract/payments';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { http, HttpError } from '../../../api/http';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, useErrorText, useZodForm } from '../../../forms/useZodForm';
import { Notice } from '../../../ui';
import { Field } from '../../../ui/Field';
import { formatPrice, toCents, centsToDecimal } from '../../catalog/products/money';
import { METHOD_TITLES } from './PaymentSettingsForm';
import { PAYMENT_SURCHARGES_URL, paymentSurchargesKey } from './payments-api';
import { SettingsFormActions } from '../SettingsFormActions';

/** The server's limits (server/src/modules/payments/payment-surcharges.ts). */
const MAX_LABEL = 60;
const MAX_FIXED_CENTS = 100_00;
/** 0 to 100 with at most two decimals, a comma or a point. */
const PERCENT = /^\d{1,3}(?:[.,]\d{1,2})?$/;

const surchargeValues = z.object({
  fixed: z
    .string()
    .trim()
    .refine((value) => value === '' || (toCents(value) !== null && toCents(value)! <= MAX_FIXED_CENTS), 'dashboard.surcharges.error.fixed'),
  percent: z
    .string()
    .trim()
    .refine((value) => value === '' || (PERCENT.test(value) && Number(value.replace(',', '.')) <= 100), 'dashboard.surcharges.error.percent'),
  vatRate: z.enum(surchargeVatRates.map(String) as [string, ...string[]], { message: 'dashboard.surcharges.error.vatRate' }),
  label: z.string().trim().max(MAX_LABEL, 'dashboard.surcharges.error.label'),
});
type SurchargeValues = z.infer<typeof surchargeValues>;

const surchargeFormSchema = z.object({
  methods: z.object(Object.fromEntries(surchargeMethodIds.map((id) => [id, surchargeValues])) as Record<SurchargeMethodId, typeof surchargeValues>),
});
type FormValues = z.infer<typeof surchargeFormSchema>;

function valuesOf(view: PaymentSurchargesView): FormValues {
  const methods = Object.fromEntries(
    surchargeMethodIds.map((id) => {
      const s = view.methods[id];
      const values: SurchargeValues = {
        fixed: s.fixed ? formatPrice(centsToDecimal(s.fixed)) : '',
        percent: s.percent ? String(s.percent).replace('.', ',') : '',
        vatRate: String(s.vatRate),
        label: s.label,
      };
      return [id, values];
    }),
  ) as FormValues['methods'];
  return { methods };
}

function viewOf(values: FormValues): PaymentSurchargesView {
  const methods = Object.fromEntries(
    surchargeMethodIds.map((id) => {
      const v = values.methods[id];
      return [
        id,
        {
          fixed: toCents(v.fixed) ?? 0,
          percent: v.percent ? Number(v.percent.replace(',', '.')) : 0,
          vatRate: Number(v.vatRate) as SurchargeVatRate,
          label: v.label.trim(),
        },
      ];
    }),
  ) as PaymentSurchargesView['methods'];
  return { methods };
}

/** The server names fields as `methods.<id>.<field>`, the form's own paths. */
const formFieldOf = (serverField: string) => {
  const [root, id = '', field = ''] = serverField.split('.');
  if (root !== 'methods' || !(surchargeMethodIds as readonly string[]).includes(id) || !['fixed', 'percent', 'vatRate', 'label'].includes(field))
    return undefined;
  return `methods.${id as SurchargeMethodId}.${field as keyof SurchargeValues}` as const;
};
const REFUSED: Record<keyof SurchargeValues, string> = {
  fixed: 'dashboard.surcharges.error.fixed',
  percent: 'dashboard.surcharges.error.percent',
  vatRate: 'dashboard.surcharges.error.vatRate',
  label: 'dashboard.surcharges.error.label',
};

/**
 * Transaction cost per payment method (docs/decisions/0048-transaction-cost.md): a fixed amount and/or a
 * percentage, its VAT rate and label; empty everywhere by default. Saved as a whole.
 */
export function SurchargeSettingsForm({ view }: { view: PaymentSurchargesView }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const form = useZodForm(surchargeFormSchema, { defaultValues: valuesOf(view) });
  const { register, handleSubmit, formState, reset, setError } = form;
  const errorText = useErrorText();
  const [saved, setSaved] = useState(false);
  const dirty = formState.isDirty;
  const blocker = useUnsavedChangesGuard(dirty && !formState.isSubmitting);
  const save = useMutation({ mutationFn: (body: PaymentSurchargesView) => http<PaymentSurchargesView>('PUT', PAYMENT_SURCHARGES_URL, { body }) });
  const onChange = () => setSaved(false);

  const title = (id: SurchargeMethodId) =>
    (cardMethodIds as readonly string[]).includes(id) ? METHOD_TITLES[id as keyof typeof METHOD_TITLES] : t(`dashboard.surcharges.method.${id}`);

  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const next = await save.mutateAsync(viewOf(values));
      client.setQueryData(paymentSurchargesKey, next);
      reset(valuesOf(next));
      setSaved(true);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'INVALID_INPUT') {
        applyServerFieldErrors(setError, error.fields, formFieldOf, (field) => REFUSED[field.split('.')[2] as keyof SurchargeValues] ?? 'form.invalid');
      }
    }
  });

  return (
    <form className="account-form admin__form admin__form--wide" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="surcharges-title">
      <h2 id="surcharges-title">{t('dashboard.surcharges.title')}</h2>
      <p className="admin__muted">{t('dashboard.surcharges.lead')}</p>
      {surchargeMethodIds.map((id) => {
        const errors = formState.errors.methods?.[id];
        return (
          <fieldset key={id} className="admin__fieldset" data-testid={`surcharge-${id}`}>
            <legend>{title(id)}</legend>
            <div className="admin__row">
              <Field
                label={t('dashboard.surcharges.fixed')}
                inputMode="decimal"
                id={`surcharge-${id}-fixed`}
                placeholder="0,00"
                error={errorText(errors?.fixed)}
                {...register(`methods.${id}.fixed`, { onChange })}
              />
              <Field
                label={t('dashboard.surcharges.percent')}
                inputMode="decimal"
                id={`surcharge-${id}-percent`}
                placeholder="0"
                error={errorText(errors?.percent)}
                {...register(`methods.${id}.percent`, { onChange })}
              />
              <Field
                as="select"
                label={t('dashboard.surcharges.vatRate')}
                id={`surcharge-${id}-vatRate`}
                error={errorText(errors?.vatRate)}
                {...register(`methods.${id}.vatRate`, { onChange })}
              >
                {surchargeVatRates.map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {rate}%
                  </option>
                ))}
              </Field>
              <Field
                label={t('dashboard.surcharges.label')}
                hint={t('dashboard.surcharges.labelHint')}
                id={`surcharge-${id}-label`}
                maxLength={MAX_LABEL}
                error={errorText(errors?.label)}
                {...register(`methods.${id}.label`, { onChange })}
              />
            </div>
          </fieldset>
        );
      })}
      {save.error && !(save.error instanceof HttpError && save.error.code === 'INVALID_INPUT' && save.error.fields.length) ? (
        <Notice tone="error" role="alert">
          {save.error instanceof HttpError && save.error.code === 'PERMISSION_DENIED' ? t('dashboard.gate.forbiddenTitle') : t('dashboard.payments.saveFailed')}
        </Notice>
      ) : null}
      {saved ? <Notice tone="success">{t('dashboard.surcharges.saved')}</Notice> : null}
      <SettingsFormActions
        dirty={dirty}
        submitting={formState.isSubmitting}
        saveLabel={t('dashboard.surcharges.save')}
        undoLabel={t('dashboard.payments.undo')}
        unsavedText={t('dashboard.payments.unsaved')}
        onUndo={() => {
          save.reset();
          reset();
        }}
      />
      <UnsavedChangesDialog blocker={blocker} body={t('dashboard.surcharges.leaveBody')} />
    </form>
  );
}
