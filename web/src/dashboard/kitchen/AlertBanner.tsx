import { useIntl } from 'react-intl';
import { Button } from '../../ui';
import type { KitchenAlert } from './kitchenOrders';

/**
 * The new-order alert: one line per order that came in, pulsing (and chiming, see KitchenView) until someone
 * presses "Gezien". An assertive live region, so a screen reader announces each new order too.
 */
export function AlertBanner({ alerts, onAcknowledge }: { alerts: KitchenAlert[]; onAcknowledge: () => void }) {
  const intl = useIntl();
  return (
    <div className="kitchen-alert-slot" role="alert" aria-atomic="false">
      {alerts.length > 0 ? (
        <section className="kitchen-alert" data-testid="kitchen-alert" aria-label={intl.formatMessage({ id: 'kitchen.alert.label' })}>
          <p className="kitchen-alert__title">{intl.formatMessage({ id: 'kitchen.alert.title' }, { count: alerts.length })}</p>
          <ul className="kitchen-alert__list">
            {alerts.map((alert) => (
              <li key={alert.orderId} data-testid="kitchen-alert-order">
                {intl.formatMessage({ id: 'kitchen.alert.order' }, { number: alert.pickupNumber })}
              </li>
            ))}
          </ul>
          <Button variant="secondary" onClick={onAcknowledge}>
            {intl.formatMessage({ id: 'kitchen.alert.acknowledge' })}
          </Button>
        </section>
      ) : null}
    </div>
  );
}
