import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { FulfilmentType } from '../../cart/cartApi';
import { useErrorText } from '../../forms/useZodForm';
import { Field } from '../../ui/Field';
import { fieldId, type CheckoutValues } from '../billing';

const COUNTRIES = ['BE', 'NL', 'FR', 'LU', 'DE'];

/** Name, phone, e-mail and address (needed for a delivery to this address). */
export function BillingSection({
  register,
  errors,
  type,
  shipToDifferent,
}: {
  register: UseFormRegister<CheckoutValues>;
  errors: FieldErrors<CheckoutValues>;
  type: FulfilmentType;
  /** The delivery goes to another address: the billing address is then optional. */
  shipToDifferent: boolean;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const delivery = type === 'delivery' && !shipToDifferent;
  const field = (
    name: 'firstName' | 'lastName' | 'phone' | 'email' | 'address1' | 'address2' | 'postcode' | 'city',
    autoComplete: string,
    required: boolean,
  ) => ({
    ...register(name),
    id: fieldId(name),
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
    </>
  );
}
