import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationKind, NotificationLang, NotificationSettingsInput, NotificationSettingsView } from '@bakje/contract';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LANGS,
  NOTIFICATION_PLACEHOLDERS,
  renderNotificationText,
  SMS_PER_ORDER,
  SMS_QUIET_HOURS,
  SMS_TEXT_MAX,
} from '@bakje/contract/notifications';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { http, HttpError } from '../../api/http';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { Notice } from '../../ui';
import { Field } from '../../ui/Field';
import { SettingsFormActions } from '../admin/SettingsFormActions';

/** GET/PUT /api/settings/notifications (server/src/modules/notifications/notification-settings.ts): the token write-only. */
export const NOTIFICATION_SETTINGS_URL = '/api/settings/notifications';
export const notificationSettingsKey = ['dashboard', 'notifications'] as const;

interface Values {
  enabled: boolean;
  kinds: Record<NotificationKind, boolean>;
  texts: NotificationSettingsView['sms']['texts'];
  accountSid: string;
  authToken: string;
  removeToken: boolean;
  from: string;
  messagingServiceSid: string;
  pushEnabled: boolean;
  pushKinds: Record<NotificationKind, boolean>;
}

const valuesOf = (view: NotificationSettingsView): Values => ({
  enabled: view.sms.enabled,
  kinds: { ...view.sms.kinds },
  texts: structuredClone(view.sms.texts),
  accountSid: view.sms.twilio.accountSid,
  authToken: '',
  removeToken: false,
  from: view.sms.twilio.from,
  messagingServiceSid: view.sms.twilio.messagingServiceSid,
  pushEnabled: view.push.enabled,
  pushKinds: { ...view.push.kinds },
});

/** A token typed replaces the stored one; "remove" clears it; neither keeps it (it is never sent back to us). */
function inputOf(values: Values): NotificationSettingsInput {
  const token = values.authToken.trim();
  return {
    sms: {
      enabled: values.enabled,
      kinds: values.kinds,
      texts: values.texts,
      twilio: {
        accountSid: values.accountSid.trim(),
        ...(token ? { authToken: token } : values.removeToken ? { authToken: null } : {}),
        from: values.from.trim(),
        messagingServiceSid: values.messagingServiceSid.trim(),
      },
    },
    push: { enabled: values.pushEnabled, kinds: values.pushKinds },
  };
}

/** The server names the Twilio fields `sms.twilio.<name>`; the form's control ids and messages by that name. */
const TWILIO_FIELDS = ['accountSid', 'authToken', 'from', 'messagingServiceSid'] as const;
const fieldOf = (serverField: string) => {
  const name = TWILIO_FIELDS.find((f) => serverField === `sms.twilio.${f}`);
  return name ? { id: `notifications-${name}`, message: `dashboard.notifications.error.${name}` } : undefined;
};

/** What a text looks like with a sample order: number 12, 18:30, 10 minutes later, a reason. */
export function previewOf(text: string, shop: string, reason: string): string {
  return renderNotificationText(text, { number: 12, time: '18:30', shop, minutes: 10, reason });
}

/**
 * The customer notifications (docs/decisions/0083-order-notifications-sms.md): SMS on or off, which messages,
 * the Twilio account (the token write-only: "set, ends in …" and a field to replace it), and the texts per
 * language with their placeholders and a preview.
 */
export function NotificationSettingsForm({ view }: { view: NotificationSettingsView }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const [initial, setInitial] = useState(() => valuesOf(view));
  const [values, setValues] = useState(initial);
  const [lang, setLang] = useState<NotificationLang>(() => {
    const own = intl.locale.slice(0, 2);
    return (NOTIFICATION_LANGS as readonly string[]).includes(own) ? (own as NotificationLang) : 'nl';
  });
  const [saved, setSaved] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const save = useMutation({ mutationFn: (body: NotificationSettingsInput) => http<NotificationSettingsView>('PUT', NOTIFICATION_SETTINGS_URL, { body }) });
  const blocker = useUnsavedChangesGuard(dirty && !save.isPending);
  const change = (patch: Partial<Values>) => {
    setSaved(false);
    setValues((v) => ({ ...v, ...patch }));
  };
  const setText = (kind: NotificationKind, value: string) => change({ texts: { ...values.texts, [kind]: { ...values.texts[kind], [lang]: value } } });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setFieldErrors({});
    // Texts are checked here first: none empty, none too long (the server checks again).
    const textErrors: Record<string, string> = {};
    for (const kind of NOTIFICATION_KINDS) {
      for (const l of NOTIFICATION_LANGS) {
        const text = values.texts[kind][l].trim();
        if (!text || text.length > SMS_TEXT_MAX) textErrors[`text-${kind}-${l}`] = t('dashboard.notifications.error.text', { max: SMS_TEXT_MAX });
      }
    }
    if (Object.keys(textErrors).length) {
      setFieldErrors(textErrors);
      const first = Object.keys(textErrors)[0]!;
      const firstLang = first.slice(first.lastIndexOf('-') + 1) as NotificationLang;
      setLang(firstLang);
      requestAnimationFrame(() => document.getElementById(first)?.focus());
      return;
    }
    try {
      const next = await save.mutateAsync(inputOf(values));
      client.setQueryData(notificationSettingsKey, next);
      const fresh = valuesOf(next);
      setInitial(fresh);
      setValues(fresh);
      setSaved(true);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'NOTIFICATION_SETTINGS_INVALID') {
        const found: Record<string, string> = {};
        for (const problem of error.fields) {
          const field = fieldOf(problem.field);
          if (field) found[field.id] = t(field.message);
        }
        setFieldErrors(found);
        const first = Object.keys(found)[0];
        if (first) requestAnimationFrame(() => document.getElementById(first)?.focus());
      }
    }
  };

  const twilio = view.sms.twilio;
  const shop = t('dashboard.notifications.sampleShop');
  const reason = t('dashboard.notifications.sampleReason');
  const placeholders = NOTIFICATION_PLACEHOLDERS.map((p) => `{${p}}`).join(' ');
  return (
    <form className="account-form admin__form admin__form--wide" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="notifications-sms-title">
      <h2 id="notifications-sms-title">{t('dashboard.notifications.sms.title')}</h2>
      <p className="admin__muted">{t('dashboard.notifications.sms.lead', { max: SMS_PER_ORDER, from: SMS_QUIET_HOURS.from, until: SMS_QUIET_HOURS.until })}</p>
      <p className="admin__muted" role="status" data-testid="notifications-source">
        {t(`dashboard.notifications.source.${twilio.source}`)} {t(twilio.ready ? 'dashboard.notifications.ready' : 'dashboard.notifications.notReady')}
      </p>
      <Field
        as="checkbox"
        id="notifications-enabled"
        label={t('dashboard.notifications.enabled')}
        checked={values.enabled}
        onChange={(e) => change({ enabled: e.target.checked })}
      />

      <fieldset className="admin__fieldset">
        <legend>{t('dashboard.notifications.kinds')}</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <Field
            key={kind}
            as="checkbox"
            id={`notifications-kind-${kind}`}
            label={t(`dashboard.notifications.kind.${kind}`)}
            checked={values.kinds[kind]}
            onChange={(e) => change({ kinds: { ...values.kinds, [kind]: e.target.checked } })}
          />
        ))}
      </fieldset>

      {/* Web push (docs/decisions/0086-order-web-push.md): free per message, to customers who allowed it on the order page. */}
      <fieldset className="admin__fieldset" aria-describedby="notifications-push-lead">
        <legend>{t('dashboard.notifications.push.title')}</legend>
        <p className="admin__muted" id="notifications-push-lead">
          {t('dashboard.notifications.push.lead')}
        </p>
        <Field
          as="checkbox"
          id="notifications-push-enabled"
          label={t('dashboard.notifications.push.enabled')}
          checked={values.pushEnabled}
          onChange={(e) => change({ pushEnabled: e.target.checked })}
        />
        {NOTIFICATION_KINDS.map((kind) => (
          <Field
            key={kind}
            as="checkbox"
            id={`notifications-push-kind-${kind}`}
            label={t('dashboard.notifications.push.kind', { kind: t(`dashboard.notifications.kind.${kind}`) })}
            checked={values.pushKinds[kind]}
            disabled={!values.pushEnabled}
            onChange={(e) => change({ pushKinds: { ...values.pushKinds, [kind]: e.target.checked } })}
          />
        ))}
      </fieldset>

      <fieldset className="admin__fieldset">
        <legend>{t('dashboard.notifications.texts')}</legend>
        <p className="admin__muted">{t('dashboard.notifications.placeholders', { placeholders })}</p>
        <Field
          as="select"
          id="notifications-lang"
          label={t('dashboard.notifications.lang')}
          value={lang}
          onChange={(e) => setLang(e.target.value as NotificationLang)}
        >
          {NOTIFICATION_LANGS.map((l) => (
            <option key={l} value={l}>
              {t(`dashboard.notifications.lang.${l}`)}
            </option>
          ))}
        </Field>
        {NOTIFICATION_KINDS.map((kind) => {
          const id = `text-${kind}-${lang}`;
          const preview = previewOf(values.texts[kind][lang], shop, reason);
          return (
            <div key={id} className="admin__fieldset-row">
              <Field
                as="textarea"
                id={id}
                rows={3}
                maxLength={SMS_TEXT_MAX}
                label={t(`dashboard.notifications.kind.${kind}`)}
                error={fieldErrors[id] ?? null}
                value={values.texts[kind][lang]}
                onChange={(e) => setText(kind, e.target.value)}
              />
              <p className="admin__muted" data-testid={`preview-${kind}`}>
                {t('dashboard.notifications.preview', { text: preview, length: preview.length })}
              </p>
            </div>
          );
        })}
      </fieldset>

      <fieldset className="admin__fieldset">
        <legend>Twilio</legend>
        <p className="admin__muted">{t('dashboard.notifications.twilio.lead')}</p>
        <Field
          id="notifications-accountSid"
          label={t('dashboard.notifications.accountSid')}
          spellCheck={false}
          autoComplete="off"
          error={fieldErrors['notifications-accountSid'] ?? null}
          value={values.accountSid}
          onChange={(e) => change({ accountSid: e.target.value })}
        />
        <p className="admin__muted" id="notifications-authToken-status">
          {t('dashboard.notifications.authToken')}:{' '}
          {twilio.authToken.set ? t('dashboard.providers.keySet', { ending: twilio.authToken.last4 }) : t('dashboard.providers.keyNotSet')}
        </p>
        <Field
          id="notifications-authToken"
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          aria-describedby="notifications-authToken-status"
          label={t(twilio.authToken.set ? 'dashboard.providers.replace' : 'dashboard.providers.enter', { name: t('dashboard.notifications.authToken') })}
          error={fieldErrors['notifications-authToken'] ?? null}
          value={values.authToken}
          onChange={(e) => change({ authToken: e.target.value })}
        />
        {twilio.authToken.set ? (
          <Field
            as="checkbox"
            id="notifications-authToken-remove"
            label={t('dashboard.providers.remove', { name: t('dashboard.notifications.authToken') })}
            checked={values.removeToken}
            onChange={(e) => change({ removeToken: e.target.checked })}
          />
        ) : null}
        <Field
          id="notifications-from"
          label={t('dashboard.notifications.from')}
          hint={t('dashboard.notifications.fromHint')}
          autoComplete="off"
          error={fieldErrors['notifications-from'] ?? null}
          value={values.from}
          onChange={(e) => change({ from: e.target.value })}
        />
        <Field
          id="notifications-messagingServiceSid"
          label={t('dashboard.notifications.messagingServiceSid')}
          hint={t('dashboard.notifications.messagingServiceSidHint')}
          spellCheck={false}
          autoComplete="off"
          error={fieldErrors['notifications-messagingServiceSid'] ?? null}
          value={values.messagingServiceSid}
          onChange={(e) => change({ messagingServiceSid: e.target.value })}
        />
      </fieldset>

      {save.error && !(save.error instanceof HttpError && save.error.code === 'NOTIFICATION_SETTINGS_INVALID') ? (
        <Notice tone="error" role="alert">
          {save.error instanceof HttpError && save.error.code === 'PERMISSION_DENIED'
            ? t('dashboard.gate.forbiddenTitle')
            : t('dashboard.notifications.saveFailed')}
        </Notice>
      ) : null}
      {Object.keys(fieldErrors).length > 0 ? (
        <Notice tone="error" role="alert">
          {t('dashboard.notifications.saveInvalid')}
        </Notice>
      ) : null}
      {saved ? <Notice tone="success">{t('dashboard.notifications.saved')}</Notice> : null}
      <SettingsFormActions
        dirty={dirty}
        submitting={save.isPending}
        saveLabel={t('dashboard.notifications.save')}
        undoLabel={t('dashboard.payments.undo')}
        onUndo={() => {
          save.reset();
          setFieldErrors({});
          setValues(initial);
        }}
      />
      <UnsavedChangesDialog blocker={blocker} body={t('dashboard.notifications.leaveBody')} />
    </form>
  );
}
