import type { UseFormRegister } from 'react-hook-form';
import { formatMoney } from '@bakje/contract/money';
import { useIntl } from 'react-intl';
import { euros, FULFILMENT_TYPES, type FulfilmentType } from '../../cart/cartApi';
import { ButtonLink, Notice, Price } from '../../ui';
import type { CheckoutValues } from '../billing';
import type { CheckoutContext } from '../checkoutApi';
import { Section } from './Section';

/** Takeaway, delivery or dine-in, with the delivery rules and the minimum order still missing. */
export function FulfilmentSection({
  register,
  type,
  rates,
  delivery,
  dineinClosed,
  shortfall,
  onChoose,
}: {
  register: UseFormRegister<CheckoutValues>;
  type: FulfilmentType;
  rates: { id: string; cost: string | null }[];
  delivery: CheckoutContext['deliverySettings'] | undefined;
  dineinClosed: boolean;
  shortfall: string | null | undefined;
  onChoose: (type: FulfilmentType) => void;
}) {
  const intl = useIntl();
  // One registration for the group: react-hook-form keeps one set of options per field name.
  const fulfilmentField = register('fulfilment', { onChange: (event: { target: { value: string } }) => onChoose(event.target.value as FulfilmentType) });
  const money = (amount: string | null | undefined) => formatMoney(euros(amount), intl.locale);
  return (
    <Section id="fulfilment" title={intl.formatMessage({ id: 'checkout.fulfilment' })}>
      <fieldset className="choice-group">
        <legend className="visually-hidden">{intl.formatMessage({ id: 'checkout.fulfilment' })}</legend>
        <div className="fulfilment-options">
          {FULFILMENT_TYPES.map((t) => {
            const rate = rates.find((r) => r.id === t);
            const disabled = (t === 'dinein' && dineinClosed) || (t === 'delivery' && delivery?.enabled === false);
            return (
              <label key={t} className={`fulfilment${t === type ? ' is-selected' : ''}${disabled ? ' is-disabled' : ''}`} data-testid={`fulfilment-${t}`}>
                <input type="radio" value={t} disabled={disabled} {...fulfilmentField} />
                <span className="fulfilment__name">{intl.formatMessage({ id: `fulfilment.${t}` })}</span>
                {rate && euros(rate.cost) > 0 ? <Price amount={euros(rate.cost)} signed size="sm" /> : null}
                {t === 'dinein' && dineinClosed ? (
                  <span className="fulfilment__note" data-testid="dinein-closed">
                    {intl.formatMessage({ id: 'ordering.dineinClosed' })}
                  </span>
                ) : null}
                {t === 'delivery' && delivery?.enabled === false ? (
                  <span className="fulfilment__note">{intl.formatMessage({ id: 'ordering.deliveryClosed' })}</span>
                ) : null}
              </label>
            );
          })}
        </div>
      </fieldset>
      {type === 'delivery' && delivery ? (
        <p className="checkout__hint" data-testid="delivery-rules">
          {intl.formatMessage(
            { id: 'delivery.rules' },
            { minimum: money(delivery.minimumOrder), maximum: delivery.maximumDistanceKm, fee: money(delivery.fee) },
          )}
        </p>
      ) : null}
      {shortfall ? (
        <Notice tone="warning" role="alert">
          <span data-testid="below-minimum">
            {intl.formatMessage({ id: 'delivery.shortfall' }, { missing: money(shortfall), minimum: money(delivery?.minimumOrder) })}
          </span>{' '}
          <ButtonLink to="/bestellen" variant="secondary" size="sm">
            {intl.formatMessage({ id: 'delivery.addMore' })}
          </ButtonLink>
        </Notice>
      ) : null}
    </Section>
  );
}
