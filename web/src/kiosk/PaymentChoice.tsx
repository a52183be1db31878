import type { KIOSK_COUNTER_METHOD, KIOSK_TERMINAL_METHOD, KioskPaymentMethod } from '@bakje/contract';
import { useQueries } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { euros } from '../cart/cartApi';
import { useCart } from '../cart/CartProvider';
import { loadCartForPayment } from '../checkout/checkoutApi';
import { useLocale } from '../i18n/LocaleProvider';
import { Button, useFormatPrice } from '../ui';

const LABELS: Record<KioskPaymentMethod, string> = { terminal: 'kiosk.payment.terminal', counter: 'kiosk.payment.counter' };
/**
 * The order's payment method for each kiosk choice, the ids the owner's surcharges are set for (0048); typed
 * against the contract's constants because the web imports types only from it.
 */
const ORDER_METHODS: Record<KioskPaymentMethod, typeof KIOSK_TERMINAL_METHOD | typeof KIOSK_COUNTER_METHOD> = {
  terminal: 'kiosk_terminal',
  counter: 'kiosk_counter',
};

/**
 * How to pay, each method with its transaction cost and the total with it when the owner set one
 * (docs/decisions/0048-transaction-cost.md). The server prices the cart per method; until it answers, or if it
 * cannot, the buttons show no cost and still work: the order and the terminal carry the server's total anyway.
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
  const { locale } = useLocale();
  const { cart } = useCart();
  const priced = useQueries({
    queries: methods.map((m) => ({
      queryKey: ['kioskCartForPayment', locale, ORDER_METHODS[m], cart?.total ?? null, cart?.subtotal ?? null],
      queryFn: () => loadCartForPayment(locale, ORDER_METHODS[m]),
    })),
  });
  return (
    <section className="kiosk-step" aria-labelledby="kiosk-payment-title" aria-busy={priced.some((q) => q.isPending)} data-testid="kiosk-payment">
      <h1 id="kiosk-payment-title">{intl.formatMessage({ id: 'kiosk.paymentTitle' })}</h1>
      <div className="kiosk-step__choices">
        {methods.map((m, i) => {
          const data = priced[i]?.data;
          const cost = (data?.fees ?? []).reduce((sum, f) => sum + euros(f.total), 0);
          return (
            <button key={m} type="button" className="kiosk-big-choice" onClick={() => onChoose(m)} data-testid={`kiosk-payment-${m}`}>
              {intl.formatMessage({ id: LABELS[m] })}
              {data && cost > 0 ? (
                <>
                  <span className="kiosk-big-choice__extra" data-testid={`kiosk-payment-${m}-cost`}>
                    {intl.formatMessage({ id: 'kiosk.paymentSurcharge' }, { amount: formatPrice(cost) })}
                  </span>
                  <span className="kiosk-big-choice__extra" data-testid={`kiosk-payment-${m}-total`}>
                    {intl.formatMessage({ id: 'kiosk.paymentTotal' }, { amount: formatPrice(euros(data.total)) })}
                  </span>
                </>
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
