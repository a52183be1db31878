import type { KioskPaymentMethod } from '@bakje/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { euros, type CartLine } from '../cart/cartApi';
import { useCart } from '../cart/CartProvider';
import { AddonList, cartLineName } from '../cart/CartTotals';
import { InLanguage } from '../ui/OtherLanguage';
import { useLocalMessage } from '../cart/useLocalMessage';
import { Button, Notice, Price, useFormatPrice } from '../ui';
import { useMethodPricing } from './methodPricing';
import { Stepper } from './Stepper';

function Line({ line, disabled }: { line: CartLine; disabled: boolean }) {
  const { setQuantity, remove } = useCart();
  // The tapped quantity shows at once (a finger wants an answer within 100 ms); the server's answer replaces it.
  const [shown, setShown] = useState<number | null>(null);
  const { name, nameLang } = cartLineName(line);
  const change = (q: number) => {
    setShown(q);
    void (q === 0 ? remove(line.key) : setQuantity(line.key, q)).finally(() => setShown(null));
  };
  return (
    <li className="kiosk-cart__line" data-testid="kiosk-cart-line">
      <div className="kiosk-cart__name">
        <span>
          <InLanguage lang={nameLang} note={false}>
            {name}
          </InLanguage>
        </span>
        <AddonList addons={line.addons} quantity={line.quantity} />
      </div>
      <Stepper value={shown ?? line.quantity} min={0} max={999} disabled={disabled} label={name} onChange={change} />
      <span className="kiosk-cart__price">
        <Price amount={euros(line.subtotal)} />
      </span>
    </li>
  );
}

/**
 * The order, always on screen: its lines, the total and the way to pay. A kiosk with one payment method skips the
 * payment choice, so its total here is the one with that method's transaction cost (`onlyMethod`, decision 0048)
 * and, for the counter, rounded to 5 cents as cash is (decision 0080).
 */
/** "Ik breng mijn eigen pot mee", offered when the basket holds a product whose category allows it. */
export interface OwnContainerChoice {
  chosen: boolean;
  onChange: (chosen: boolean) => void;
}

export function KioskCart({
  onPay,
  busy,
  onlyMethod,
  ownContainer,
}: {
  onPay: () => void;
  busy?: boolean;
  onlyMethod?: KioskPaymentMethod;
  /** Absent when the kiosk serves only dine-in (a pot is for food that leaves the shop). */
  ownContainer?: OwnContainerChoice;
}) {
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const priced = useMethodPricing(onlyMethod ? [onlyMethod] : []).prices[0] ?? null;
  const surcharge = priced && priced.cost > 0 ? priced : null;
  const { cart, updating, error } = useCart();
  const local = useLocalMessage();
  const lines = cart?.contents.nodes ?? [];
  const empty = !cart || cart.isEmpty;
  const potOffered = ownContainer && lines.some((line) => line.product?.node.ownContainer);
  return (
    <section className="kiosk-cart" aria-labelledby="kiosk-cart-title" data-testid="kiosk-cart">
      <h2 id="kiosk-cart-title" className="kiosk-cart__title">
        {intl.formatMessage({ id: 'kiosk.yourOrder' })}
      </h2>
      {error ? (
        <Notice tone="error" role="alert">
          {local(error)}
        </Notice>
      ) : null}
      {empty ? (
        <p className="kiosk-cart__empty">{intl.formatMessage({ id: 'kiosk.emptyCart' })}</p>
      ) : (
        <ul className="kiosk-cart__lines">
          {lines.map((line) => (
            <Line key={line.key} line={line} disabled={updating} />
          ))}
        </ul>
      )}
      <div className="kiosk-cart__foot">
        {potOffered ? (
          <label className="check kiosk-cart__own-container">
            <input type="checkbox" data-testid="kiosk-own-container" checked={ownContainer.chosen} onChange={(e) => ownContainer.onChange(e.target.checked)} />
            <span>{intl.formatMessage({ id: 'kiosk.ownContainer' })}</span>
          </label>
        ) : null}
        {surcharge ? (
          <p className="kiosk-cart__surcharge" data-testid="kiosk-cart-surcharge">
            {intl.formatMessage({ id: 'kiosk.paymentSurcharge' }, { amount: formatPrice(surcharge.cost) })}
          </p>
        ) : null}
        <p className="kiosk-cart__total">
          <span>{intl.formatMessage({ id: 'kiosk.total' })}</span>
          <strong data-testid="kiosk-cart-total">
            <Price amount={priced ? priced.total : euros(cart?.total)} size="lg" />
          </strong>
        </p>
        <Button size="lg" onClick={onPay} disabled={empty || updating} busy={busy} data-testid="kiosk-pay">
          {intl.formatMessage({ id: 'kiosk.pay' })}
        </Button>
      </div>
    </section>
  );
}
