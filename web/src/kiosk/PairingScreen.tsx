import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { kioskApi } from './kioskApi';
import { KIOSK_SESSION_KEY } from './useKioskMode';

/**
 * An unpaired kiosk shows its pairing code large; staff enter it in the dashboard under Kiosks. The `paired` event
 * reloads the session; an expired code is replaced by a new one without anyone touching the kiosk.
 */
export function PairingScreen({ code, expiresAt }: { code: string; expiresAt: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  useEffect(() => {
    const wait = Math.max(1000, Date.parse(expiresAt) - Date.now());
    const timer = setTimeout(() => {
      void kioskApi
        .newPairingCode()
        .then((session) => queryClient.setQueryData(KIOSK_SESSION_KEY, session))
        .catch(() => queryClient.invalidateQueries({ queryKey: KIOSK_SESSION_KEY }));
    }, wait);
    return () => clearTimeout(timer);
  }, [expiresAt, queryClient]);
  return (
    <main id="main" className="kiosk-pairing" tabIndex={-1} data-testid="kiosk-pairing">
      <h1>{intl.formatMessage({ id: 'kiosk.pairTitle' })}</h1>
      <p className="kiosk-pairing__code" data-testid="kiosk-pairing-code">
        {code}
      </p>
      <p className="kiosk-pairing__hint">{intl.formatMessage({ id: 'kiosk.pairHint' })}</p>
    </main>
  );
}
