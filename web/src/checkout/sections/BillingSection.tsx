import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { FulfilmentType } from '../../cart/cartApi';
import { useErrorText } from '../../forms/useZodForm';
import { Button } from '../../ui';
import { Field } from '../../ui/Field';
import type { CheckoutValues } from '../billing';
import type { DistanceResult } from '../checkoutApi';
import { DistanceNotice } from './DistanceNotice';

const COUNTRIES = ['BE', 'NL', 'FR', 'LU', 'DE'];

/** Name, phone, e-mail and address; for delivery also the distance check and the address confirmation. */
export function BillingSection({
  register,
  errors,
  type,
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
  type: FulfilmentType;
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
  const delivery = type === 'delivery';
  const field = (
    name: 'firstName' | 'lastName' | 'phone' | 'email' | 'address1' | 'address2' | 'postcode' | 'city',
    autoComplete: string,
    required: boolean,
  ) => ({
    ...register(name),
    id: `billing-${name}`,
    label: intl.formatMessage({ id: `billing.${name}` }),
    error: errorText(errors[name]),
    autoComplete,
    required,
    marked: true,
  });
  return (
    <>
      <div className="fields">
        <Field {...field('firstName', 'given-name', true)} />
        <Field {...field('lastName', 'family-name', true)} />
        <Field type="tel" {...field('phone', 'tel', true)} />
        <Field type="email" hint={intl.formatMessage({ id: 'billing.emailHint' })} {...field('email', 'email', false)} />
        <Field {...field('address1', 'address-line1', delivery)} />
        <Field {...field('address2', 'address-line2', false)} />
        <Field {...field('postcode', 'postal-code', delivery)} />
        <Field {...field('city', 'address-level2', delivery)} />
        <Field as="select" id="billing-country" label={intl.formatMessage({ id: 'billing.country' })} autoComplete="country" {...register('country')}>
          {COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {intl.formatDisplayName(code, { type: 'region' }) ?? code}
            </option>
          ))}
        </Field>
      </div>
      {delivery ? (
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
      ) : null}
    </>
  );
}
