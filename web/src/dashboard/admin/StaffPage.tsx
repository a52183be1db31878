import type { StaffMember } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Field } from '../../account/Field';
import { accountErrorText } from '../../account/errors';
import { Button, EmptyState, Notice, Spinner } from '../../ui';
import { ConfirmDialog } from './ConfirmDialog';
import { DashboardFrame } from './DashboardFrame';
import { PERMISSION } from './permissions';
import { formatMoment } from './format';
import { rest, RestError } from './rest';
import { DashboardError, StaffGate } from './StaffGate';
import type { StaffRole } from './useStaffSession';

const ROLES: StaffRole[] = ['kitchen', 'manager', 'admin'];
const staffKey = ['dashboard', 'staff'] as const;
const EMPTY = { email: '', firstName: '', lastName: '', role: 'kitchen' as StaffRole, password: '', confirm: '' };

/** Client-side checks mirror the server's password rules (docs/security.md); the server decides. */
function passwordProblemId(password: string): string | null {
  const length = [...password].length;
  if (length < 8) return 'account.error.passwordShort';
  if (length > 128) return 'account.error.passwordLong';
  return null;
}

function CreateStaffForm() {
  const intl = useIntl();
  const client = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (input: Omit<typeof EMPTY, 'confirm'>) => rest<{ id: number; email: string }>('POST', '/api/staff/users', input),
    onSuccess: async (user) => {
      setCreated(user.email);
      setValues(EMPTY);
      setTouched(false);
      await client.invalidateQueries({ queryKey: staffKey });
    },
  });
  const set = (key: keyof typeof EMPTY) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });
  const required = (value: string) => (touched && !value.trim() ? intl.formatMessage({ id: 'form.required' }) : null);
  const passwordId = touched ? (values.password ? passwordProblemId(values.password) : 'form.required') : null;
  const confirmError = touched && values.confirm !== values.password ? intl.formatMessage({ id: 'dashboard.staff.passwordMismatch' }) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setCreated(null);
    if (!values.email.trim() || !values.firstName.trim() || passwordProblemId(values.password) || values.confirm !== values.password) return;
    const { confirm: _confirm, ...input } = values;
    create.mutate({ ...input, email: input.email.trim(), firstName: input.firstName.trim(), lastName: input.lastName.trim() });
  };

  return (
    <form className="account-form admin__form" onSubmit={submit} noValidate aria-labelledby="staff-create-title">
      <h2 id="staff-create-title">{intl.formatMessage({ id: 'dashboard.staff.createTitle' })}</h2>
      {created ? <Notice tone="success">{intl.formatMessage({ id: 'dashboard.staff.created' }, { email: created })}</Notice> : null}
      {create.error ? (
        <Notice tone="error" role="alert">
          {create.error instanceof RestError && create.error.status === 403
            ? intl.formatMessage({ id: 'dashboard.gate.forbiddenTitle' })
            : accountErrorText(intl, create.error, 'dashboard.staff.createFailed')}
        </Notice>
      ) : null}
      <Field label={intl.formatMessage({ id: 'account.field.email' })} name="email" type="email" autoComplete="off" required value={values.email} onChange={set('email')} error={required(values.email)} />
      <div className="admin__row">
        <Field label={intl.formatMessage({ id: 'account.field.firstName' })} name="firstName" autoComplete="off" required value={values.firstName} onChange={set('firstName')} error={required(values.firstName)} />
        <Field label={intl.formatMessage({ id: 'account.field.lastName' })} name="lastName" autoComplete="off" value={values.lastName} onChange={set('lastName')} />
      </div>
      <div className="account-field">
        <label htmlFor="staff-role">{intl.formatMessage({ id: 'dashboard.staff.role' })}</label>
        <select id="staff-role" className="input" value={values.role} onChange={set('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {intl.formatMessage({ id: `dashboard.role.${role}` })}
            </option>
          ))}
        </select>
      </div>
      <p className="account-hint" id="staff-password-rules">{intl.formatMessage({ id: 'dashboard.staff.passwordRules' })}</p>
      <Field
        label={intl.formatMessage({ id: 'account.field.password' })}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={set('password')}
        error={passwordId ? intl.formatMessage({ id: passwordId }) : null}
      />
      <Field
        label={intl.formatMessage({ id: 'account.field.confirmPassword' })}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirm}
        onChange={set('confirm')}
        error={confirmError}
      />
      <Button type="submit" variant="primary" busy={create.isPending}>
        {intl.formatMessage({ id: 'dashboard.staff.create' })}
      </Button>
    </form>
  );
}

function StaffList() {
  const intl = useIntl();
  const client = useQueryClient();
  const [revoking, setRevoking] = useState<StaffMember | null>(null);
  const [done, setDone] = useState<{ name: string; count: number } | null>(null);
  const query = useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => rest<StaffMember[]>('GET', '/api/staff/users', undefined, signal),
    retry: (count, error) => error instanceof RestError && error.status >= 500 && count < 2,
  });
  const revoke = useMutation({
    mutationFn: (member: StaffMember) => rest<{ revoked: number }>('POST', `/api/staff/users/${member.id}/revoke-sessions`),
    onSuccess: async (result, member) => {
      setDone({ name: member.email, count: result.revoked });
      setRevoking(null);
      await client.invalidateQueries({ queryKey: staffKey });
    },
  });

  if (query.isPending) return <Spinner size="lg" />;
  if (query.isError) return <DashboardError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title={intl.formatMessage({ id: 'dashboard.staff.empty' })} />;
  const nameOf = (m: StaffMember) => `${m.firstName} ${m.lastName}`.trim() || m.username;
  return (
    <>
      {done ? <Notice tone="success">{intl.formatMessage({ id: 'dashboard.staff.revoked' }, { email: done.name, count: done.count })}</Notice> : null}
      <div className="admin__table-wrap" tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'dashboard.staff.listTitle' })}>
        <table className="admin__table">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage({ id: 'dashboard.staff.name' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'account.field.email' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'dashboard.staff.role' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'dashboard.staff.lastLogin' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'dashboard.staff.sessions' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'dashboard.actions' })}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((member) => (
              <tr key={member.id}>
                <th scope="row">
                  {nameOf(member)}
                  {member.active ? null : <span className="admin__muted"> ({intl.formatMessage({ id: 'dashboard.staff.inactive' })})</span>}
                </th>
                <td>{member.email}</td>
                <td>{intl.formatMessage({ id: `dashboard.role.${member.role}` })}</td>
                <td>{formatMoment(intl, member.lastLoginAt)}</td>
                <td>{member.activeSessions}</td>
                <td>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      revoke.reset();
                      setRevoking(member);
                    }}
                    aria-label={intl.formatMessage({ id: 'dashboard.staff.revokeFor' }, { email: member.email })}
                  >
                    {intl.formatMessage({ id: 'dashboard.staff.revoke' })}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title={intl.formatMessage({ id: 'dashboard.staff.revokeTitle' })}
        confirmLabel={intl.formatMessage({ id: 'dashboard.staff.revokeConfirm' })}
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      >
        <p>{intl.formatMessage({ id: 'dashboard.staff.revokeBody' }, { email: revoking?.email ?? '' })}</p>
        {revoke.error ? (
          <Notice tone="error" role="alert">
            {intl.formatMessage({ id: 'dashboard.staff.revokeFailed' })}
          </Notice>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** /dashboard/staff (staff.manage, admins): staff accounts, new staff users, revoking sessions. */
export default function StaffPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.staffManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.staff.title' })}>
        <section aria-labelledby="staff-list-title" className="admin__section">
          <h2 id="staff-list-title">{intl.formatMessage({ id: 'dashboard.staff.listTitle' })}</h2>
          <StaffList />
        </section>
        <section className="admin__section">
          <CreateStaffForm />
        </section>
      </DashboardFrame>
    </StaffGate>
  );
}
