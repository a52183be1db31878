import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useStoreSettings } from '../api/hooks';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { LanguageSwitcher } from '../shell/LanguageSwitcher';
import { ShopStatusBanner } from '../shop-status/ShopStatusBanner';
import { OpeningHoursBlock } from '../shop-status/OpeningHoursBlock';
import { ShopMessages } from '../messages/ShopMessages';
import { ButtonLink, ComingSoon } from '../ui';
import './areas.css';

export type KioskPageKind = 'index' | 'order';

/**
 * The kiosk (1080x1920 portrait touch screen). Its own full-screen layout without the shop header;
 * the start screen and the ordering flow arrive with the kiosk issue.
 */
export default function KioskArea({ kind }: { kind: KioskPageKind }) {
  const intl = useIntl();
  const settings = useStoreSettings();
  const title = intl.formatMessage({ id: kind === 'index' ? 'kiosk.startTitle' : 'kiosk.orderTitle' });
  useDocumentTitle(title);
  return (
    <div className="kiosk">
      <header className="kiosk__header">
        <Link to="/kioskindex" className="kiosk__brand">
          <img src={settings.data?.logo ?? '/media/logo.svg'} alt="" width={216} height={72} />
          <span>{settings.data?.siteName ?? 'Bakje'}</span>
        </Link>
        <LanguageSwitcher className="kiosk__lang" />
      </header>
      <ShopStatusBanner channel="kiosk" />
      <ShopMessages surface="KIOSK" dismissible followCatalogue />
      <main id="main" className="kiosk__main" tabIndex={-1}>
        {kind === 'index' ? (
          <div className="kiosk__welcome">
            <h1>{intl.formatMessage({ id: 'kiosk.welcome' })}</h1>
            <p className="kiosk__lead">{intl.formatMessage({ id: 'kiosk.orderHere' })}</p>
            <ButtonLink to="/bestellenkiosk" size="lg" variant="primary" className="kiosk__tap">
              {intl.formatMessage({ id: 'kiosk.tapToOrder' })}
            </ButtonLink>
            <p className="kiosk__cash">{intl.formatMessage({ id: 'kiosk.cashPossible' })}</p>
            <OpeningHoursBlock />
            <ComingSoon title={title} />
          </div>
        ) : (
          <ComingSoon title={title}>
            <ButtonLink to="/kioskindex" variant="secondary">
              {intl.formatMessage({ id: 'kiosk.backToStart' })}
            </ButtonLink>
          </ComingSoon>
        )}
      </main>
    </div>
  );
}
