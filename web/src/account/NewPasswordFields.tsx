import { useIntl } from 'react-intl';
import { Field } from './Field';

/** A new password, its confirmation and the password rules: the reset page and the password tab. */
export function NewPasswordFields({
  password,
  confirm,
  mismatch,
  onPassword,
  onConfirm,
}: {
  password: string;
  confirm: string;
  mismatch: boolean;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  const intl = useIntl();
  return (
    <>
      <Field label={intl.formatMessage({ id: 'account.field.newPassword' })} name="new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => onPassword(e.target.value)} />
      <Field
        label={intl.formatMessage({ id: 'account.field.confirmPassword' })}
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        error={mismatch ? intl.formatMessage({ id: 'account.error.passwordsDiffer' }) : null}
        onChange={(e) => onConfirm(e.target.value)}
      />
      <p className="account-hint">{intl.formatMessage({ id: 'account.password.rules' })}</p>
    </>
  );
}
