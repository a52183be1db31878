import type { KioskPaymentMethod } from '@bakje/contract';
import { useIntl } from 'react-intl';
import { Button, useFormatPrice } from '../ui';
import { useMethodPricing } from './methodPricing';

const LABELS: Record<KioskPaymentMethod, string> = { terminal: 'kiosk.payment.terminal', counter: 'kiosk.payment.counter' };

/**
 * How to pay, each method with its transaction cost when the owner set one (docs/decisions/0048-transaction-cost.md)
 * and its total whenever the methods' totals differ: paying at the counter in cash is rounded to 5 cents
 * (docs/decisions/0080-cash-rounding.md), so that button says so and what a card at the counter pays instead
 * (docs/decisions/0084-allergens-at-the-door-own-container.md). The server prices the cart per method; until it
 * answers, or if it cannot, the buttons show no amounts and still work: the order carries the server's total anyway.
 */
export function PaymentChoice({
  methods,
  onChoose,
  onBack,
}: {
  methods: readonly KioskPaymentMethod[];
  onChoose: (method: KioskPaymentMethod) => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const { prices, pending } = useMethodPricing(methods);
  const totals = new Set(prices.flatMap((p) => (p ? [p.total.toFixed(2)] : [])));
  const showTotals = totals.size > 1 || prices.some((p) => p && p.rounding !== 0);
  return (
    <section className="kiosk-step" aria-labelledby="kiosk-payment-title" aria-busy={pending} data-testid="kiosk-payment">
      <h1 id="kiosk-payment-title">{intl.formatMessage({ id: 'kiosk.paymentTitle' })}</h1>
      <div className="kiosk-step__choices">
        {methods.map((m, i) => {
          const price = prices[i];
          return (
            <button key={m} type="button" className="kiosk-big-choice" onClick={() => onChoose(m)} data-testid={`kiosk-payment-${m}`}>
              {intl.formatMessage({ id: LABELS[m] })}
              {price && price.cost > 0 ? (
                <span className="kiosk-big-choice__extra" data-testid={`kiosk-payment-${m}-cost`}>
                  {intl.formatMessage({ id: 'kiosk.paymentSurcharge' }, { amount: formatPrice(price.cost) })}
                </span>
              ) : null}
              {price && (price.cost > 0 || showTotals) ? (
                <span className="kiosk-big-choice__extra" data-testid={`kiosk-payment-${m}-total`}>
                  {intl.formatMessage({ id: 'kiosk.paymentTotal' }, { amount: formatPrice(price.total) })}
                </span>
              ) : null}
              {price && price.rounding !== 0 ? (
                <span className="kiosk-big-choice__extra" data-testid={`kiosk-payment-${m}-rounding`}>
                  {intl.formatMessage({ id: 'kiosk.paymentRounded' }, { card: formatPrice(price.total - price.rounding) })}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <Button size="lg" variant="secondary" onClick={onBack} data-testid="kiosk-payment-back">
        {intl.formatMessage({ id: 'kiosk.back' })}
      </Button>
    </section>
  );
}
