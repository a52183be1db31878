import { useIntl } from 'react-intl';
import { Price } from '../ui';
import { euros } from './cartApi';

export interface TotalsData {
  subtotal: string;
  discountTotal: string;
  shippingTotal: string;
  total: string;
  vatLines: { rate: number; tax: string }[];
  coupons?: string[];
}

/** Subtotal, discount, delivery fee, total and the VAT included per rate (cart, checkout, summary). */
export function CartTotals({ totals }: { totals: TotalsData }) {
  const intl = useIntl();
  const discount = euros(totals.discountTotal);
  const fee = euros(totals.shippingTotal);
  return (
    <dl className="totals" data-testid="totals">
      <div className="totals__row">
        <dt>{intl.formatMessage({ id: 'cart.subtotal' })}</dt>
        <dd>
          <Price amount={euros(totals.subtotal)} size="sm" />
        </dd>
      </div>
      {discount > 0 ? (
        <div className="totals__row totals__row--discount" data-testid="totals-discount">
          <dt>
            {intl.formatMessage({ id: 'cart.discount' })}
            {totals.coupons?.length ? ` (${totals.coupons.join(', ')})` : ''}
          </dt>
          <dd>
            <Price amount={-discount} size="sm" />
          </dd>
        </div>
      ) : null}
      {fee > 0 ? (
        <div className="totals__row" data-testid="totals-fee">
          <dt>{intl.formatMessage({ id: 'cart.deliveryFee' })}</dt>
          <dd>
            <Price amount={fee} size="sm" />
          </dd>
        </div>
      ) : null}
      <div className="totals__row totals__row--total">
        <dt>{intl.formatMessage({ id: 'cart.total' })}</dt>
        <dd data-testid="totals-total">
          <Price amount={euros(totals.total)} />
        </dd>
      </div>
      {totals.vatLines
        .filter((l) => euros(l.tax) > 0)
        .map((l) => (
          <div className="totals__row totals__row--vat" key={l.rate}>
            <dt>{intl.formatMessage({ id: 'cart.vatIncluded' }, { rate: l.rate })}</dt>
            <dd>
              <Price amount={euros(l.tax)} size="sm" />
            </dd>
          </div>
        ))}
    </dl>
  );
}

/** "Groot · Mayonaise, Andalouse · Extra kaas (+€0,50)" style add-on lines. */
export function AddonList({ addons }: { addons: { name: string; value: string; price: string }[] }) {
  if (addons.length === 0) return null;
  return (
    <ul className="line-addons">
      {addons.map((a, i) => (
        <li key={`${a.name}-${a.value}-${i}`}>
          <span className="line-addons__name">{a.name}:</span> {a.value}
          {euros(a.price) > 0 ? (
            <>
              {' '}
              (<Price amount={euros(a.price)} signed size="sm" />)
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
