import type { CASH_ROUNDING_FEE_ID, KIOSK_COUNTER_METHOD, KIOSK_TERMINAL_METHOD, KioskPaymentMethod } from '@bakje/contract';
import { useQueries } from '@tanstack/react-query';
import { euros } from '../cart/cartApi';
import { useCart } from '../cart/CartProvider';
import { loadCartForPayment } from '../checkout/checkoutApi';
import { useLocale } from '../i18n/LocaleProvider';

/**
 * The order's payment method for each kiosk choice, the ids the owner's surcharges are set for (0048); typed
 * against the contract's constants because the web imports types only from it.
 */
const ORDER_METHODS: Record<KioskPaymentMethod, typeof KIOSK_TERMINAL_METHOD | typeof KIOSK_COUNTER_METHOD> = {
  terminal: 'kiosk_terminal',
  counter: 'kiosk_counter',
};

/** The server's fee id of the cash rounding (contract CASH_ROUNDING_FEE_ID). */
const CASH_ROUNDING_FEE: typeof CASH_ROUNDING_FEE_ID = 'cash-rounding';

/** A kiosk method's transaction cost and the cart's total with it, in euros, as the server priced them. */
export interface MethodPrice {
  cost: number;
  total: number;
  /** The cash rounding in the total (pay at the counter, decision 0080), -0.02 to 0.02; 0 for a card. */
  rounding: number;
}

/**
 * The session's cart priced by the server for each method (GraphQL `cart(paymentMethod)`, decision 0048): the
 * browser never computes a surcharge. `null` per method until the answer for the cart as it is now is in (or when
 * it failed: the order and the terminal carry the server's total anyway).
 */
export function useMethodPricing(methods: readonly KioskPaymentMethod[]): { prices: (MethodPrice | null)[]; pending: boolean } {
  const { locale } = useLocale();
  const { cart } = useCart();
  const enabled = !!cart && !cart.isEmpty;
  const queries = useQueries({
    queries: methods.map((m) => ({
      queryKey: ['kioskCartForPayment', locale, ORDER_METHODS[m], cart?.total ?? null, cart?.subtotal ?? null],
      queryFn: () => loadCartForPayment(locale, ORDER_METHODS[m]),
      enabled,
    })),
  });
  return {
    // The cash rounding (counter) is in the total but is no surcharge (decision 0080).
    prices: queries.map((q) =>
      q.data
        ? {
            cost: (q.data.fees ?? []).filter((f) => f.id !== CASH_ROUNDING_FEE).reduce((sum, f) => sum + euros(f.total), 0),
            total: euros(q.data.total),
            rounding: (q.data.fees ?? []).filter((f) => f.id === CASH_ROUNDING_FEE).reduce((sum, f) => sum + euros(f.total), 0),
          }
        : null,
    ),
    pending: enabled && queries.some((q) => q.isPending),
  };
}
