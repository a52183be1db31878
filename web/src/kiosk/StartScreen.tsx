import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useCategories, useProductList } from '../api/hooks';
import { ShopMessages } from '../messages/ShopMessages';
import { ShopStatusBanner } from '../shop-status/ShopStatusBanner';
import { pausedEverywhere, useShopStatus } from '../shop-status/useShopStatus';
import { LanguageChoice } from './LanguageChoice';
import { useIdle } from './useIdle';

/**
 * /kioskindex when paired: welcome, tap to order, order here, cash also possible (docs/product.md §2), the language
 * choice, the shop's kiosk messages and its closed or paused state. Left alone for `attractSeconds`, it gives way
 * to the attract loop.
 */
export function StartScreen({ attractSeconds, cashPossible }: { attractSeconds: number; cashPossible: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { status } = useShopStatus();
  const closed = status ? !Object.values(status.open).some((o) => o.isOpen) : false;
  const paused = status ? pausedEverywhere(status, 'kiosk') : false;
  const canOrder = !closed && !paused;
  useIdle(attractSeconds, () => void navigate('/videooverlay'));
  // The menu loads while the start screen waits: a tap on "tap to order" shows it without a round trip.
  useProductList();
  useCategories();
  return (
    <main id="main" className="kiosk-start" tabIndex={-1} data-testid="kiosk-start">
      <ShopStatusBanner channel="kiosk" />
      <ShopMessages surface="KIOSK" followCatalogue />
      <h1 className="kiosk-start__welcome">{intl.formatMessage({ id: 'kiosk.welcome' })}</h1>
      <p className="kiosk-start__lead">{intl.formatMessage({ id: 'kiosk.orderHere' })}</p>
      {canOrder ? (
        <button type="button" className="kiosk-start__tap" onClick={() => void navigate('/bestellenkiosk')} data-testid="kiosk-tap-to-order">
          {intl.formatMessage({ id: 'kiosk.tapToOrder' })}
        </button>
      ) : (
        <p className="kiosk-start__closed" role="status" data-testid="kiosk-closed">
          {intl.formatMessage({ id: closed ? 'kiosk.closedTitle' : 'kiosk.pausedTitle' })}
        </p>
      )}
      {cashPossible ? <p className="kiosk-start__cash">{intl.formatMessage({ id: 'kiosk.cashPossible' })}</p> : null}
      <LanguageChoice />
    </main>
  );
}
