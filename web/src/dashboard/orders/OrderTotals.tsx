import type { StaffOrderDetails } from '@bakje/contract';
import { useIntl } from 'react-intl';
import { Price } from '../../ui';
import { euros } from './ordersApi';

/**
 * An order's money on the orders page: subtotal, discount, delivery, transaction cost, the whole sale with its VAT, then what gift
 * cards paid (a means of payment, by the code's last four characters), the cash rounding to 5 cents (outside VAT, decision
 * 0080) and what is left to pay, as the customer's ticket prints them.
 */
export function OrderTotals({
  order,
}: {
  order: Pick<StaffOrderDetails, 'subtotal' | 'discountTotal' | 'shippingTotal' | 'transactionCost' | 'cashRounding' | 'total' | 'vat' | 'giftCards'>;
}) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const byCards = order.giftCards.reduce((sum, card) => sum + card.amount, 0);
  return (
    <dl className="orders__totals">
      <dt>{t('dashboard.orders.subtotal')}</dt>
      <dd>
        <Price amount={euros(order.subtotal)} size="sm" />
      </dd>
      {order.discountTotal ? (
        <>
          <dt>{t('dashboard.orders.discount')}</dt>
          <dd>
            <Price amount={-euros(order.discountTotal)} size="sm" />
          </dd>
        </>
      ) : null}
      {order.shippingTotal ? (
        <>
          <dt>{t('dashboard.orders.shipping')}</dt>
          <dd>
            <Price amount={euros(order.shippingTotal)} size="sm" />
          </dd>
        </>
      ) : null}
      {order.transactionCost ? (
        <>
          <dt data-testid="order-transaction-cost">{order.transactionCost.label || t('dashboard.orders.transactionCost')}</dt>
          <dd>
            <Price amount={euros(order.transactionCost.total)} size="sm" />
          </dd>
        </>
      ) : null}
      <dt>{t('dashboard.orders.total')}</dt>
      <dd>
        <Price amount={euros(order.total - order.cashRounding + byCards)} size="sm" />
      </dd>
      {order.vat.map((v) => (
        <div key={v.rate} className="orders__vat">
          <dt>{t('dashboard.orders.vatLine', { rate: v.rate })}</dt>
          <dd>
            <Price amount={euros(v.tax)} size="sm" />
          </dd>
        </div>
      ))}
      {/* Gift cards are a means of payment: they come off the whole sale, what is left is to pay. */}
      {order.giftCards.map((card, i) => (
        <div key={`${card.last4}-${i}`} className="orders__paid-by" data-testid="order-gift-card">
          <dt>{t('dashboard.orders.giftCard', { code: `****${card.last4}` })}</dt>
          <dd>
            <Price amount={-euros(card.amount)} size="sm" />
          </dd>
        </div>
      ))}
      {order.cashRounding ? (
        <div className="orders__paid-by" data-testid="order-cash-rounding">
          <dt>{t('dashboard.orders.cashRounding')}</dt>
          <dd>
            <Price amount={euros(order.cashRounding)} signed size="sm" />
          </dd>
        </div>
      ) : null}
      {order.giftCards.length || order.cashRounding ? (
        <div className="orders__paid-by orders__to-pay" data-testid="order-to-pay">
          <dt>{t('dashboard.orders.toPay')}</dt>
          <dd>
            <Price amount={euros(order.total)} size="sm" />
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
