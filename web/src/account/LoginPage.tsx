import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { SubmitButton } from '../forms/SubmitButton';
import { useErrorText, useZodForm } from '../forms/useZodForm';
import { Notice } from '../ui';
import { Field } from '../ui/Field';
import { LoginDocument, RegisterDocument } from './account.generated';
import { accountErrorText, showAtField } from './errors';
import { passwordSchema } from './passwordSchema';
import { useAccountMutation } from './useAccount';

/** Where a fresh login lands: staff in the dashboard, customers in their account. */
export const landingFor = (role: string) => (role === 'customer' ? '/my-account' : '/dashboard');

/** `?redirect=` back to the page that sent the visitor to log in; only a path on this site (no //host). */
export const safeRedirect = (value: string | null) => (value && /^\/(?![/\\])/.test(value) ? value : null);

const loginSchema = z.object({
  username: z.string().trim().min(1, 'form.required'),
  password: z.string().min(1, 'form.required'),
  rememberMe: z.boolean(),
});

export function LoginForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const redirect = safeRedirect(search.get('redirect'));
  const errorText = useErrorText();
  const { register, handleSubmit, formState, setError } = useZodForm(loginSchema, { defaultValues: { username: '', password: '', rememberMe: true } });
  const login = useAccountMutation(LoginDocument, { resetAll: true });

  const submit = handleSubmit(async (values) => {
    try {
      const data = await login.mutateAsync(values);
      void navigate(redirect ?? landingFor(data.login.viewer?.role ?? 'customer'));
    } catch (error) {
      showAtField(setError, error, ['username', 'password']);
    }
  });

  return (
    <form className="account-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="login-title">
      <h2 id="login-title">{intl.formatMessage({ id: 'account.login.title' })}</h2>
      {login.error ? (
        <Notice tone="error" role="alert">
          {accountErrorText(intl, login.error, 'account.error.login')}
        </Notice>
      ) : null}
      <Field
        label={intl.formatMessage({ id: 'account.field.usernameOrEmail' })}
        autoComplete="username"
        required
        {...register('username')}
        error={errorText(formState.errors.username)}
      />
      <Field
        label={intl.formatMessage({ id: 'account.field.password' })}
        type="password"
        autoComplete="current-password"
        required
        {...register('password')}
        error={errorText(formState.errors.password)}
      />
      <Field as="checkbox" label={intl.formatMessage({ id: 'account.login.remember' })} {...register('rememberMe')} />
      <SubmitButton submitting={formState.isSubmitting} busyLabel={intl.formatMessage({ id: 'account.login.busy' })}>
        {intl.formatMessage({ id: 'account.login.submit' })}
      </SubmitButton>
      <p>
        <Link to="/my-account/lost-password">{intl.formatMessage({ id: 'account.login.lost' })}</Link>
      </p>
    </form>
  );
}

const registerSchema = z
  .object({
    email: z.string().trim().min(1, 'form.required').pipe(z.email('account.error.emailInvalid')),
    firstName: z.string().trim(),
    lastName: z.string().trim(),
    password: passwordSchema,
    confirm: z.string(),
  })
  .refine((values) => values.confirm === values.password, { path: ['confirm'], message: 'account.error.passwordsDiffer' });

export function RegisterForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const {
    register: field,
    handleSubmit,
    formState,
    setError,
  } = useZodForm(registerSchema, {
    defaultValues: { email: '', firstName: '', lastName: '', password: '', confirm: '' },
  });
  const register = useAccountMutation(RegisterDocument, { resetAll: true });

  const submit = handleSubmit(async ({ confirm: _confirm, ...input }) => {
    try {
      await register.mutateAsync({ input });
      void navigate('/my-account');
    } catch (error) {
      showAtField(setError, error, ['email', 'password']);
    }
  });

  return (
    <form className="account-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="register-title">
      <h2 id="register-title">{intl.formatMessage({ id: 'account.register.title' })}</h2>
      {register.error ? (
        <Notice tone="error" role="alert">
          {accountErrorText(intl, register.error, 'account.error.register')}
        </Notice>
      ) : null}
      <Field
        label={intl.formatMessage({ id: 'account.field.email' })}
        type="email"
        autoComplete="email"
        required
        {...field('email')}
        error={errorText(formState.errors.email)}
      />
      <Field label={intl.formatMessage({ id: 'account.field.firstName' })} autoComplete="given-name" {...field('firstName')} />
      <Field label={intl.formatMessage({ id: 'account.field.lastName' })} autoComplete="family-name" {...field('lastName')} />
      <Field
        label={intl.formatMessage({ id: 'account.field.password' })}
        type="password"
        autoComplete="new-password"
        required
        {...field('password')}
        error={errorText(formState.errors.password)}
      />
      <Field
        label={intl.formatMessage({ id: 'account.field.confirmPassword' })}
        type="password"
        autoComplete="new-password"
        required
        {...field('confirm')}
        error={errorText(formState.errors.confirm)}
      />
      <p className="account-hint">{intl.formatMessage({ id: 'account.password.rules' })}</p>
      <SubmitButton submitting={formState.isSubmitting}>{intl.formatMessage({ id: 'account.register.submit' })}</SubmitButton>
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
