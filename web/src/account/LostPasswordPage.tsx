import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Button, Notice } from '../ui';
import { ResetPasswordEmailDocument, ResetPasswordKeyDocument } from './account.generated';
import { accountErrorText } from './errors';
import { Field } from './Field';
import { NewPasswordFields } from './NewPasswordFields';
import { useAccountMutation } from './useAccount';

export function LostPasswordPage() {
  const intl = useIntl();
  const [username, setUsername] = useState('');
  const [missing, setMissing] = useState(false);
  const send = useAccountMutation(ResetPasswordEmailDocument);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return setMissing(true);
    setMissing(false);
    send.mutate({ username: username.trim() });
  };
  return (
    <div className="container account-page account-page--narrow">
      <h1>{intl.formatMessage({ id: 'nav.lostPassword' })}</h1>
      {send.isSuccess ? (
        <Notice tone="success">{intl.formatMessage({ id: 'account.lost.sent' })}</Notice>
      ) : (
        <form className="account-form" onSubmit={submit} noValidate>
          <p>{intl.formatMessage({ id: 'account.lost.intro' })}</p>
          {send.error ? <Notice tone="error" role="alert">{accountErrorText(intl, send.error, 'account.error.resetEmail')}</Notice> : null}
          <Field
            label={intl.formatMessage({ id: 'account.field.usernameOrEmail' })}
            name="username"
            autoComplete="username"
            value={username}
            error={missing ? intl.formatMessage({ id: 'form.required' }) : null}
            onChange={(e) => setUsername(e.target.value)}
          />
          <Button type="submit" variant="primary" disabled={send.isPending}>
            {intl.formatMessage({ id: 'account.lost.submit' })}
          </Button>
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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const reset = useAccountMutation(ResetPasswordKeyDocument);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return setMismatch(true);
    setMismatch(false);
    reset.mutate({ key, login, password });
  };
  return (
    <div className="container account-page account-page--narrow">
      <h1>{intl.formatMessage({ id: 'nav.resetPassword' })}</h1>
      {!key || !login ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({ id: 'account.error.resetLinkInvalid' })} <Link to="/my-account/lost-password">{intl.formatMessage({ id: 'account.lost.again' })}</Link>
        </Notice>
      ) : reset.isSuccess ? (
        <Notice tone="success">
          {intl.formatMessage({ id: 'account.reset.done' })} <Link to="/login">{intl.formatMessage({ id: 'account.backToLogin' })}</Link>
        </Notice>
      ) : (
        <form className="account-form" onSubmit={submit}>
          {reset.error ? <Notice tone="error" role="alert">{accountErrorText(intl, reset.error, 'account.error.reset')}</Notice> : null}
          <NewPasswordFields password={password} confirm={confirm} mismatch={mismatch} onPassword={setPassword} onConfirm={setConfirm} />
          <Button type="submit" variant="primary" disabled={reset.isPending}>
            {intl.formatMessage({ id: 'account.reset.submit' })}
          </Button>
        </form>
      )}
    </div>
  );
}
