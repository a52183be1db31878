import { useState, type FormEvent } from 'react';
import { formatMoney } from '@bakje/contract/money';
import { useIntl } from 'react-intl';
import { Button, ButtonLink, Drawer, EmptyState, Notice, Price, ProductImage, QuantityStepper, Spinner } from '../ui';
import { CartIcon } from '../ui/icons';
import { euros, FULFILMENT_TYPES, type CartLine, type FulfilmentType } from './cartApi';
import { useCart } from './CartProvider';
import { AddonList, cartLineName, cartLineTexts, CartTotals, LinesLanguageNotice } from './CartTotals';
import { InLanguage } from '../ui/OtherLanguage';
import { useLocalMessage } from './useLocalMessage';
import '../checkout/checkout.css';
import './cart.css';

function Line({ line, disabled }: { line: CartLine; disabled: boolean }) {
  const intl = useIntl();
  const { setQuantity, remove } = useCart();
  const { name, nameLang } = cartLineName(line);
  const image = line.product?.node.image;
  return (
    <li className="cart-line" data-testid="cart-line" data-key={line.key}>
      <ProductImage src={image?.thumbnailUrl || image?.sourceUrl || null} alt="" width={64} height={48} className="cart-line__img" />
      <div className="cart-line__body">
        <p className="cart-line__name">
          <InLanguage lang={nameLang} note={false}>
            {name}
          </InLanguage>
        </p>
        <AddonList addons={line.addons} quantity={line.quantity} />
        {line.soldOut ? (
          <p className="cart-line__soldout" role="status" data-testid="cart-line-soldout">
            {intl.formatMessage({ id: 'cart.lineSoldOut' })}
          </p>
        ) : null}
        <div className="cart-line__actions">
          <QuantityStepper
            value={line.quantity}
            min={1}
            max={999}
            disabled={disabled}
            label={intl.formatMessage({ id: 'cart.quantityOf' }, { name })}
            onChange={(q) => {
              if (q !== line.quantity) void setQuantity(line.key, q);
            }}
          />
          <Button variant="ghost" size="sm" disabled={disabled} onClick={() => void remove(line.key)} data-testid="cart-remove">
            {intl.formatMessage({ id: 'cart.remove' })}
            <span className="visually-hidden"> {name}</span>
          </Button>
        </div>
      </div>
      <p className="cart-line__total">
        <Price amount={euros(line.subtotal)} />
      </p>
    </li>
  );
}

const NOT_APPLIED_REASONS = new Set([
  'expired',
  'not_started',
  'usage_limit',
  'minimum_spend',
  'maximum_spend',
  'fulfilment',
  'channel',
  'products',
  'individual_use',
]);

function CouponForm() {
  const intl = useIntl();
  const { cart, applyCoupon, removeCoupon, updating } = useCart();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    if ((await applyCoupon(code)) === null) setCode('');
  }
  return (
    <div className="coupon">
      <form className="coupon__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <label htmlFor="coupon-code" className="coupon__label">
          {intl.formatMessage({ id: 'coupon.label' })}
        </label>
        <div className="coupon__row">
          <input
            id="coupon-code"
            className="input"
            value={code}
            autoComplete="off"
            aria-invalid={missing || undefined}
            aria-describedby={missing ? 'coupon-missing' : undefined}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={updating}>
            {intl.formatMessage({ id: 'coupon.apply' })}
          </Button>
        </div>
        {missing ? (
          <p className="field-error" id="coupon-missing">
            {intl.formatMessage({ id: 'coupon.required' })}
          </p>
        ) : null}
      </form>
      {cart && (cart.appliedCoupons.length || cart.couponsNotApplied.length || cart.appliedGiftCards.length) ? (
        <ul className="coupon__applied" aria-live="polite">
          {cart.appliedCoupons.map((c) => (
            <li key={c.code} data-testid="applied-coupon" data-in-effect="true">
              <span>
                {intl.formatMessage({ id: 'coupon.inEffect' }, { code: c.code })} <Price amount={-euros(c.discountAmount)} size="sm" />
              </span>
              <Button variant="ghost" size="sm" disabled={updating} onClick={() => void removeCoupon(c.code)}>
                {intl.formatMessage({ id: 'coupon.remove' }, { code: c.code })}
              </Button>
            </li>
          ))}
          {cart.couponsNotApplied.map((c) => (
            <li key={c.code} data-testid="applied-coupon" data-in-effect="false">
              {/* Not an error of applying (docs/product.md §8): the state of the cart, so the customer knows what they pay. */}
              <span className="coupon__not-applied">
                {intl.formatMessage({ id: 'coupon.notInEffect' }, { code: c.code })}{' '}
                {intl.formatMessage({ id: `coupon.reason.${NOT_APPLIED_REASONS.has(c.reason) ? c.reason : 'other'}` })}
              </span>
              <Button variant="ghost" size="sm" disabled={updating} onClick={() => void removeCoupon(c.code)}>
                {intl.formatMessage({ id: 'coupon.remove' }, { code: c.code })}
              </Button>
            </li>
          ))}
          {cart.appliedGiftCards.map((g) => (
            <li key={g.code} data-testid="applied-gift-card" data-in-effect={g.reason ? 'false' : 'true'}>
              <span>
                {intl.formatMessage({ id: 'giftCard.inCart' }, { code: g.code })}{' '}
                {g.reason ? (
                  intl.formatMessage({ id: `giftCard.reason.${g.reason === 'expired' || g.reason === 'empty' ? g.reason : 'disabled'}` })
                ) : (
                  <>
                    <Price amount={-euros(g.amount)} size="sm" />{' '}
                    {intl.formatMessage({ id: 'giftCard.balance' }, { balance: intl.formatNumber(euros(g.balance), { style: 'currency', currency: 'EUR' }) })}
                  </>
                )}
              </span>
              <Button variant="ghost" size="sm" disabled={updating} onClick={() => void removeCoupon(g.code)}>
                {intl.formatMessage({ id: 'giftCard.remove' }, { code: g.code })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Takeaway, delivery or dine-in: chosen here or at checkout; the totals follow (fee, VAT rates). */
function FulfilmentChoice() {
  const intl = useIntl();
  const { cart, setFulfilment, updating } = useCart();
  const chosen = cart?.chosenShippingMethods[0];
  const rates = cart?.availableShippingMethods.flatMap((p) => p.rates) ?? [];
  return (
    <fieldset className="choice-group cart-fulfilment">
      <legend className="choice-group__legend">{intl.formatMessage({ id: 'checkout.fulfilment' })}</legend>
      <div className="fulfilment-options">
        {FULFILMENT_TYPES.map((t: FulfilmentType) => {
          const rate = rates.find((r) => r.id === t);
          return (
            <label key={t} className={`fulfilment${t === chosen ? ' is-selected' : ''}`} data-testid={`cart-fulfilment-${t}`}>
              <input type="radio" name="cart-fulfilment" value={t} checked={t === chosen} disabled={updating} onChange={() => void setFulfilment(t)} />
              <span>{intl.formatMessage({ id: `fulfilment.${t}` })}</span>
              {rate && euros(rate.cost) > 0 ? <Price amount={euros(rate.cost)} signed size="sm" /> : null}
            </label>
          );
        })}
      </div>
      {chosen === 'delivery' && cart?.deliveryMinimumShortfall ? (
        <p className="field-error" data-testid="cart-below-minimum">
          {intl.formatMessage({ id: 'cart.deliveryShortfall' }, { missing: formatMoney(euros(cart.deliveryMinimumShortfall), intl.locale) })}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The cart panel sliding in from the right (docs/product.md §2, §4). Loaded on first open. */
export default function CartPanel() {
  const intl = useIntl();
  const { cart, status, updating, error, panelOpen, closePanel, clearError, refresh } = useCart();
  const local = useLocalMessage();
  const lines = cart?.contents.nodes ?? [];
  return (
    <Drawer id="cart-panel" open={panelOpen} onClose={closePanel} side="right" title={intl.formatMessage({ id: 'cart.title' })} className="cart-panel">
      <div className="cart-panel__content" aria-busy={updating || status === 'loading'} data-testid="cart-panel" data-updating={updating ? 'true' : 'false'}>
        <div className="cart-panel__status" role="status">
          {updating ? (
            <span className="cart-panel__updating" data-testid="cart-updating">
              <Spinner size="sm" /> {intl.formatMessage({ id: 'cart.updating' })}
            </span>
          ) : null}
        </div>
        {error ? (
          <Notice tone="error" role="alert">
            <span data-testid="cart-error">{local(error)}</span>{' '}
            <Button variant="ghost" size="sm" onClick={clearError}>
              {intl.formatMessage({ id: 'common.dismiss' })}
            </Button>
          </Notice>
        ) : null}
        {status === 'loading' && !cart ? (
          <div className="page-fallback">
            <Spinner />
          </div>
        ) : status === 'error' && !cart ? (
          <div className="state state--error">
            <Button variant="primary" onClick={() => void refresh()}>
              {intl.formatMessage({ id: 'common.retry' })}
            </Button>
          </div>
        ) : lines.length === 0 ? (
          <EmptyState title={intl.formatMessage({ id: 'cart.empty' })} icon={<CartIcon />}>
            <p>{intl.formatMessage({ id: 'cart.emptyHint' })}</p>
          </EmptyState>
        ) : (
          <>
            <ul className="cart-lines">
              {lines.map((line) => (
                <Line key={line.key} line={line} disabled={updating} />
              ))}
            </ul>
            <LinesLanguageNotice lines={lines.map(cartLineTexts)} />
            <FulfilmentChoice />
            <CouponForm />
            {cart ? (
              <CartTotals
                totals={{
                  subtotal: cart.subtotal,
                  discountTotal: cart.discountTotal,
                  shippingTotal: cart.shippingTotal,
                  total: cart.total,
                  vatLines: cart.vatLines,
                  coupons: cart.appliedCoupons.map((c) => c.code),
                  giftCards: cart.appliedGiftCards.reduce((sum, g) => sum + euros(g.amount), 0),
                }}
              />
            ) : null}
            <ButtonLink to="/checkout" size="lg" block onClick={closePanel} data-testid="to-checkout">
              {intl.formatMessage({ id: 'cart.toCheckout' })}
            </ButtonLink>
          </>
        )}
      </div>
    </Drawer>
  );
}
