import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { SubmitButton } from '../forms/SubmitButton';
import { useErrorText, useZodForm } from '../forms/useZodForm';
import { Notice } from '../ui';
import { Field } from '../ui/Field';
import { ResetPasswordEmailDocument, ResetPasswordKeyDocument } from './account.generated';
import { accountErrorText, showAtField } from './errors';
import { EMPTY_NEW_PASSWORD, NewPasswordFields, newPasswordSchema } from './NewPasswordFields';
import { useAccountMutation } from './useAccount';

const lostPasswordSchema = z.object({ username: z.string().trim().min(1, 'form.required') });

export function LostPasswordPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const { register, handleSubmit, formState, setError } = useZodForm(lostPasswordSchema, { defaultValues: { username: '' } });
  const send = useAccountMutation(ResetPasswordEmailDocument);
  const submit = handleSubmit(async (values) => {
    await send.mutateAsync(values).catch((error: unknown) => showAtField(setError, error, ['username']));
  });
  return (
    <div className="container account-page account-page--narrow">
      <h1>{intl.formatMessage({ id: 'nav.lostPassword' })}</h1>
      {send.isSuccess ? (
        <Notice tone="success">{intl.formatMessage({ id: 'account.lost.sent' })}</Notice>
      ) : (
        <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
          <p>{intl.formatMessage({ id: 'account.lost.intro' })}</p>
          {send.error ? (
            <Notice tone="error" role="alert">
              {accountErrorText(intl, send.error, 'account.error.resetEmail')}
            </Notice>
          ) : null}
          <Field
            label={intl.formatMessage({ id: 'account.field.usernameOrEmail' })}
            autoComplete="username"
            required
            {...register('username')}
            error={errorText(formState.errors.username)}
          />
          <SubmitButton submitting={formState.isSubmitting} busyLabel={intl.formatMessage({ id: 'account.lost.busy' })}>
            {intl.formatMessage({ id: 'account.lost.submit' })}
          </SubmitButton>
        </form>
      )}
      <p>
        <Link to="/login">{intl.formatMessage({ id: 'account.backToLogin' })}</Link>
      </p>
    </div>
  );
}

/** The page the reset mail links to: /my-account/reset-password?key=...&login=... */
export function ResetPasswordPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const key = params.get('key')?.trim() ?? '';
  const login = params.get('login')?.trim() ?? '';
  const form = useZodForm(newPasswordSchema, { defaultValues: EMPTY_NEW_PASSWORD });
  const reset = useAccountMutation(ResetPasswordKeyDocument);
  const submit = form.handleSubmit(async ({ password }) => {
    await reset.mutateAsync({ key, login, password }).catch((error: unknown) => showAtField(form.setError, error, ['password']));
  });
  return (
    <div className="container account-page account-page--narrow">
      <h1>{intl.formatMessage({ id: 'nav.resetPassword' })}</h1>
      {!key || !login ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({ id: 'account.error.resetLinkInvalid' })}{' '}
          <Link to="/my-account/lost-password">{intl.formatMessage({ id: 'account.lost.again' })}</Link>
        </Notice>
      ) : reset.isSuccess ? (
        <Notice tone="success">
          {intl.formatMessage({ id: 'account.reset.done' })} <Link to="/login">{intl.formatMessage({ id: 'account.backToLogin' })}</Link>
        </Notice>
      ) : (
        <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
          {reset.error ? (
            <Notice tone="error" role="alert">
              {accountErrorText(intl, reset.error, 'account.error.reset')}
            </Notice>
          ) : null}
          <NewPasswordFields form={form} />
          <SubmitButton submitting={form.formState.isSubmitting}>{intl.formatMessage({ id: 'account.reset.submit' })}</SubmitButton>
        </form>
      )}
    </div>
  );
}
