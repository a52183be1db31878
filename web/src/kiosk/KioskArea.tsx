import { useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ErrorState, Spinner } from '../ui';
import { AttractLoop } from './AttractLoop';
import type { KioskMode } from './kioskApi';
import { KioskFrame } from './KioskFrame';
import { OrderScreen } from './OrderScreen';
import { PairingScreen } from './PairingScreen';
import { StartScreen } from './StartScreen';
import { useNewVisitOnLoad } from './useEndSession';
import { KioskSessionEvents, kioskStream, useKioskMode } from './useKioskMode';
import './kiosk.css';

export type KioskPageKind = 'index' | 'order' | 'attract';

const TITLES: Record<KioskPageKind, string> = { index: 'kiosk.startTitle', order: 'kiosk.orderTitle', attract: 'kiosk.attractTitle' };

/**
 * The kiosk (a 1080x1920 portrait touch screen, issue 15): /kioskindex, /bestellenkiosk and /videooverlay. An
 * unpaired page shows its pairing code on every kiosk route; see docs/decisions/0042-kiosk-screens.md.
 */
export default function KioskArea({ kind }: { kind: KioskPageKind }) {
  useNewVisitOnLoad();
  const mode = useKioskMode();
  const stream = kioskStream(mode);
  return (
    <>
      {stream ? <KioskSessionEvents key={stream} url={stream} /> : null}
      <KioskScreen kind={kind} mode={mode} />
    </>
  );
}

function KioskScreen({ kind, mode }: { kind: KioskPageKind; mode: KioskMode }) {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: TITLES[kind] }));

  if (mode.state === 'loading' || mode.state === 'error') {
    return (
      <KioskFrame screen="loading">
        <main id="main" className="kiosk-step" tabIndex={-1}>
          {mode.state === 'loading' ? (
            <Spinner size="lg" label={intl.formatMessage({ id: 'kiosk.loading' })} />
          ) : (
            <ErrorState title={intl.formatMessage({ id: 'kiosk.loadError' })} />
          )}
        </main>
      </KioskFrame>
    );
  }
  if (mode.state === 'unpaired') {
    if (kind !== 'index') return <Navigate to="/kioskindex" replace />;
    return (
      <KioskFrame screen="pairing">
        <PairingScreen code={mode.code} expiresAt={mode.expiresAt} />
      </KioskFrame>
    );
  }
  const device = mode.device;
  if (kind === 'attract') return <AttractLoop items={device.attract} />;
  if (kind === 'index') {
    return (
      <KioskFrame screen="start">
        <StartScreen attractSeconds={device.attractSeconds} cashPossible={device.paymentMethods.includes('counter')} />
      </KioskFrame>
    );
  }
  return (
    <KioskFrame screen="order">
      <OrderScreen device={device} />
    </KioskFrame>
  );
}
