import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useErrorText } from '../../forms/useZodForm';
import { Button } from '../../ui';
import { Field } from '../../ui/Field';
import { fieldId, type CheckoutValues, type ShippingInput } from '../billing';
import type { DistanceResult } from '../checkoutApi';
import { DistanceNotice } from './DistanceNotice';
import { Section } from './Section';

/**
 * Where a delivery goes (docs/product.md §2): the billing address, or another one when the customer ticks
 * "ship to another address"; then the distance check and the confirmation of that address.
 */
export function ShippingSection({
  register,
  errors,
  shipToDifferent,
  submitted,
  distance,
  checking,
  onCheckDistance,
  confirmed,
  onConfirm,
  addressText,
}: {
  register: UseFormRegister<CheckoutValues>;
  errors: FieldErrors<CheckoutValues>;
  shipToDifferent: boolean;
  submitted: boolean;
  distance: DistanceResult | null;
  checking: boolean;
  onCheckDistance: () => void;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  addressText: string;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const field = (name: keyof ShippingInput, autoComplete: string, required: boolean) => ({
    ...register(name),
    id: fieldId(name),
    label: intl.formatMessage({ id: `shipping.${name}` }),
    error: errorText(errors[name]),
    autoComplete: `shipping ${autoComplete}`,
    required,
    marked: true,
  });
  return (
    <Section id="shipping" title={intl.formatMessage({ id: 'checkout.deliveryAddress' })}>
      <label className="check">
        <input type="checkbox" id="ship-to-different-address" data-testid="ship-to-different-address" {...register('shipToDifferentAddress')} />
        <span>{intl.formatMessage({ id: 'checkout.shipToDifferentAddress' })}</span>
      </label>
      {shipToDifferent ? (
        <div className="fields" data-testid="shipping-fields">
          <Field {...field('shippingFirstName', 'given-name', false)} />
          <Field {...field('shippingLastName', 'family-name', false)} />
          <Field {...field('shippingAddress1', 'address-line1', true)} />
          <Field {...field('shippingAddress2', 'address-line2', false)} />
          <Field {...field('shippingPostcode', 'postal-code', true)} />
          <Field {...field('shippingCity', 'address-level2', true)} />
        </div>
      ) : null}
      <div className="delivery-check" aria-live="polite">
        <Button variant="secondary" onClick={onCheckDistance} busy={checking} data-testid="check-address">
          {intl.formatMessage({ id: 'delivery.check' })}
        </Button>
        {distance ? <DistanceNotice result={distance} confirmed={confirmed} onConfirm={onConfirm} address={addressText} /> : null}
        {submitted && distance?.kind === 'ok' && !confirmed ? (
          <p className="field-error" data-testid="confirm-error">
            {intl.formatMessage({ id: 'delivery.confirmRequired' })}
          </p>
        ) : null}
      </div>
    </Section>
  );
}
