import { useIntl } from 'react-intl';
import type { KitchenOrders } from './kitchenOrders';
import { rushQuarters } from './rushFigures';
import './rush-figures.css';

/**
 * The load of the coming quarter hours, so staff see a rush coming; it sits beside the pause and busy control
 * (PauseControl) so slowing the shop down is one tap away.
 */
export function RushFigures({ orders, now, timeZone }: { orders: KitchenOrders | null; now: number; timeZone: string }) {
  const intl = useIntl();
  if (!orders) return null;
  const quarters = rushQuarters(orders.values(), now);
  const busiest = Math.max(...quarters.map((q) => q.orders));
  return (
    <ul className="kitchen__rush" aria-label={intl.formatMessage({ id: 'kitchen.rush.label' })} data-testid="kitchen-rush">
      {quarters.map((quarter) => {
        const time = intl.formatTime(quarter.start, { timeZone, hour: '2-digit', minute: '2-digit' });
        return (
          <li
            key={quarter.start}
            className={`kitchen__rush-quarter${quarter.orders > 0 && quarter.orders === busiest ? ' kitchen__rush-quarter--peak' : ''}`}
            data-orders={quarter.orders}
            data-portions={quarter.portions}
            aria-label={intl.formatMessage({ id: 'kitchen.rush.slot' }, { time, orders: quarter.orders, portions: quarter.portions })}
          >
            <span className="kitchen__rush-time">{time}</span>{' '}
            {intl.formatMessage({ id: 'kitchen.rush.short' }, { orders: quarter.orders, portions: quarter.portions })}
          </li>
        );
      })}
    </ul>
  );
}
