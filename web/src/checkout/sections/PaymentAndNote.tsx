import type { UseFormRegister } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { Field } from '../../ui/Field';
import type { CheckoutValues } from '../billing';
import { Fragment, type Ref } from 'react';
import type { PaymentGateway, StripeCheckoutSettings } from '../checkoutApi';
import { StripeCardField, type StripeCardHandle } from '../stripe/StripeCardField';
import { Section } from './Section';

/** How the customer pays: cash, a card method through the provider's payment page, or a card typed here (Stripe). */
export function PaymentSection({
  register,
  gateways,
  chosen,
  stripe,
  stripeCard,
}: {
  register: UseFormRegister<CheckoutValues>;
  gateways: PaymentGateway[];
  chosen: string;
  stripe?: StripeCheckoutSettings | null;
  stripeCard?: Ref<StripeCardHandle>;
}) {
  const intl = useIntl();
  return (
    <Section id="payment" title={intl.formatMessage({ id: 'checkout.payment' })}>
      <fieldset className="choice-group">
        <legend className="visually-hidden">{intl.formatMessage({ id: 'checkout.payment' })}</legend>
        {gateways.map((g) => (
          <Fragment key={g.id}>
            <label className={`payment${g.id === chosen ? ' is-selected' : ''}`}>
              <input type="radio" value={g.id} {...register('paymentMethod')} />
              {g.icon ? <img className="payment__icon" src={g.icon} alt="" width={40} height={26} /> : null}
              <span className="payment__title">{g.title}</span>
              {g.description ? <span className="payment__description">{g.description}</span> : null}
            </label>
            {/* The card fields right under the chosen method, not below the whole list (issue 31). */}
            {g.id === 'stripe' && chosen === 'stripe' && stripe ? <StripeCardField ref={stripeCard} settings={stripe} /> : null}
          </Fragment>
        ))}
        {gateways.some((g) => g.isMultisafepay) ? (
          <p className="checkout__hint">{intl.formatMessage({ id: 'checkout.cardHint' })}</p>
        ) : gateways.some((g) => g.id === 'stripe') ? null : (
          <p className="checkout__hint">{intl.formatMessage({ id: 'checkout.cardLater' })}</p>
        )}
      </fieldset>
    </Section>
  );
}

/** A note for the kitchen. */
export function NoteSection({ register }: { register: UseFormRegister<CheckoutValues> }) {
  const intl = useIntl();
  return (
    <Section id="note" title={intl.formatMessage({ id: 'checkout.note' })}>
      <Field
        as="textarea"
        id="kitchen-note"
        label={intl.formatMessage({ id: 'checkout.noteLabel' })}
        marked
        hint={intl.formatMessage({ id: 'checkout.noteHint' })}
        rows={3}
        maxLength={500}
        {...register('note')}
      />
    </Section>
  );
}
