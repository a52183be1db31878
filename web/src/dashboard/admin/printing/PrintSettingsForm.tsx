import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useBlocker } from 'react-router';
import { Field } from '../../../account/Field';
import { Button, Notice } from '../../../ui';
import { ConfirmDialog } from '../ConfirmDialog';
import { http, HttpError } from '../../../api/http';
import { SETTINGS_URL, settingsKey, type PrintSettings } from './printing-api';
import { TestPrint } from './TestPrint';

/** The form's state: text inputs as typed; the key is only sent when typed (or cleared on purpose). */
interface FormValues {
  enabled: boolean;
  customerTicket: boolean;
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
type FieldName = Exclude<keyof FormValues, 'enabled' | 'customerTicket' | 'kitchenTicket' | 'clearApiKey'>;

function valuesOf(settings: PrintSettings): FormValues {
  return {
    enabled: settings.enabled,
    customerTicket: settings.customerTicket,
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

const sameValues = (a: FormValues, b: FormValues) => (Object.keys(a) as (keyof FormValues)[]).every((key) => a[key] === b[key]);

function patchOf(values: FormValues) {
  const copies = values.kitchenCopies.trim();
  return {
    enabled: values.enabled,
    customerTicket: values.customerTicket,
    kitchenTicket: values.kitchenTicket,
    // Not a number: sent as null so the server names the field (one set of rules, on the server).
    kitchenCopies: copies === '' || !/^-?\d+$/.test(copies) ? null : Number(copies),
    customerPrinter: values.customerPrinter.trim(),
    kitchenPrinter: values.kitchenPrinter.trim(),
    printNodeBaseUrl: values.printNodeBaseUrl.trim(),
    ...(values.clearApiKey ? { printNodeApiKey: '' } : values.printNodeApiKey.trim() ? { printNodeApiKey: values.printNodeApiKey.trim() } : {}),
    seller: {
      name: values.sellerName,
      address: values.sellerAddress.split('\n').map((l) => l.trim()).filter(Boolean),
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

type FieldErrors = Partial<Record<FieldName, string>>;

function errorsOf(intl: IntlShape, error: unknown): FieldErrors {
  if (!(error instanceof HttpError) || error.status !== 400) return {};
  const errors: FieldErrors = {};
  for (const { field } of error.fields) {
    const name = formFieldOf(field);
    if (name) errors[name] = intl.formatMessage({ id: `dashboard.printing.error.${name}` });
  }
  return errors;
}

function Check({ label, checked, onChange, name }: { label: string; checked: boolean; onChange: (checked: boolean) => void; name: string }) {
  return (
    <label className="check">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** Asks before leaving the page (a link or closing the tab) while the form has unsaved changes. */
function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

/** The print settings, saved as one strict patch; server field errors show next to their fields. */
export function PrintSettingsForm({ settings }: { settings: PrintSettings }) {
  const intl = useIntl();
  const client = useQueryClient();
  const saved = valuesOf(settings);
  const [values, setValues] = useState<FormValues>(saved);
  const [status, setStatus] = useState<'saved' | null>(null);
  const dirty = !sameValues(values, saved);
  const blocker = useLeaveGuard(dirty);
  const hintId = useId();
  const save = useMutation({
    mutationFn: (body: unknown) => http<PrintSettings>('PUT', SETTINGS_URL, { body }),
    onSuccess: (next) => {
      client.setQueryData(settingsKey, next);
      setValues(valuesOf(next));
      setStatus('saved');
    },
  });
  const errors = errorsOf(intl, save.error);
  const set = (name: FieldName) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setStatus(null);
    setValues((v) => ({ ...v, [name]: event.target.value }));
  };
  const toggle = (name: 'enabled' | 'customerTicket' | 'kitchenTicket') => (checked: boolean) => {
    setStatus(null);
    setValues((v) => ({ ...v, [name]: checked }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    save.mutate(patchOf(values));
  };
  const addressId = useId();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  return (
    <>
      <form className="account-form admin__form admin__form--wide" onSubmit={submit} noValidate aria-labelledby="print-settings-title">
        <h2 id="print-settings-title">{t('dashboard.printing.settingsTitle')}</h2>
        <fieldset className="admin__fieldset">
          <legend>{t('dashboard.printing.tickets')}</legend>
          <Check name="enabled" label={t('dashboard.printing.enabled')} checked={values.enabled} onChange={toggle('enabled')} />
          <Check name="customerTicket" label={t('dashboard.printing.customerTicket')} checked={values.customerTicket} onChange={toggle('customerTicket')} />
          <Check name="kitchenTicket" label={t('dashboard.printing.kitchenTicket')} checked={values.kitchenTicket} onChange={toggle('kitchenTicket')} />
        </fieldset>
        <Field
          label={t('dashboard.printing.kitchenCopies')}
          name="kitchenCopies"
          type="number"
          inputMode="numeric"
          min={0}
          max={10}
          step={1}
          value={values.kitchenCopies}
          onChange={set('kitchenCopies')}
          error={errors.kitchenCopies}
        />
        <p className="account-hint" id={hintId}>
          {t('dashboard.printing.printerHint')}
        </p>
        <div className="admin__row">
          <Field
            label={t('dashboard.printing.customerPrinter')}
            name="customerPrinter"
            autoComplete="off"
            spellCheck={false}
            value={values.customerPrinter}
            onChange={set('customerPrinter')}
            error={errors.customerPrinter}
          />
          <Field
            label={t('dashboard.printing.kitchenPrinter')}
            name="kitchenPrinter"
            autoComplete="off"
            spellCheck={false}
            value={values.kitchenPrinter}
            onChange={set('kitchenPrinter')}
            error={errors.kitchenPrinter}
          />
        </div>
        <fieldset className="admin__fieldset">
          <legend>{t('dashboard.printing.printNode')}</legend>
          <p className="admin__muted" role="status">
            {values.clearApiKey
              ? t('dashboard.printing.apiKeyWillClear')
              : settings.printNodeApiKeySet
                ? settings.printNodeApiKeyEnding
                  ? t('dashboard.printing.apiKeySetEnding', { ending: settings.printNodeApiKeyEnding })
                  : t('dashboard.printing.apiKeySet')
                : t('dashboard.printing.apiKeyNotSet')}
          </p>
          <Field
            label={t(settings.printNodeApiKeySet ? 'dashboard.printing.apiKeyReplace' : 'dashboard.printing.apiKey')}
            name="printNodeApiKey"
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            disabled={values.clearApiKey}
            value={values.printNodeApiKey}
            onChange={set('printNodeApiKey')}
            error={errors.printNodeApiKey}
          />
          {settings.printNodeApiKeySet || values.clearApiKey ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setStatus(null);
                setValues((v) => ({ ...v, clearApiKey: !v.clearApiKey, printNodeApiKey: '' }));
              }}
            >
              {t(values.clearApiKey ? 'dashboard.printing.apiKeyKeep' : 'dashboard.printing.apiKeyClear')}
            </Button>
          ) : null}
          <Field
            label={t('dashboard.printing.baseUrl')}
            name="printNodeBaseUrl"
            type="url"
            autoComplete="off"
            spellCheck={false}
            value={values.printNodeBaseUrl}
            onChange={set('printNodeBaseUrl')}
            error={errors.printNodeBaseUrl}
          />
        </fieldset>
        <fieldset className="admin__fieldset">
          <legend>{t('dashboard.printing.seller')}</legend>
          <Field label={t('dashboard.printing.sellerName')} name="sellerName" autoComplete="off" value={values.sellerName} onChange={set('sellerName')} error={errors.sellerName} />
          <div className="account-field">
            <label htmlFor={addressId}>{t('dashboard.printing.sellerAddress')}</label>
            <textarea
              id={addressId}
              name="sellerAddress"
              className="input"
              rows={4}
              value={values.sellerAddress}
              onChange={set('sellerAddress')}
              aria-invalid={errors.sellerAddress ? true : undefined}
              aria-describedby={`${addressId}-hint${errors.sellerAddress ? ` ${addressId}-error` : ''}`}
            />
            <p className="account-hint" id={`${addressId}-hint`}>
              {t('dashboard.printing.sellerAddressHint')}
            </p>
            {errors.sellerAddress ? (
              <p className="field-error" id={`${addressId}-error`}>
                {errors.sellerAddress}
              </p>
            ) : null}
          </div>
          <Field label={t('dashboard.printing.sellerVat')} name="sellerVat" autoComplete="off" value={values.sellerVat} onChange={set('sellerVat')} error={errors.sellerVat} />
        </fieldset>
        {save.error ? (
          <Notice tone="error" role="alert">
            {save.error instanceof HttpError && save.error.status === 400
              ? t('dashboard.printing.saveInvalid')
              : save.error instanceof HttpError && save.error.status === 403
                ? t('dashboard.gate.forbiddenTitle')
                : t('dashboard.printing.saveFailed')}
          </Notice>
        ) : null}
        {status === 'saved' ? <Notice tone="success">{t('dashboard.printing.saved')}</Notice> : null}
        {dirty && !save.isPending ? <p className="admin__muted">{t('dashboard.printing.unsaved')}</p> : null}
        <div className="admin__buttons">
          <Button type="submit" variant="primary" busy={save.isPending}>
            {t('dashboard.printing.save')}
          </Button>
          <Button
            variant="secondary"
            disabled={!dirty || save.isPending}
            onClick={() => {
              save.reset();
              setValues(saved);
            }}
          >
            {t('dashboard.printing.undo')}
          </Button>
        </div>
        <ConfirmDialog
          open={blocker.state === 'blocked'}
          title={t('dashboard.printing.leaveTitle')}
          confirmLabel={t('dashboard.printing.leaveConfirm')}
          onClose={() => blocker.reset?.()}
          onConfirm={() => blocker.proceed?.()}
        >
          <p>{t('dashboard.printing.leaveBody')}</p>
        </ConfirmDialog>
      </form>
      <TestPrint dirty={dirty} />
    </>
  );
}
