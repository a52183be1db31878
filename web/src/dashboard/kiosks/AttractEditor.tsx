import type { KioskAttractSettings } from '@bakje/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { http, HttpError } from '../../api/http';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { Button, EmptyState, Notice } from '../../ui';
import { MediaLibraryDialog, sitePath } from '../media/MediaPicker';

interface Item {
  mediaId: number;
  kind: 'video' | 'image';
  url: string;
  /** As typed. */
  seconds: string;
}

const validSeconds = (value: string) => /^\d{1,3}$/.test(value) && Number(value) >= 2 && Number(value) <= 120;

/** The attract loop every kiosk plays when idle: images and mp4 videos of the media library, in order. */
export function AttractEditor({ initial, onSaved }: { initial: KioskAttractSettings; onSaved: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const start = initial.items.map((i) => ({ ...i, seconds: String(i.seconds) }));
  const [items, setItems] = useState<Item[]>(start);
  const [picking, setPicking] = useState(false);
  const dirty = JSON.stringify(items) !== JSON.stringify(start);
  const blocker = useUnsavedChangesGuard(dirty);
  const save = useMutation({
    mutationFn: () =>
      http<KioskAttractSettings>('PUT', '/api/dashboard/kiosk-attract', {
        body: { items: items.map((i) => ({ mediaId: i.mediaId, seconds: Number(i.seconds) })) },
      }),
    onSuccess: async (answer) => {
      // The page remounts this editor with the saved loop, so the page shows the notice.
      onSaved();
      client.setQueryData(['dashboard', 'kiosk-attract'], answer);
      await client.invalidateQueries({ queryKey: ['dashboard', 'kiosk-attract'] });
    },
  });
  const invalid = items.some((i) => !validSeconds(i.seconds));
  const change = (next: Item[]) => setItems(next);
  const move = (index: number, by: -1 | 1) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    change(next);
  };
  return (
    <div className="kiosks-attract">
      {items.length === 0 ? (
        <EmptyState title={t('dashboard.kiosks.attract.empty')}>{t('dashboard.kiosks.attract.emptyBody')}</EmptyState>
      ) : (
        <ol className="kiosks-attract__list" aria-label={t('dashboard.kiosks.attract.listLabel')}>
          {items.map((item, index) => {
            const inputId = `attract-seconds-${index}`;
            const label = t('dashboard.kiosks.attract.itemLabel', { position: index + 1 });
            return (
              <li key={`${item.mediaId}-${index}`} className="kiosks-attract__item" data-testid="attract-item">
                {item.kind === 'video' ? (
                  <video className="kiosks-attract__preview" src={item.url} muted preload="metadata" aria-label={label} />
                ) : (
                  <img className="kiosks-attract__preview" src={item.url} alt={label} />
                )}
                <div className="account-field kiosks-attract__seconds">
                  {item.kind === 'image' ? (
                    <>
                      <label htmlFor={inputId}>{t('dashboard.kiosks.attract.seconds')}</label>
                      <input
                        id={inputId}
                        className="input"
                        inputMode="numeric"
                        value={item.seconds}
                        aria-invalid={!validSeconds(item.seconds) || undefined}
                        aria-describedby={!validSeconds(item.seconds) ? `${inputId}-error` : undefined}
                        onChange={(event) => change(items.map((i, n) => (n === index ? { ...i, seconds: event.target.value } : i)))}
                      />
                      {!validSeconds(item.seconds) ? (
                        <p className="field-error" id={`${inputId}-error`} role="alert">
                          {t('dashboard.kiosks.attract.secondsError')}
                        </p>
                      ) : null}
                    </>
                  ) : (
                    <p className="admin__muted">{t('dashboard.kiosks.attract.video')}</p>
                  )}
                </div>
                <div className="admin__buttons">
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('dashboard.kiosks.attract.up', { position: index + 1 })}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={index === items.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('dashboard.kiosks.attract.down', { position: index + 1 })}
                  >
                    ↓
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => change(items.filter((_, n) => n !== index))}
                    aria-label={t('dashboard.kiosks.attract.remove', { position: index + 1 })}
                  >
                    {t('dashboard.kiosks.attract.removeShort')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {save.isError ? (
        <Notice tone="error" role="alert">
          {save.error instanceof HttpError && save.error.code === 'INVALID_INPUT' ? t('dashboard.kiosks.attract.invalid') : t('dashboard.kiosks.saveFailed')}
        </Notice>
      ) : null}
      <div className="admin__buttons">
        <Button variant="secondary" onClick={() => setPicking(true)} disabled={items.length >= 30}>
          {t('dashboard.kiosks.attract.add')}
        </Button>
        <Button variant="primary" onClick={() => save.mutate()} disabled={!dirty || invalid || save.isPending}>
          {t('dashboard.kiosks.attract.save')}
        </Button>
      </div>
      <MediaLibraryDialog
        open={picking}
        mediaType="any"
        onClose={() => setPicking(false)}
        onPick={(media) => {
          setPicking(false);
          change([...items, { mediaId: media.id, kind: media.mime_type.startsWith('video/') ? 'video' : 'image', url: sitePath(media.src), seconds: '8' }]);
        }}
      />
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}
