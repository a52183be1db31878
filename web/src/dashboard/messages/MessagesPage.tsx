import type { Message, MessageState, MessageSurface } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { useStoreSettings } from '../../api/hooks';
import { http, HttpError, retryServerErrors } from '../../api/http';
import { SubmitButton } from '../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { applyServerFieldErrors, errorAt, useErrorText, useZodForm } from '../../forms/useZodForm';
import { Badge, Button, ConfirmDialog, EmptyState, Notice, Spinner } from '../../ui';
import { Field } from '../../ui/Field';
import { RecordListFrame } from '../admin/RecordListFrame';
import { PERMISSION } from '../admin/permissions';
import { DashboardError } from '../admin/StaffGate';
import { shopWallClock, wallClockOf } from './shopClock';
import '../../messages/messages.css';
import './messages-page.css';

const URL = '/api/dashboard/messages';
const messagesKey = ['dashboard', 'messages'] as const;
const LANGS = ['nl', 'fr', 'en'] as const;
const messageSurfaces = ['shop', 'kiosk', 'status_screen', 'menu_boards'] as const satisfies readonly MessageSurface[];
const moment = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'dashboard.messages.error.moment');

const messageForm = z
  .object({
    text: z.object({
      nl: z.string().trim().min(1, 'dashboard.messages.error.textRequired').max(500, 'dashboard.messages.error.textLong'),
      fr: z.string().trim().max(500, 'dashboard.messages.error.textLong'),
      en: z.string().trim().max(500, 'dashboard.messages.error.textLong'),
    }),
    level: z.enum(['info', 'warning']),
    surfaces: z.array(z.enum(messageSurfaces)).min(1, 'dashboard.messages.error.surfaces'),
    starts_at: moment,
    ends_at: moment,
  })
  .refine((m) => m.ends_at > m.starts_at, { path: ['ends_at'], message: 'dashboard.messages.error.endBeforeStart' });
type MessageForm = z.input<typeof messageForm>;

const STATE_BADGE: Record<MessageState, 'info' | 'new' | 'neutral'> = { scheduled: 'info', showing: 'new', ended: 'neutral' };

function blankForm(timeZone: string): MessageForm {
  const now = new Date();
  return {
    text: { nl: '', fr: '', en: '' },
    level: 'info',
    surfaces: ['shop', 'kiosk'],
    starts_at: shopWallClock(now, timeZone),
    ends_at: shopWallClock(new Date(now.getTime() + 4 * 3600_000), timeZone),
  };
}

const formOf = (message: Message): MessageForm => ({
  text: { ...message.text },
  level: message.level,
  surfaces: [...message.surfaces],
  starts_at: wallClockOf(message.starts_at),
  ends_at: wallClockOf(message.ends_at),
});

/** Server fields (`text`, `ends_at`, ...) are the form's own. */
const formFieldOf = (field: string) =>
  ['text', 'level', 'surfaces', 'starts_at', 'ends_at'].includes(field) ? (field === 'text' ? `text.nl` : (field as 'level')) : undefined;

function MessageEditor({ message, timeZone, onDone }: { message: Message | null; timeZone: string; onDone: (saved: Message | null) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const errorText = useErrorText();
  const client = useQueryClient();
  const { control, register, handleSubmit, formState, setError, reset } = useZodForm(messageForm, {
    defaultValues: message ? formOf(message) : blankForm(timeZone),
  });
  const preview = useWatch({ control });
  const [previewLang, setPreviewLang] = useState<(typeof LANGS)[number]>('nl');
  const save = useMutation({
    mutationFn: (body: z.output<typeof messageForm>) =>
      message ? http<Message>('PUT', `${URL}/${message.id}`, { body }) : http<Message>('POST', URL, { body }),
  });
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);
  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(formOf(saved));
      await client.invalidateQueries({ queryKey: messagesKey });
      onDone(saved);
    } catch (error) {
      if (error instanceof HttpError) applyServerFieldErrors(setError, error.fields, formFieldOf, (_f, problem) => problem.message);
    }
  });
  const previewText = (preview.text?.[previewLang] ?? '').trim() || (preview.text?.nl ?? '').trim();
  const headingId = message ? `message-edit-${message.id}` : 'message-new';
  return (
    <form
      className="account-form admin__form admin__form--wide messages-editor"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{message ? t('dashboard.messages.editTitle') : t('dashboard.messages.newTitle')}</h2>
      {LANGS.map((lang) => (
        <Field
          key={lang}
          as="textarea"
          rows={2}
          label={t(`dashboard.messages.text.${lang}`)}
          hint={lang === 'nl' ? t('dashboard.messages.textHint') : undefined}
          required={lang === 'nl'}
          maxLength={500}
          {...register(`text.${lang}`)}
          error={errorText(errorAt(formState.errors, `text.${lang}`))}
        />
      ))}
      <Field as="select" label={t('dashboard.messages.level')} {...register('level')}>
        <option value="info">{t('dashboard.messages.level.info')}</option>
        <option value="warning">{t('dashboard.messages.level.warning')}</option>
      </Field>
      <fieldset className="admin__fieldset" aria-describedby={formState.errors.surfaces ? 'message-surfaces-error' : undefined}>
        <legend>{t('dashboard.messages.surfaces')}</legend>
        {messageSurfaces.map((surface) => (
          <Field key={surface} as="checkbox" label={t(`dashboard.messages.surface.${surface}`)} value={surface} {...register('surfaces')} />
        ))}
        {formState.errors.surfaces ? (
          <p className="field-error" id="message-surfaces-error" role="alert">
            {errorText(errorAt(formState.errors, 'surfaces'))}
          </p>
        ) : null}
      </fieldset>
      <div className="admin__row">
        <Field
          type="datetime-local"
          step={1}
          label={t('dashboard.messages.startsAt')}
          required
          {...register('starts_at')}
          error={errorText(errorAt(formState.errors, 'starts_at'))}
        />
        <Field
          type="datetime-local"
          step={1}
          label={t('dashboard.messages.endsAt')}
          required
          {...register('ends_at')}
          error={errorText(errorAt(formState.errors, 'ends_at'))}
        />
      </div>
      <p className="admin__muted">{t('dashboard.messages.timeZone', { zone: timeZone })}</p>
      <section className="messages-editor__preview" aria-label={t('dashboard.messages.preview')}>
        <div className="messages-editor__preview-head">
          <h3>{t('dashboard.messages.preview')}</h3>
          <div role="group" aria-label={t('dashboard.messages.previewLanguage')} className="messages-editor__langs">
            {LANGS.map((lang) => (
              <Button
                key={lang}
                size="sm"
                variant={lang === previewLang ? 'primary' : 'secondary'}
                aria-pressed={lang === previewLang}
                onClick={() => setPreviewLang(lang)}
              >
                {lang.toUpperCase()}
              </Button>
            ))}
          </div>
        </div>
        <div className="shop-messages" data-testid="message-preview">
          <div className={`shop-messages__item shop-messages__item--${preview.level === 'warning' ? 'warning' : 'info'}`}>
            <p className="shop-messages__text">{previewText || t('dashboard.messages.previewEmpty')}</p>
          </div>
        </div>
      </section>
      {save.error && !(save.error instanceof HttpError && save.error.fields.length > 0) ? (
        <Notice tone="error" role="alert">
          {save.error instanceof HttpError && save.error.code === 'PERMISSION_DENIED' ? t('dashboard.gate.forbiddenTitle') : t('dashboard.messages.saveFailed')}
        </Notice>
      ) : null}
      <div className="admin__buttons">
        <SubmitButton submitting={formState.isSubmitting}>{t('dashboard.messages.save')}</SubmitButton>
        <Button variant="secondary" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </Button>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}

function MessageList({
  messages,
  timeZone,
  onEdit,
  onDelete,
}: {
  messages: Message[];
  timeZone: string;
  onEdit: (m: Message) => void;
  onDelete: (m: Message) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const when = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return (
    <ul className="messages-list" aria-label={t('dashboard.messages.listLabel')}>
      {messages.map((message) => (
        <li key={message.id} className="messages-list__item" data-testid="message-row" data-state={message.state}>
          <div className="messages-list__main">
            <p className="messages-list__text">{message.text.nl}</p>
            <p className="admin__muted">
              {t('dashboard.messages.window', { from: when(message.starts_at), to: when(message.ends_at) })}
              {' · '}
              {message.surfaces.map((s) => t(`dashboard.messages.surface.${s}`)).join(', ')}
            </p>
          </div>
          <div className="messages-list__badges">
            <Badge variant={STATE_BADGE[message.state]}>{t(`dashboard.messages.state.${message.state}`)}</Badge>
            {message.level === 'warning' ? <Badge variant="sale">{t('dashboard.messages.level.warning')}</Badge> : null}
          </div>
          <div className="admin__buttons messages-list__actions">
            <Button size="sm" variant="secondary" onClick={() => onEdit(message)} aria-label={t('dashboard.messages.editFor', { text: message.text.nl })}>
              {t('dashboard.messages.edit')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onDelete(message)} aria-label={t('dashboard.messages.deleteFor', { text: message.text.nl })}>
              {t('dashboard.messages.delete')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * /dashboard/messages (settings.manage): the banners of the shop, kiosk, status screen and menu boards, with
 * their state (scheduled, showing, ended); create, change and delete with a preview in each language.
 */
export default function MessagesPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const settings = useStoreSettings();
  const timeZone = settings.data?.timeZone ?? 'Europe/Brussels';
  const [editing, setEditing] = useState<Message | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Message | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({
    queryKey: messagesKey,
    queryFn: ({ signal }) => http<Message[]>('GET', URL, { signal }),
    retry: retryServerErrors,
  });
  const remove = useMutation({
    mutationFn: (message: Message) => http<Message>('DELETE', `${URL}/${message.id}`),
    onSuccess: async () => {
      setDeleting(null);
      setNotice(t('dashboard.messages.deleted'));
      await client.invalidateQueries({ queryKey: messagesKey });
    },
  });
  return (
    <RecordListFrame
      permission={PERMISSION.settingsManage}
      title={t('dashboard.messages.title')}
      newLabel={t('dashboard.messages.new')}
      onNew={editing === null ? () => (setNotice(null), setEditing('new')) : undefined}
      lead={t('dashboard.messages.lead')}
      leadClassName="messages-page__lead"
      notice={notice}
    >
      {editing !== null && settings.data ? (
        <section className="admin__section">
          <MessageEditor
            key={editing === 'new' ? 'new' : editing.id}
            message={editing === 'new' ? null : editing}
            timeZone={timeZone}
            onDone={(saved) => {
              setEditing(null);
              if (saved) setNotice(t('dashboard.messages.saved'));
            }}
          />
        </section>
      ) : null}
      <section className="admin__section">
        {query.isPending ? (
          <Spinner size="lg" label={t('common.loading')} />
        ) : query.isError ? (
          <DashboardError error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <EmptyState title={t('dashboard.messages.empty')}>{t('dashboard.messages.emptyBody')}</EmptyState>
        ) : (
          <MessageList messages={query.data} timeZone={timeZone} onEdit={(m) => (setNotice(null), setEditing(m))} onDelete={setDeleting} />
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={t('dashboard.messages.deleteTitle')}
        confirmLabel={t('dashboard.messages.delete')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      >
        <p>{deleting?.text.nl}</p>
        {remove.isError ? (
          <Notice tone="error" role="alert">
            {t('dashboard.messages.deleteFailed')}
          </Notice>
        ) : null}
      </ConfirmDialog>
    </RecordListFrame>
  );
}
