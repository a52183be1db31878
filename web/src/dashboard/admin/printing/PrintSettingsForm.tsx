import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { http, HttpError } from '../../../api/http';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, useErrorText, useZodForm } from '../../../forms/useZodForm';
import { Button, Notice } from '../../../ui';
import { Field } from '../../../ui/Field';
import { SETTINGS_URL, settingsKey, type PrintSettings } from './printing-api';
import { TestPrint } from './TestPrint';
import { SettingsFormActions } from '../SettingsFormActions';

/** The form's state: text inputs as typed; the key is only sent when typed (or cleared on purpose). */
interface FormValues {
  enabled: boolean;
  customerTicket: boolean;
  allergenLabel: boolean;
  kitchenTicket: boolean;
  kitchenCopies: string;
  customerPrinter: string;
  kitchenPrinter: string;
  printNodeApiKey: string;
  clearApiKey: boolean;
  printNodeBaseUrl: string;
  sellerName: string;
  sellerAddress: string;
  sellerVat: string;
}
type FieldName = Exclude<keyof FormValues, 'enabled' | 'customerTicket' | 'allergenLabel' | 'kitchenTicket' | 'clearApiKey'>;

function valuesOf(settings: PrintSettings): FormValues {
  return {
    enabled: settings.enabled,
    customerTicket: settings.customerTicket,
    allergenLabel: settings.allergenLabel,
    kitchenTicket: settings.kitchenTicket,
    kitchenCopies: String(settings.kitchenCopies),
    customerPrinter: settings.customerPrinter,
    kitchenPrinter: settings.kitchenPrinter,
    printNodeApiKey: '',
    clearApiKey: false,
    printNodeBaseUrl: settings.printNodeBaseUrl,
    sellerName: settings.seller.name,
    sellerAddress: settings.seller.address.join('\n'),
    sellerVat: settings.seller.vatNumber,
  };
}

function patchOf(values: FormValues) {
  const copies = values.kitchenCopies.trim();
  return {
    enabled: values.enabled,
    customerTicket: values.customerTicket,
    allergenLabel: values.allergenLabel,
    kitchenTicket: values.kitchenTicket,
    // Not a number: sent as null so the server names the field (one set of rules, on the server).
    kitchenCopies: copies === '' || !/^-?\d+$/.test(copies) ? null : Number(copies),
    customerPrinter: values.customerPrinter.trim(),
    kitchenPrinter: values.kitchenPrinter.trim(),
    printNodeBaseUrl: values.printNodeBaseUrl.trim(),
    ...(values.clearApiKey ? { printNodeApiKey: '' } : values.printNodeApiKey.trim() ? { printNodeApiKey: values.printNodeApiKey.trim() } : {}),
    seller: {
      name: values.sellerName,
      address: values.sellerAddress
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
      vatNumber: values.sellerVat,
    },
  };
}

const SELLER_FIELDS: Record<string, FieldName> = { name: 'sellerName', address: 'sellerAddress', vatNumber: 'sellerVat' };
const PLAIN_FIELDS: FieldName[] = ['kitchenCopies', 'customerPrinter', 'kitchenPrinter', 'printNodeApiKey', 'printNodeBaseUrl'];

/** The server's field path (seller, address, line 2 arrives as `seller.address.2`) to its form field. */
function formFieldOf(path: string): FieldName | undefined {
  const [head, sub] = path.split('.');
  if (head === 'seller') return sub ? SELLER_FIELDS[sub] : undefined;
  return PLAIN_FIELDS.find((name) => name === path);
}

/**
 * What the browser can tell at once; the server checks every field again (printer addresses, lengths)
 * and names the ones it refuses, which then show at their fields.
 */
const printSettingsSchema = z.object({
  enabled: z.boolean(),
  customerTicket: z.boolean(),
  allergenLabel: z.boolean(),
  kitchenTicket: z.boolean(),
  kitchenCopies: z
    .string()
    .trim()
    .regex(/^\d+$/, 'dashboard.printing.error.kitchenCopies')
    .refine((copies) => Number(copies) <= 10, 'dashboard.printing.error.kitchenCopies'),
  customerPrinter: z.string(),
  kitchenPrinter: z.string(),
  // Disabled while the key is to be cleared, and a disabled input has no value.
  printNodeApiKey: z.string().default(''),
  clearApiKey: z.boolean(),
  printNodeBaseUrl: z.string(),
  sellerName: z.string(),
  sellerAddress: z.string(),
  sellerVat: z.string(),
}) satisfies z.ZodType<FormValues>;

/** The print settings, saved as one strict patch; server field errors show next to their fields. */
export function PrintSettingsForm({ settings }: { settings: PrintSettings }) {
  const intl = useIntl();
  const client = useQueryClient();
  const form = useZodForm(printSettingsSchema, { defaultValues: valuesOf(settings) });
  const { register, handleSubmit, formState, reset, setError, setValue, watch } = form;
  const errorText = useErrorText();
  const [status, setStatus] = useState<'saved' | null>(null);
  const dirty = formState.isDirty;
  const blocker = useUnsavedChangesGuard(dirty && !formState.isSubmitting);
  const hintId = useId();
  const save = useMutation({ mutationFn: (body: unknown) => http<PrintSettings>('PUT', SETTINGS_URL, { body }) });
  const clearApiKey = watch('clearApiKey');

  const submit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const next = await save.mutateAsync(patchOf(values));
      client.setQueryData(settingsKey, next);
      reset(valuesOf(next));
      setStatus('saved');
    } catch (error) {
      if (error instanceof HttpError && error.code === 'PRINT_SETTINGS_INVALID') {
        applyServerFieldErrors(setError, error.fields, formFieldOf, (name) => `dashboard.printing.error.${name}`);
      }
    }
  });
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const invalid = Object.keys(formState.errors).length > 0 || (save.error instanceof HttpError && save.error.code === 'PRINT_SETTINGS_INVALID');
  const field = (name: FieldName) => ({
    ...register(name, { onChange: () => setStatus(null) }),
    id: `print-${name}`,
    error: errorText(formState.errors[name]),
  });

  return (
    <>
      <form className="account-form admin__form admin__form--wide" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="print-settings-title">
        <h2 id="print-settings-title">{t('dashboard.printing.settingsTitle')}</h2>
        <fieldset className="admin__fieldset">
          <legend>{t('dashboard.printing.tickets')}</legend>
          <Field as="checkbox" label={t('dashboard.printing.enabled')} id="print-enabled" {...register('enabled', { onChange: () => setStatus(null) })} />
          <Field
            as="checkbox"
            label={t('dashboard.printing.customerTicket')}
            id="print-customerTicket"
            {...register('customerTicket', { onChange: () => setStatus(null) })}
          />
          <Field
            as="checkbox"
            label={t('dashboard.printing.allergenLabel')}
            hint={t('dashboard.printing.allergenLabelHint')}
            id="print-allergenLabel"
            {...register('allergenLabel', { onChange: () => setStatus(null) })}
          />
          <Field
            as="checkbox"
            label={t('dashboard.printing.kitchenTicket')}
            id="print-kitchenTicket"
            {...register('kitchenTicket', { onChange: () => setStatus(null) })}
          />
        </fieldset>
        <Field label={t('dashboard.printing.kitchenCopies')} type="number" inputMode="numeric" min={0} max={10} step={1} {...field('kitchenCopies')} />
        <p className="account-hint" id={hintId}>
          {t('dashboard.printing.printerHint')}
        </p>
        <div className="admin__row">
          <Field label={t('dashboard.printing.customerPrinter')} autoComplete="off" spellCheck={false} {...field('customerPrinter')} />
          <Field label={t('dashboard.printing.kitchenPrinter')} autoComplete="off" spellCheck={false} {...field('kitchenPrinter')} />
        </div>
        <fieldset className="admin__fieldset">
          <legend>{t('dashboard.printing.printNode')}</legend>
          <p className="admin__muted" role="status">
            {clearApiKey
              ? t('dashboard.printing.apiKeyWillClear')
              : settings.printNodeApiKeySet
                ? settings.printNodeApiKeyEnding
                  ? t('dashboard.printing.apiKeySetEnding', { ending: settings.printNodeApiKeyEnding })
                  : t('dashboard.printing.apiKeySet')
                : t('dashboard.printing.apiKeyNotSet')}
          </p>
          <Field
            label={t(settings.printNodeApiKeySet ? 'dashboard.printing.apiKeyReplace' : 'dashboard.printing.apiKey')}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            disabled={clearApiKey}
            {...field('printNodeApiKey')}
          />
          {settings.printNodeApiKeySet || clearApiKey ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setStatus(null);
                setValue('clearApiKey', !clearApiKey, { shouldDirty: true });
                setValue('printNodeApiKey', '', { shouldDirty: true });
              }}
            >
              {t(clearApiKey ? 'dashboard.printing.apiKeyKeep' : 'dashboard.printing.apiKeyClear')}
            </Button>
          ) : null}
          <Field label={t('dashboard.printing.baseUrl')} type="url" autoComplete="off" spellCheck={false} {...field('printNodeBaseUrl')} />
        </fieldset>
        <fieldset className="admin__fieldset">
          <legend>{t('dashboard.printing.seller')}</legend>
          <Field label={t('dashboard.printing.sellerName')} autoComplete="off" {...field('sellerName')} />
          <Field
            as="textarea"
            label={t('dashboard.printing.sellerAddress')}
            rows={4}
            hint={t('dashboard.printing.sellerAddressHint')}
            {...field('sellerAddress')}
          />
          <Field label={t('dashboard.printing.sellerVat')} autoComplete="off" {...field('sellerVat')} />
        </fieldset>
        {save.error || invalid ? (
          <Notice tone="error" role="alert">
            {invalid
              ? t('dashboard.printing.saveInvalid')
              : save.error instanceof HttpError && save.error.code === 'PERMISSION_DENIED'
                ? t('dashboard.gate.forbiddenTitle')
                : t('dashboard.printing.saveFailed')}
          </Notice>
        ) : null}
        {status === 'saved' ? <Notice tone="success">{t('dashboard.printing.saved')}</Notice> : null}
        <SettingsFormActions
          dirty={dirty}
          submitting={formState.isSubmitting}
          saveLabel={t('dashboard.printing.save')}
          undoLabel={t('dashboard.printing.undo')}
          unsavedText={t('dashboard.printing.unsaved')}
          onUndo={() => {
            save.reset();
            reset();
          }}
        />
        <UnsavedChangesDialog blocker={blocker} body={t('dashboard.printing.leaveBody')} />
      </form>
      <TestPrint dirty={dirty} />
    </>
  );
}
