import type { CASH_ROUNDING_FEE_ID } from '@bakje/contract';
import { useIntl } from 'react-intl';
import { firstOtherLang, InLanguage, OtherLanguageNotice, usePageLang } from '../ui/OtherLanguage';
import { Price } from '../ui';
import { euros, type CartLine } from './cartApi';

export interface TotalsData {
  subtotal: string;
  discountTotal: string;
  shippingTotal: string;
  total: string;
  vatLines: { rate: number; tax: string }[];
  coupons?: string[];
  /** Euros the gift cards pay: `total` is what is left to pay after them. */
  giftCards?: number;
  /** The payment method's transaction cost (included in `total`), by its name; the cash rounding's fee is left out (below). */
  fees?: { id?: string; name: string; total: string | null }[];
  /** Euros a cash total is rounded by to 5 cents (included in `total`; decision 0080): its own line when not 0. */
  cashRounding?: number;
}

/** The server's fee id of the cash rounding (contract CASH_ROUNDING_FEE_ID): shown as its own line, not as a fee. */
const CASH_ROUNDING_FEE: typeof CASH_ROUNDING_FEE_ID = 'cash-rounding';

/** Subtotal, discount, delivery fee, transaction cost, total and the VAT included per rate (cart, checkout, summary). */
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
      {totals.giftCards && totals.giftCards > 0 ? (
        <div className="totals__row totals__row--discount" data-testid="totals-gift-cards">
          <dt>{intl.formatMessage({ id: 'cart.giftCards' })}</dt>
          <dd>
            <Price amount={-totals.giftCards} size="sm" />
          </dd>
        </div>
      ) : null}
      {(totals.fees ?? [])
        .filter((f) => f.id !== CASH_ROUNDING_FEE && euros(f.total ?? '0') > 0)
        .map((f) => (
          <div className="totals__row" key={f.name} data-testid="totals-transaction-cost">
            <dt>{f.name}</dt>
            <dd>
              <Price amount={euros(f.total ?? '0')} size="sm" />
            </dd>
          </div>
        ))}
      {totals.cashRounding ? (
        <div className="totals__row" data-testid="totals-cash-rounding">
          <dt>{intl.formatMessage({ id: 'cart.cashRounding' })}</dt>
          <dd>
            <Price amount={totals.cashRounding} signed size="sm" />
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

/**
 * What one portion pays for an add-on. The API gives the line's amount (the add-on times the quantity, or
 * once for a flat fee); the line shows the price the customer chose, as the product page did (issue 17).
 */
export function addonUnitPrice(addon: { price: string; priceType: string }, quantity: number): number {
  const amount = euros(addon.price);
  return addon.priceType === 'FLAT_FEE' || quantity <= 1 ? amount : Math.round((amount * 100) / quantity) / 100;
}

/** "Sauzen: Andalouse (+€ 1,00)" style add-on lines of a cart or order line of `quantity` portions. */
/** A cart's or an order's line: its name and its add-ons, each with the language it is in. */
export interface LineTexts {
  nameLang?: string | null;
  addons: readonly { nameLang?: string | null; valueLang?: string | null }[];
}

/**
 * The language a list of lines (the cart, the checkout's summary, an order) shows some of its names or add-ons in
 * for lack of a translation (said once under the lines), or undefined.
 */
export function linesOtherLang(lines: readonly LineTexts[], pageLang: string): string | undefined {
  return firstOtherLang(
    lines.flatMap((l) => [l.nameLang, ...l.addons.flatMap((a) => [a.nameLang, a.valueLang])]),
    pageLang,
  );
}

/** A chosen add-on as the cart and an order show it, with the languages its texts are in (null: the page's or unknown). */
export interface AddonLine {
  name: string;
  value: string;
  price: string;
  priceType: string;
  nameLang?: string | null;
  valueLang?: string | null;
}

/** A cart line's name (its variation's, else its product's) and the language it is in. */
export function cartLineName(line: CartLine): { name: string; nameLang: string | null | undefined } {
  return line.variation
    ? { name: line.variation.node.name, nameLang: line.variation.node.nameLang }
    : { name: line.product?.node.name ?? '', nameLang: line.product?.node.textLangs?.name };
}

export function cartLineTexts(line: CartLine): LineTexts {
  return { nameLang: cartLineName(line).nameLang, addons: line.addons };
}

/**
 * Said once under a list of lines when some of their names or add-ons are shown in another language for lack of a
 * translation; each such text is marked with `lang` where it is shown (docs/decisions/0074-untranslated-texts-hyphenation.md).
 */
export function LinesLanguageNotice({ lines }: { lines: readonly LineTexts[] }) {
  return <OtherLanguageNotice lang={linesOtherLang(lines, usePageLang())} />;
}

/** The add-ons of a line; a field name or option in another language than the page's is marked with `lang`. */
export function AddonList({ addons, quantity }: { addons: AddonLine[]; quantity: number }) {
  if (addons.length === 0) return null;
  return (
    <ul className="line-addons">
      {addons.map((a, i) => {
        const price = addonUnitPrice(a, quantity);
        return (
          <li key={`${a.name}-${a.value}-${i}`}>
            <span className="line-addons__name">
              <InLanguage lang={a.nameLang} note={false}>
                {a.name}
              </InLanguage>
              :
            </span>{' '}
            <InLanguage lang={a.valueLang} note={false}>
              {a.value}
            </InLanguage>
            {price > 0 ? (
              <>
                {' '}
                (<Price amount={price} signed size="sm" />)
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
