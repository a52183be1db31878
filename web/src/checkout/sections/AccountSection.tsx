import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useErrorText } from '../../forms/useZodForm';
import { Field } from '../../ui/Field';
import type { CheckoutValues } from '../billing';
import { Section } from './Section';

/** A guest may create an account with the order (docs/product.md §2): a password, and the e-mail given above. */
export function AccountSection({
  register,
  errors,
  creating,
}: {
  register: UseFormRegister<CheckoutValues>;
  errors: FieldErrors<CheckoutValues>;
  creating: boolean;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  return (
    <Section id="account" title={intl.formatMessage({ id: 'checkout.account' })}>
      <label className="check">
        <input type="checkbox" id="create-account" data-testid="create-account" {...register('createAccount')} />
        <span>{intl.formatMessage({ id: 'checkout.createAccount' })}</span>
      </label>
      {creating ? (
        <Field
          id="account-password"
          type="password"
          autoComplete="new-password"
          label={intl.formatMessage({ id: 'checkout.accountPassword' })}
          hint={intl.formatMessage({ id: 'account.password.rules' })}
          required
          {...register('accountPassword')}
          error={errorText(errors.accountPassword)}
        />
      ) : null}
    </Section>
  );
}
