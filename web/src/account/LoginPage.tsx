import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Notice } from '../ui';
import { LoginDocument, RegisterDocument } from './account.generated';
import { accountErrorText } from './errors';
import { Field } from './Field';
import { useAccountMutation } from './useAccount';

/** Where a fresh login lands: staff in the dashboard, customers in their account. */
export const landingFor = (role: string) => (role === 'customer' ? '/my-account' : '/dashboard');

/** `?redirect=` back to the page that sent the visitor to log in; only a path on this site (no //host). */
export const safeRedirect = (value: string | null) => (value && /^\/(?![/\\])/.test(value) ? value : null);

export function LoginForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'));
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [missing, setMissing] = useState(false);
  const login = useAccountMutation(LoginDocument, { resetAll: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) return setMissing(true);
    setMissing(false);
    login.mutate({ username: username.trim(), password, rememberMe }, { onSuccess: (data) => void navigate(redirect ?? landingFor(data.login.viewer?.role ?? 'customer')) });
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby="login-title">
      <h2 id="login-title">{intl.formatMessage({ id: 'account.login.title' })}</h2>
      {login.error ? (
        <Notice tone="error" role="alert">
          {accountErrorText(intl, login.error, 'account.error.login')}
        </Notice>
      ) : null}
      <Field
        label={intl.formatMessage({ id: 'account.field.usernameOrEmail' })}
        name="username"
        autoComplete="username"
        value={username}
        required
        error={missing && !username.trim() ? intl.formatMessage({ id: 'form.required' }) : null}
        onChange={(e) => setUsername(e.target.value)}
      />
      <Field
        label={intl.formatMessage({ id: 'account.field.password' })}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        required
        error={missing && !password ? intl.formatMessage({ id: 'form.required' }) : null}
        onChange={(e) => setPassword(e.target.value)}
      />
      <label className="check">
        <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
        {intl.formatMessage({ id: 'account.login.remember' })}
      </label>
      <Button type="submit" variant="primary" disabled={login.isPending}>
        {intl.formatMessage({ id: login.isPending ? 'account.login.busy' : 'account.login.submit' })}
      </Button>
      <p>
        <Link to="/my-account/lost-password">{intl.formatMessage({ id: 'account.login.lost' })}</Link>
      </p>
    </form>
  );
}

export function RegisterForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', firstName: '', lastName: '', password: '', confirm: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const register = useAccountMutation(RegisterDocument, { resetAll: true });
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.email.trim() || !values.password) return setProblem(intl.formatMessage({ id: 'form.required' }));
    if (values.password !== values.confirm) return setProblem(intl.formatMessage({ id: 'account.error.passwordsDiffer' }));
    setProblem(null);
    register.mutate(
      { input: { email: values.email.trim(), password: values.password, firstName: values.firstName.trim(), lastName: values.lastName.trim() } },
      { onSuccess: () => void navigate('/my-account') },
    );
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-labelledby="register-title">
      <h2 id="register-title">{intl.formatMessage({ id: 'account.register.title' })}</h2>
      {problem || register.error ? (
        <Notice tone="error" role="alert">
          {problem ?? accountErrorText(intl, register.error, 'account.error.register')}
        </Notice>
      ) : null}
      <Field label={intl.formatMessage({ id: 'account.field.email' })} name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} />
      <Field label={intl.formatMessage({ id: 'account.field.firstName' })} name="firstName" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} />
      <Field label={intl.formatMessage({ id: 'account.field.lastName' })} name="lastName" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} />
      <Field label={intl.formatMessage({ id: 'account.field.password' })} name="new-password" type="password" autoComplete="new-password" required value={values.password} onChange={set('password')} />
      <Field label={intl.formatMessage({ id: 'account.field.confirmPassword' })} name="confirm-password" type="password" autoComplete="new-password" required value={values.confirm} onChange={set('confirm')} />
      <p className="account-hint">{intl.formatMessage({ id: 'account.password.rules' })}</p>
      <Button type="submit" variant="primary" disabled={register.isPending}>
        {intl.formatMessage({ id: 'account.register.submit' })}
      </Button>
    </form>
  );
}

export default function LoginPage() {
  const intl = useIntl();
  return (
    <div className="container account-page">
      <h1>{intl.formatMessage({ id: 'nav.login' })}</h1>
      <div className="account-columns">
        <LoginForm />
        <RegisterForm />
      </div>
    </div>
  );
}
