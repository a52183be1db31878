import { useIntl } from 'react-intl';
import { formatMoney } from '@bakje/contract/money';

export function useFormatPrice(): (euros: number) => string {
  const intl = useIntl();
  return (euros) => formatMoney(euros, intl.locale);
}

export interface PriceProps {
  /** The price to pay, in euros. */
  amount: number | null | undefined;
  /** The regular price when on sale: shown struck through. */
  regular?: number | null;
  /** Prefix "from" for products whose price depends on a choice. */
  from?: boolean;
  /** "+€0,90" style for add-on options. */
  signed?: boolean;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
}

/** Every price in the app goes through this component or useFormatPrice (one formatter: `@bakje/contract/money`). */
export function Price({ amount, regular, from, signed, className, size = 'md' }: PriceProps) {
  const intl = useIntl();
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return null;
  const fmt = (n: number) => formatMoney(n, intl.locale);
  const onSale = regular !== null && regular !== undefined && regular > amount;
  const text = formatMoney(amount, intl.locale, { signed });
  return (
    <span className={['price', `price--${size}`, onSale ? 'price--sale' : '', className ?? ''].filter(Boolean).join(' ')}>
      {from ? <span className="price__from">{intl.formatMessage({ id: 'price.from' })} </span> : null}
      {onSale ? (
        <>
          <del className="price__regular">
            <span className="visually-hidden">{intl.formatMessage({ id: 'price.regular' })} </span>
            {fmt(regular)}
          </del>{' '}
          <ins className="price__current">
            <span className="visually-hidden">{intl.formatMessage({ id: 'price.sale' })} </span>
            {text}
          </ins>
        </>
      ) : (
        <span className="price__current">{text}</span>
      )}
    </span>
  );
}
