import type { ReactNode, Ref } from 'react';
import { useIntl } from 'react-intl';
import { euros, type Cart } from '../../cart/cartApi';
import { AddonList, cartLineName, cartLineTexts, CartTotals, LinesLanguageNotice } from '../../cart/CartTotals';
import { InLanguage } from '../../ui/OtherLanguage';
import type { CartForPayment } from '../checkoutApi';
import { Notice, Price } from '../../ui';

/** The order's lines and totals, the form's messages and the place-order button. */
export function OrderAside({
  cart,
  priced,
  serverError,
  showFixErrors,
  errorRef,
  children,
}: {
  cart: Cart;
  /** The cart priced for the chosen payment method (its transaction cost), once the server answered. */
  priced: CartForPayment | null;
  serverError: string | null;
  showFixErrors: boolean;
  errorRef: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <aside className="checkout__summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="checkout__section-title">
        {intl.formatMessage({ id: 'checkout.yourOrder' })}
      </h2>
      <ul className="summary-lines">
        {cart.contents.nodes.map((line) => (
          <li key={line.key} className="summary-line">
            <span className="summary-line__qty">{line.quantity}×</span>
            <span className="summary-line__name">
              <InLanguage lang={cartLineName(line).nameLang} note={false}>
                {cartLineName(line).name}
              </InLanguage>
              <AddonList addons={line.addons} quantity={line.quantity} />
              {line.soldOut ? (
                <span className="summary-line__soldout" data-testid="summary-line-soldout">
                  {intl.formatMessage({ id: 'cart.lineSoldOut' })}
                </span>
              ) : null}
            </span>
            <Price amount={euros(line.subtotal)} size="sm" />
          </li>
        ))}
      </ul>
      <LinesLanguageNotice lines={cart.contents.nodes.map(cartLineTexts)} />
      <CartTotals
        totals={{
          ...cart,
          ...(priced ? { total: priced.total, vatLines: priced.vatLines, fees: priced.fees, cashRounding: euros(priced.cashRounding) } : {}),
          coupons: cart.appliedCoupons.map((x) => x.code),
          giftCards: cart.appliedGiftCards.reduce((sum, g) => sum + euros(g.amount), 0),
        }}
      />
      <div ref={errorRef} tabIndex={-1} className="checkout__error">
        {serverError ? (
          <Notice tone="error" role="alert">
            <span data-testid="checkout-error">{serverError}</span>
          </Notice>
        ) : null}
        {showFixErrors ? (
          <Notice tone="error" role="alert">
            {intl.formatMessage({ id: 'form.fixErrors' })}
          </Notice>
        ) : null}
      </div>
      {children}
    </aside>
  );
}
