import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useStoreSettings } from '../api/hooks';
import { setA11yMode, useA11yMode } from './useKioskMode';

/** The kiosk's screen: in accessibility mode the whole frame moves into the lower part of the screen. */
export function KioskFrame({ children, screen, onBrand }: { children: ReactNode; screen: string; onBrand?: () => void }) {
  const intl = useIntl();
  const settings = useStoreSettings();
  const a11y = useA11yMode();
  const brand = (
    <>
      <img src={settings.data?.logo ?? '/media/logo.svg'} alt="" width={144} height={48} />
      <span>{settings.data?.siteName ?? 'Bakje'}</span>
    </>
  );
  return (
    <div className={`kiosk-app${a11y ? ' kiosk-app--a11y' : ''}`} data-screen={screen} data-testid="kiosk-frame">
      <header className="kiosk-bar">
        {onBrand ? (
          <button type="button" className="kiosk-bar__brand" onClick={onBrand} data-testid="kiosk-home">
            {brand}
            <span className="visually-hidden">{intl.formatMessage({ id: 'kiosk.backToStart' })}</span>
          </button>
        ) : (
          <span className="kiosk-bar__brand">{brand}</span>
        )}
        <button type="button" className="kiosk-a11y-toggle" aria-pressed={a11y} onClick={() => setA11yMode(!a11y)} data-testid="kiosk-a11y-toggle">
          <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
            <circle cx="12" cy="4" r="2" fill="currentColor" />
            <path
              d="M19 13v-2c-1.5 0-3-.8-4-2l-1.3-1.5c-.4-.4-.9-.5-1.4-.5H12c-1.1 0-2 .9-2 2v5c0 1.7 1.3 3 3 3h5v5h2v-5.5c0-1.1-.9-2-2-2h-3v-3.4c1.3 1.1 3.1 1.9 5 1.9zm-9 6c-1.7 0-3-1.3-3-3 0-1.3.8-2.4 2-2.8V11.1c-2.3.5-4 2.5-4 4.9 0 2.8 2.2 5 5 5 2.4 0 4.4-1.7 4.9-4h-2.1c-.4 1.2-1.5 2-2.8 2z"
              fill="currentColor"
            />
          </svg>
          <span>{intl.formatMessage({ id: 'kiosk.a11yMode' })}</span>
        </button>
      </header>
      {children}
    </div>
  );
}
