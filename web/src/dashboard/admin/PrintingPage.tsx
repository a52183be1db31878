import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useBlocker } from 'react-router';
import { Field } from '../../account/Field';
import { Badge, Button, EmptyState, Notice, Spinner } from '../../ui';
import { ConfirmDialog } from './ConfirmDialog';
import { DashboardFrame } from './DashboardFrame';
import { formatMoment } from './format';
import { PERMISSION } from './permissions';
import { rest, RestError } from './rest';
import { DashboardError, StaffGate } from './StaffGate';

type TicketKind = 'customer' | 'kitchen';

/** GET/PUT /api/printing/settings (server/src/modules/printing/print-admin.ts); the API key never comes back. */
interface PrintSettings {
  enabled: boolean;
  customerTicket: boolean;
  kitchenTicket: boolean;
  kitchenCopies: number;
  customerPrinter: string;
  kitchenPrinter: string;
  printNodeBaseUrl: string;
  printNodeApiKeySet: boolean;
  printNodeApiKeyEnding: string | null;
  seller: { name: string; address: string[]; vatNumber: string };
  notConfigured: TicketKind[];
}

interface PrintJob {
  id: number;
  orderId: number;
  pickupNumber: number | null;
  kind: TicketKind;
  copy: number;
  status: 'failed' | 'skipped' | 'pending';
  attempts: number;
  lastError: string | null;
  printer: string | null;
  createdAt: string;
}

const SETTINGS_URL = '/api/printing/settings';
const settingsKey = ['dashboard', 'printing', 'settings'] as const;
const jobsKey = ['dashboard', 'printing', 'jobs'] as const;

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
  if (!(error instanceof RestError) || error.status !== 400) return {};
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

function SettingsForm({ settings }: { settings: PrintSettings }) {
  const intl = useIntl();
  const client = useQueryClient();
  const saved = valuesOf(settings);
  const [values, setValues] = useState<FormValues>(saved);
  const [status, setStatus] = useState<'saved' | null>(null);
  const dirty = !sameValues(values, saved);
  const blocker = useLeaveGuard(dirty);
  const hintId = useId();
  const save = useMutation({
    mutationFn: (body: unknown) => rest<PrintSettings>('PUT', SETTINGS_URL, body),
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
            {save.error instanceof RestError && save.error.status === 400
              ? t('dashboard.printing.saveInvalid')
              : save.error instanceof RestError && save.error.status === 403
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

function JobList() {
  const intl = useIntl();
  const client = useQueryClient();
  const [retried, setRetried] = useState<PrintJob | null>(null);
  const query = useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => rest<{ jobs: PrintJob[] }>('GET', '/api/printing/jobs', undefined, signal).then((r) => r.jobs),
    // A retried job that fails again comes back on its own.
    refetchInterval: 10_000,
    retry: (count, error) => error instanceof RestError && error.status >= 500 && count < 2,
  });
  const retry = useMutation({
    mutationFn: (job: PrintJob) => rest<{ job: PrintJob }>('POST', `/api/printing/jobs/${job.id}/retry`),
    onSuccess: async (_answer, job) => {
      setRetried(job);
      await client.invalidateQueries({ queryKey: jobsKey });
    },
    onSettled: () => client.invalidateQueries({ queryKey: jobsKey }),
  });
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const ticketName = (job: PrintJob) => t(`dashboard.printing.kind.${job.kind}`) + (job.kind === 'kitchen' && job.copy > 1 ? ` (${job.copy})` : '');
  const orderName = (job: PrintJob) => (job.pickupNumber === null ? t('dashboard.printing.orderGone', { id: job.orderId }) : `#${job.pickupNumber}`);

  return (
    <>
      {retried ? (
        <Notice tone="success">{t('dashboard.printing.retried', { ticket: ticketName(retried), order: orderName(retried) })}</Notice>
      ) : null}
      {retry.error ? (
        <Notice tone="error" role="alert">
          {t(retry.error instanceof RestError && retry.error.status === 409 ? 'dashboard.printing.retryGone' : 'dashboard.printing.retryFailed')}
        </Notice>
      ) : null}
      {query.isPending ? (
        <Spinner size="lg" label={t('common.loading')} />
      ) : query.isError ? (
        <DashboardError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title={t('dashboard.printing.noJobs')} />
      ) : (
        <div className="admin__table-wrap" tabIndex={0} role="region" aria-label={t('dashboard.printing.jobsTitle')}>
          <table className="admin__table">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.printing.order')}</th>
                <th scope="col">{t('dashboard.printing.ticket')}</th>
                <th scope="col">{t('dashboard.printing.state')}</th>
                <th scope="col">{t('dashboard.printing.attempts')}</th>
                <th scope="col">{t('dashboard.printing.lastError')}</th>
                <th scope="col">{t('dashboard.printing.time')}</th>
                <th scope="col">{t('dashboard.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((job) => (
                <tr key={job.id}>
                  <th scope="row">
                    {orderName(job)} <span className="admin__muted">{t('dashboard.printing.orderId', { id: job.orderId })}</span>
                  </th>
                  <td>{ticketName(job)}</td>
                  <td>
                    <Badge variant={job.status === 'failed' ? 'soldout' : 'info'}>{t(`dashboard.printing.status.${job.status}`)}</Badge>
                  </td>
                  <td>{job.attempts}</td>
                  <td className="admin__mono">{job.lastError ?? ''}</td>
                  <td>{formatMoment(intl, job.createdAt)}</td>
                  <td>
                    {job.status === 'pending' ? null : (
                      <Button
                        variant="secondary"
                        size="sm"
                        busy={retry.isPending && retry.variables?.id === job.id}
                        onClick={() => {
                          setRetried(null);
                          retry.mutate(job);
                        }}
                        aria-label={t('dashboard.printing.retryFor', { ticket: ticketName(job), order: orderName(job) })}
                      >
                        {t('dashboard.printing.retry')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** Test tickets go to the saved printers, straight away (POST /api/printing/test): the answer says whether it printed. */
function TestPrint({ dirty }: { dirty: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const test = useMutation({
    mutationFn: (kind: TicketKind) => rest<{ printer: string }>('POST', '/api/printing/test', { kind }),
  });
  const hintId = useId();
  return (
    <section className="admin__section" aria-labelledby="print-test-title">
      <h2 id="print-test-title">{t('dashboard.printing.testTitle')}</h2>
      <p className="admin__muted" id={hintId}>
        {t(dirty ? 'dashboard.printing.testSaveFirst' : 'dashboard.printing.testLead')}
      </p>
      <div className="admin__buttons">
        {(['customer', 'kitchen'] as const).map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            disabled={dirty}
            aria-describedby={hintId}
            busy={test.isPending && test.variables === kind}
            onClick={() => test.mutate(kind)}
          >
            {t(`dashboard.printing.test.${kind}`)}
          </Button>
        ))}
      </div>
      {test.isSuccess ? <Notice tone="success">{t('dashboard.printing.testSent', { printer: test.data.printer })}</Notice> : null}
      {test.error ? (
        <Notice tone="error" role="alert">
          {test.error instanceof RestError && test.error.status === 409
            ? t('dashboard.printing.notConfigured')
            : test.error instanceof RestError && test.error.status === 502
              ? t('dashboard.printing.testFailed', { detail: test.error.message })
              : t('dashboard.printing.testError')}
        </Notice>
      ) : null}
    </section>
  );
}

/** The PrintNode warning of the print worker, on the page, while printing is on and a wanted kind has nowhere to go. */
function NotConfiguredWarning({ kinds }: { kinds: TicketKind[] }) {
  const intl = useIntl();
  if (kinds.length === 0) return null;
  return (
    <Notice tone="warning" role="alert">
      <strong>{intl.formatMessage({ id: 'dashboard.printing.notConfigured' })}</strong>{' '}
      {intl.formatMessage(
        { id: 'dashboard.printing.notConfiguredKinds' },
        { kinds: intl.formatList(kinds.map((kind) => intl.formatMessage({ id: `dashboard.printing.kind.${kind}` }))) },
      )}
    </Notice>
  );
}

function PrintingContent() {
  const intl = useIntl();
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => rest<PrintSettings>('GET', SETTINGS_URL, undefined, signal),
    // The form keeps what the user typed; the saved values only change by saving.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: (count, error) => error instanceof RestError && error.status >= 500 && count < 2,
  });
  return (
    <>
      <p className="admin__lead">{intl.formatMessage({ id: 'dashboard.printing.lead' })}</p>
      {settings.isPending ? (
        <Spinner size="lg" label={intl.formatMessage({ id: 'common.loading' })} />
      ) : settings.isError ? (
        <DashboardError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <NotConfiguredWarning kinds={settings.data.notConfigured} />
          <section className="admin__section">
            <SettingsForm settings={settings.data} />
          </section>
        </>
      )}
      <section aria-labelledby="print-jobs-title" className="admin__section">
        <h2 id="print-jobs-title">{intl.formatMessage({ id: 'dashboard.printing.jobsTitle' })}</h2>
        <p className="admin__lead">{intl.formatMessage({ id: 'dashboard.printing.jobsLead' })}</p>
        <JobList />
      </section>
    </>
  );
}

/** /dashboard/printing (settings.manage: managers and admins): where tickets print, and the ones that did not. */
export default function PrintingPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.settingsManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.printing.title' })}>
        <PrintingContent />
      </DashboardFrame>
    </StaffGate>
  );
}
