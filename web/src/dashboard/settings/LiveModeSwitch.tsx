import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopModeDetails } from '@bakje/contract';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { http, HttpError } from '../../api/http';
import { Button, ConfirmDialog, Notice } from '../../ui';
import { SHOP_MODE_KEY } from '../../ui/TestModeBanner';
import { setupKey } from './storeSettingsForm';

/**
 * The switch to live mode (docs/decisions/0070-test-and-live-mode.md), under the setup checklist: the owner
 * confirms the real printer's test ticket came out, then confirms the switch; the server checks the provider
 * keys with a call and refuses naming what is missing, each reason in the viewer's language.
 */
export function LiveModeSwitch() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const printedId = useId();
  const [printed, setPrinted] = useState(false);
  const [asking, setAsking] = useState(false);
  const goLive = useMutation({
    mutationFn: () => http<ShopModeDetails>('PUT', '/api/settings/shop-mode', { body: { mode: 'live', testPrintConfirmed: printed } }),
    onSettled: () => {
      setAsking(false);
      void client.invalidateQueries({ queryKey: setupKey });
      void client.invalidateQueries({ queryKey: SHOP_MODE_KEY });
    },
  });
  const refused = goLive.error instanceof HttpError && goLive.error.code === 'LIVE_MODE_REFUSED' ? goLive.error.fields : null;
  return (
    <div className="live-mode-switch" data-testid="live-mode-switch">
      <h3>{t('dashboard.live.title')}</h3>
      <p className="admin__muted">{t('dashboard.live.intro')}</p>
      <label htmlFor={printedId} className="live-mode-switch__printed">
        <input id={printedId} type="checkbox" checked={printed} onChange={(event) => setPrinted(event.target.checked)} /> {t('dashboard.live.printed')}
      </label>
      <Button variant="primary" size="sm" onClick={() => setAsking(true)}>
        {t('dashboard.live.switch')}
      </Button>
      {refused ? (
        <Notice tone="error">
          <span data-testid="live-mode-refused">{t('dashboard.live.refused')}</span>
          <ul>
            {refused.map((problem) => (
              <li key={problem.field} data-reason={problem.field}>
                {intl.formatMessage({ id: `dashboard.live.missing.${problem.field}`, defaultMessage: problem.message })}
              </li>
            ))}
          </ul>
        </Notice>
      ) : goLive.isError ? (
        <Notice tone="error">{t('dashboard.live.failed')}</Notice>
      ) : null}
      {goLive.isSuccess ? <Notice tone="success">{t('dashboard.live.done')}</Notice> : null}
      <ConfirmDialog
        open={asking}
        title={t('dashboard.live.confirmTitle')}
        confirmLabel={t('dashboard.live.switch')}
        busy={goLive.isPending}
        onConfirm={() => goLive.mutate()}
        onClose={() => setAsking(false)}
      >
        <p>{t('dashboard.live.confirmBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
