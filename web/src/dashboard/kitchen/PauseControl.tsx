import type { FulfilmentType, OrderChannel, PauseInput, ShopStatus } from '@bakje/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { http } from '../../api/http';
import { Button, Dialog, Notice } from '../../ui';
import { Field } from '../../ui/Field';
import { useShopStatus } from '../../shop-status/useShopStatus';
import './pause-control.css';

const CHANNELS: OrderChannel[] = ['web', 'kiosk'];
const TYPES: FulfilmentType[] = ['takeaway', 'delivery', 'dinein'];
const DURATIONS: PauseInput['duration'][] = ['15', '30', '60', 'end-of-day', 'until-resumed'];
const BUSY = [0, 10, 20, 30] as const;

/**
 * The kitchen's pause and busy control: a compact button showing the state, opening a dialog where one tap
 * pauses online ordering (chosen channels and types) for 15, 30 or 60 minutes, the rest of the day or until
 * resumed; "busy" adds minutes to the earliest slot. The shop and kiosk hear of it at once.
 */
export function PauseControl() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  // The stream brings every change, this tap's included, at once.
  const { status } = useShopStatus();
  const [open, setOpen] = useState(false);
  const [channels, setChannels] = useState<OrderChannel[]>(CHANNELS);
  const [types, setTypes] = useState<FulfilmentType[]>(TYPES);
  const call = useMutation({
    mutationFn: ([url, body]: [string, unknown]) => http<ShopStatus>('POST', url, { body }),
  });

  const paused = status?.pauses ?? [];
  const time = (iso: string | null) => (iso ? intl.formatTime(new Date(iso), { hour: '2-digit', minute: '2-digit' }) : t('kitchen.pause.untilResumed'));
  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const label =
    paused.length > 0
      ? t('kitchen.pause.buttonPaused')
      : status?.busyMinutes
        ? t('kitchen.pause.buttonBusy', { minutes: status.busyMinutes })
        : t('kitchen.pause.button');

  return (
    <>
      <Button size="sm" variant={paused.length > 0 ? 'primary' : 'secondary'} onClick={() => setOpen(true)} data-testid="pause-button">
        {label}
      </Button>
      {/* The dialog is drawn from the dark kitchen header: its text takes the page's colours, not the header's. */}
      <div className="pause-control">
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          title={t('kitchen.pause.title')}
          actions={
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('kitchen.pause.close')}
            </Button>
          }
        >
          <section aria-labelledby="pause-state">
            <h3 id="pause-state">{t('kitchen.pause.state')}</h3>
            {paused.length === 0 ? (
              <p>{t('kitchen.pause.notPaused')}</p>
            ) : (
              <ul>
                {paused.map((p) => (
                  <li key={`${p.channel}:${p.type}`}>
                    {t('kitchen.pause.entry', {
                      channel: t(`kitchen.pause.channel.${p.channel}`),
                      type: t(`kitchen.pause.type.${p.type}`),
                      until: time(p.until),
                    })}
                  </li>
                ))}
              </ul>
            )}
            {paused.length > 0 ? (
              <Button variant="primary" disabled={call.isPending} onClick={() => call.mutate(['/api/settings/resume', {}])}>
                {t('kitchen.pause.resume')}
              </Button>
            ) : null}
          </section>
          <fieldset className="admin__fieldset">
            <legend>{t('kitchen.pause.channels')}</legend>
            {CHANNELS.map((c) => (
              <Field
                key={c}
                as="checkbox"
                label={t(`kitchen.pause.channel.${c}`)}
                checked={channels.includes(c)}
                onChange={() => setChannels(toggle(channels, c))}
              />
            ))}
          </fieldset>
          <fieldset className="admin__fieldset">
            <legend>{t('kitchen.pause.types')}</legend>
            {TYPES.map((type) => (
              <Field
                key={type}
                as="checkbox"
                label={t(`kitchen.pause.type.${type}`)}
                checked={types.includes(type)}
                onChange={() => setTypes(toggle(types, type))}
              />
            ))}
          </fieldset>
          <p>{t('kitchen.pause.for')}</p>
          <div className="admin__buttons">
            {DURATIONS.map((duration) => (
              <Button
                key={duration}
                variant="secondary"
                disabled={call.isPending || channels.length === 0 || types.length === 0}
                onClick={() => call.mutate(['/api/settings/pause', { channels, types, duration }])}
              >
                {t(`kitchen.pause.duration.${duration}`)}
              </Button>
            ))}
          </div>
          <h3>{t('kitchen.pause.busyTitle')}</h3>
          <p className="admin__muted">{t('kitchen.pause.busyLead')}</p>
          <div className="admin__buttons" role="group" aria-label={t('kitchen.pause.busyTitle')}>
            {BUSY.map((minutes) => (
              <Button
                key={minutes}
                variant={(status?.busyMinutes ?? 0) === minutes ? 'primary' : 'secondary'}
                aria-pressed={(status?.busyMinutes ?? 0) === minutes}
                disabled={call.isPending}
                onClick={() => call.mutate(['/api/settings/busy', { minutes }])}
              >
                {minutes === 0 ? t('kitchen.pause.notBusy') : t('kitchen.pause.busyMinutes', { minutes })}
              </Button>
            ))}
          </div>
          {call.isError ? (
            <Notice tone="error" role="alert">
              {call.error.message}
            </Notice>
          ) : null}
        </Dialog>
      </div>
    </>
  );
}
