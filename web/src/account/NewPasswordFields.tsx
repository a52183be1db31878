import { useIntl } from 'react-intl';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { useErrorText } from '../forms/useZodForm';
import { Field } from '../ui/Field';
import { passwordSchema } from './passwordSchema';

/** A new password typed twice (the reset page and the password tab). */
export const newPasswordSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((values) => values.confirm === values.password, { path: ['confirm'], message: 'account.error.passwordsDiffer' });

export type NewPasswordValues = z.input<typeof newPasswordSchema>;
export const EMPTY_NEW_PASSWORD: NewPasswordValues = { password: '', confirm: '' };

/** A new password, its confirmation and the password rules, in any form whose values include them. */
export function NewPasswordFields<Values extends NewPasswordValues>({ form }: { form: UseFormReturn<Values, unknown, Values> }) {
  const intl = useIntl();
  const errorText = useErrorText();
  // Only the two fields this component owns are read; the form may hold more (the current password).
  const { register, formState } = form as unknown as UseFormReturn<NewPasswordValues>;
  return (
    <>
      <Field
        label={intl.formatMessage({ id: 'account.field.newPassword' })}
        type="password"
        autoComplete="new-password"
        required
        {...register('password')}
        error={errorText(formState.errors.password)}
      />
      <Field
        label={intl.formatMessage({ id: 'account.field.confirmPassword' })}
        type="password"
        autoComplete="new-password"
        required
        {...register('confirm')}
        error={errorText(formState.errors.confirm)}
      />
      <p className="account-hint">{intl.formatMessage({ id: 'account.password.rules' })}</p>
    </>
  );
}
