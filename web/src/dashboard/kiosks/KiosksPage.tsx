import type { KioskAttractSettings, KioskDeviceInput, KioskDeviceView, KioskSuggestionSettings } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { http, HttpError, retryServerErrors } from '../../api/http';
import { SubmitButton } from '../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, errorAt, useErrorText, useZodForm } from '../../forms/useZodForm';
import { Badge, Button, ConfirmDialog, Dialog, EmptyState, Notice, Spinner } from '../../ui';
import { Field } from '../../ui/Field';
import { RecordListFrame } from '../admin/RecordListFrame';
import { PERMISSION } from '../admin/permissions';
import { DashboardError } from '../admin/StaffGate';
import { AttractEditor } from './AttractEditor';
import { blankKiosk, formOfKiosk, kioskForm, kioskFormField } from './kioskForm';
import { SuggestionsEditor, SUGGESTIONS_URL, suggestionsKey } from './SuggestionsEditor';
import './kiosks.css';

const URL = '/api/dashboard/kiosks';
export const kiosksKey = ['dashboard', 'kiosks'] as const;

function KioskEditor({ kiosk, onDone }: { kiosk: KioskDeviceView | null; onDone: (saved: KioskDeviceView | null) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const errorText = useErrorText();
  const client = useQueryClient();
  const { register, handleSubmit, formState, setError, reset } = useZodForm(kioskForm, { defaultValues: kiosk ? formOfKiosk(kiosk) : blankKiosk() });
  const save = useMutation({
    mutationFn: (body: KioskDeviceInput) =>
      kiosk ? http<KioskDeviceView>('PUT', `${URL}/${kiosk.id}`, { body }) : http<KioskDeviceView>('POST', URL, { body }),
  });
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(formOfKiosk(saved));
      await client.invalidateQueries({ queryKey: kiosksKey });
      onDone(saved);
    } catch (error) {
      if (error instanceof HttpError) applyServerFieldErrors(setError, error.fields, kioskFormField, () => 'dashboard.kiosks.error.server');
    }
  });
  const headingId = kiosk ? `kiosk-edit-${kiosk.id}` : 'kiosk-new';
  const number = (name: 'idleSeconds' | 'countdownSeconds' | 'attractSeconds' | 'confirmationSeconds', min: number, max: number) => (
    <Field
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      label={t(`dashboard.kiosks.${name}`)}
      hint={intl.formatMessage({ id: 'dashboard.kiosks.secondsRange' }, { min, max })}
      required
      {...register(name)}
      error={errorText(errorAt(formState.errors, name))}
    />
  );
  return (
    <form className="account-form admin__form admin__form--wide" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>{kiosk ? t('dashboard.kiosks.editTitle') : t('dashboard.kiosks.newTitle')}</h2>
      <Field label={t('dashboard.kiosks.name')} required maxLength={60} {...register('name')} error={errorText(errorAt(formState.errors, 'name'))} />
      <div className="admin__row">
        <Field
          label={t('dashboard.kiosks.terminalId')}
          hint={t('dashboard.kiosks.terminalIdHint')}
          maxLength={40}
          {...register('terminalId')}
          error={errorText(errorAt(formState.errors, 'terminalId'))}
        />
        <Field
          label={t('dashboard.kiosks.printerId')}
          hint={t('dashboard.kiosks.printerIdHint')}
          inputMode="numeric"
          {...register('printerId')}
          error={errorText(errorAt(formState.errors, 'printerId'))}
        />
      </div>
      <fieldset className="admin__fieldset" aria-describedby={formState.errors.fulfilment ? 'kiosk-fulfilment-error' : undefined}>
        <legend>{t('dashboard.kiosks.fulfilment')}</legend>
        <Field as="checkbox" label={t('dashboard.kiosks.fulfilment.takeaway')} value="takeaway" {...register('fulfilment')} />
        <Field as="checkbox" label={t('dashboard.kiosks.fulfilment.dinein')} value="dinein" {...register('fulfilment')} />
        {formState.errors.fulfilment ? (
          <p className="field-error" id="kiosk-fulfilment-error" role="alert">
            {errorText(errorAt(formState.errors, 'fulfilment'))}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="admin__fieldset" aria-describedby={formState.errors.paymentMethods ? 'kiosk-payment-error' : undefined}>
        <legend>{t('dashboard.kiosks.paymentMethods')}</legend>
        <Field as="checkbox" label={t('dashboard.kiosks.payment.terminal')} value="terminal" {...register('paymentMethods')} />
        <Field as="checkbox" label={t('dashboard.kiosks.payment.counter')} value="counter" {...register('paymentMethods')} />
        {formState.errors.paymentMethods ? (
          <p className="field-error" id="kiosk-payment-error" role="alert">
            {errorText(errorAt(formState.errors, 'paymentMethods'))}
          </p>
        ) : null}
      </fieldset>
      <Field as="checkbox" label={t('dashboard.kiosks.printCounterOrdersAtOnce')} {...register('printCounterOrdersAtOnce')} />
      <div className="admin__row">
        {number('idleSeconds', 10, 600)}
        {number('countdownSeconds', 5, 120)}
      </div>
      <div className="admin__row">
        {number('attractSeconds', 10, 3600)}
        {number('confirmationSeconds', 5, 300)}
      </div>
      {save.error && !(save.error instanceof HttpError && save.error.fields.length > 0) ? (
        <Notice tone="error" role="alert">
          {save.error instanceof HttpError && save.error.code === 'PERMISSION_DENIED' ? t('dashboard.gate.forbiddenTitle') : t('dashboard.kiosks.saveFailed')}
        </Notice>
      ) : null}
      <div className="admin__buttons">
        <SubmitButton submitting={formState.isSubmitting}>{t('dashboard.kiosks.save')}</SubmitButton>
        <Button variant="secondary" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </Button>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}

/** Enter the code the kiosk shows: the kiosk page is then bound to this device. */
function PairDialog({ kiosk, onClose, onPaired }: { kiosk: KioskDeviceView | null; onClose: () => void; onPaired: (k: KioskDeviceView) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [code, setCode] = useState('');
  const codeId = useId();
  const client = useQueryClient();
  const pair = useMutation({
    mutationFn: (body: { code: string }) => http<KioskDeviceView>('POST', `${URL}/${kiosk!.id}/pair`, { body }),
    onSuccess: async (paired) => {
      setCode('');
      await client.invalidateQueries({ queryKey: kiosksKey });
      onPaired(paired);
    },
  });
  const problem =
    pair.error instanceof HttpError
      ? pair.error.code === 'PAIRING_CODE_INVALID'
        ? t('dashboard.kiosks.pair.invalid')
        : pair.error.code === 'TOO_MANY_ATTEMPTS'
          ? t('dashboard.kiosks.pair.tooMany')
          : t('dashboard.kiosks.pair.failed')
      : pair.error
        ? t('dashboard.kiosks.pair.failed')
        : null;
  return (
    <Dialog
      open={kiosk !== null}
      onClose={() => (pair.reset(), setCode(''), onClose())}
      title={intl.formatMessage({ id: 'dashboard.kiosks.pair.title' }, { name: kiosk?.name ?? '' })}
    >
      <form
        className="account-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim()) pair.mutate({ code: code.trim() });
        }}
      >
        <p>{t('dashboard.kiosks.pair.help')}</p>
        <div className="account-field">
          <label htmlFor={codeId}>{t('dashboard.kiosks.pair.code')}</label>
          <input
            id={codeId}
            className="input kiosks-page__code"
            value={code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${codeId}-error` : undefined}
          />
          {problem ? (
            <p className="field-error" id={`${codeId}-error`} role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <div className="admin__buttons">
          <SubmitButton submitting={pair.isPending}>{t('dashboard.kiosks.pair.submit')}</SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

function KioskList({
  kiosks,
  onEdit,
  onPair,
  onUnpair,
  onDelete,
}: {
  kiosks: KioskDeviceView[];
  onEdit: (k: KioskDeviceView) => void;
  onPair: (k: KioskDeviceView) => void;
  onUnpair: (k: KioskDeviceView) => void;
  onDelete: (k: KioskDeviceView) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const when = (iso: string | null) => (iso ? intl.formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' }) : t('dashboard.kiosks.never'));
  return (
    <ul className="kiosks-list" aria-label={t('dashboard.kiosks.listLabel')}>
      {kiosks.map((kiosk) => (
        <li key={kiosk.id} className="kiosks-list__item" data-testid="kiosk-row" data-paired={kiosk.paired}>
          <div className="kiosks-list__main">
            <p className="kiosks-list__name">{kiosk.name}</p>
            <p className="admin__muted">
              {t('dashboard.kiosks.lastSeen', { when: when(kiosk.lastSeenAt) })}
              {' · '}
              {kiosk.fulfilment.map((f) => t(`dashboard.kiosks.fulfilment.${f}`)).join(', ')}
              {' · '}
              {kiosk.paymentMethods.map((m) => t(`dashboard.kiosks.payment.${m}`)).join(', ')}
            </p>
          </div>
          <Badge variant={kiosk.paired ? 'new' : 'neutral'}>{kiosk.paired ? t('dashboard.kiosks.paired') : t('dashboard.kiosks.unpaired')}</Badge>
          <div className="admin__buttons kiosks-list__actions">
            <Button size="sm" variant="secondary" onClick={() => onEdit(kiosk)} aria-label={t('dashboard.kiosks.editFor', { name: kiosk.name })}>
              {t('dashboard.kiosks.edit')}
            </Button>
            {kiosk.paired ? (
              <Button size="sm" variant="secondary" onClick={() => onUnpair(kiosk)} aria-label={t('dashboard.kiosks.unpairFor', { name: kiosk.name })}>
                {t('dashboard.kiosks.unpair')}
              </Button>
            ) : (
              <Button size="sm" variant="primary" onClick={() => onPair(kiosk)} aria-label={t('dashboard.kiosks.pairFor', { name: kiosk.name })}>
                {t('dashboard.kiosks.pair')}
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => onDelete(kiosk)} aria-label={t('dashboard.kiosks.deleteFor', { name: kiosk.name })}>
              {t('dashboard.kiosks.delete')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * /dashboard/kiosks (settings.manage): the self-order kiosks (issue 15). Devices with their paired state and last
 * request, created and changed here, paired by the code their screen shows, unpaired and deleted after a
 * confirmation; the attract loop every kiosk plays when idle; the categories suggested before paying.
 */
export default function KiosksPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const [editing, setEditing] = useState<KioskDeviceView | 'new' | null>(null);
  const [pairing, setPairing] = useState<KioskDeviceView | null>(null);
  const [unpairing, setUnpairing] = useState<KioskDeviceView | null>(null);
  const [deleting, setDeleting] = useState<KioskDeviceView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({ queryKey: kiosksKey, queryFn: ({ signal }) => http<KioskDeviceView[]>('GET', URL, { signal }), retry: retryServerErrors });
  const attract = useQuery({
    queryKey: ['dashboard', 'kiosk-attract'],
    queryFn: ({ signal }) => http<KioskAttractSettings>('GET', '/api/dashboard/kiosk-attract', { signal }),
    retry: retryServerErrors,
  });
  const suggestions = useQuery({
    queryKey: suggestionsKey,
    queryFn: ({ signal }) => http<KioskSuggestionSettings>('GET', SUGGESTIONS_URL, { signal }),
    retry: retryServerErrors,
  });
  const unpair = useMutation({
    mutationFn: (kiosk: KioskDeviceView) => http<KioskDeviceView>('POST', `${URL}/${kiosk.id}/unpair`),
    onSuccess: async () => {
      setUnpairing(null);
      setNotice(t('dashboard.kiosks.unpaired.done'));
      await client.invalidateQueries({ queryKey: kiosksKey });
    },
  });
  const remove = useMutation({
    mutationFn: (kiosk: KioskDeviceView) => http<void>('DELETE', `${URL}/${kiosk.id}`),
    onSuccess: async () => {
      setDeleting(null);
      setNotice(t('dashboard.kiosks.deleted'));
      await client.invalidateQueries({ queryKey: kiosksKey });
    },
  });
  return (
    <RecordListFrame
      permission={PERMISSION.settingsManage}
      title={t('dashboard.kiosks.title')}
      newLabel={t('dashboard.kiosks.new')}
      onNew={editing === null ? () => (setNotice(null), setEditing('new')) : undefined}
      lead={t('dashboard.kiosks.lead')}
      notice={notice}
    >
      {editing !== null ? (
        <section className="admin__section">
          <KioskEditor
            key={editing === 'new' ? 'new' : editing.id}
            kiosk={editing === 'new' ? null : editing}
            onDone={(saved) => {
              setEditing(null);
              if (saved) setNotice(t('dashboard.kiosks.saved'));
            }}
          />
        </section>
      ) : null}
      <section className="admin__section" aria-labelledby="kiosks-devices">
        <h2 id="kiosks-devices">{t('dashboard.kiosks.devices')}</h2>
        {query.isPending ? (
          <Spinner size="lg" label={t('common.loading')} />
        ) : query.isError ? (
          <DashboardError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState title={t('dashboard.kiosks.empty')}>{t('dashboard.kiosks.emptyBody')}</EmptyState>
        ) : (
          <KioskList
            kiosks={query.data}
            onEdit={(k) => (setNotice(null), setEditing(k))}
            onPair={(k) => (setNotice(null), setPairing(k))}
            onUnpair={setUnpairing}
            onDelete={setDeleting}
          />
        )}
      </section>
      <section className="admin__section" aria-labelledby="kiosks-attract">
        <h2 id="kiosks-attract">{t('dashboard.kiosks.attract.title')}</h2>
        <p className="admin__muted">{t('dashboard.kiosks.attract.lead')}</p>
        {attract.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : attract.isError ? (
          <DashboardError error={attract.error} onRetry={() => void attract.refetch()} />
        ) : (
          <AttractEditor key={JSON.stringify(attract.data)} initial={attract.data} onSaved={() => setNotice(t('dashboard.kiosks.attract.saved'))} />
        )}
      </section>
      <section className="admin__section" aria-labelledby="kiosks-suggest">
        <h2 id="kiosks-suggest">{t('dashboard.kiosks.suggest.title')}</h2>
        <p className="admin__muted">{t('dashboard.kiosks.suggest.lead')}</p>
        {suggestions.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : suggestions.isError ? (
          <DashboardError error={suggestions.error} onRetry={() => void suggestions.refetch()} />
        ) : (
          <SuggestionsEditor key={JSON.stringify(suggestions.data)} initial={suggestions.data} onSaved={() => setNotice(t('dashboard.kiosks.suggest.saved'))} />
        )}
      </section>
      <PairDialog
        kiosk={pairing}
        onClose={() => setPairing(null)}
        onPaired={(k) => {
          setPairing(null);
          setNotice(intl.formatMessage({ id: 'dashboard.kiosks.pair.done' }, { name: k.name }));
        }}
      />
      <ConfirmDialog
        open={unpairing !== null}
        title={t('dashboard.kiosks.unpairTitle')}
        confirmLabel={t('dashboard.kiosks.unpair')}
        busy={unpair.isPending}
        onConfirm={() => unpairing && unpair.mutate(unpairing)}
        onClose={() => (unpair.reset(), setUnpairing(null))}
      >
        <p>{intl.formatMessage({ id: 'dashboard.kiosks.unpairBody' }, { name: unpairing?.name ?? '' })}</p>
        {unpair.isError ? (
          <Notice tone="error" role="alert">
            {t('dashboard.kiosks.actionFailed')}
          </Notice>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('dashboard.kiosks.deleteTitle')}
        confirmLabel={t('dashboard.kiosks.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => (remove.reset(), setDeleting(null))}
      >
        <p>{intl.formatMessage({ id: 'dashboard.kiosks.deleteBody' }, { name: deleting?.name ?? '' })}</p>
        {remove.isError ? (
          <Notice tone="error" role="alert">
            {t('dashboard.kiosks.actionFailed')}
          </Notice>
        ) : null}
      </ConfirmDialog>
    </RecordListFrame>
  );
}
