import type { StaffLanguage, StaffMember } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { accountErrorField, accountErrorId, accountErrorText } from '../../account/errors';
import { passwordSchema } from '../../account/passwordSchema';
import { SubmitButton } from '../../forms/SubmitButton';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '../../forms/UnsavedChangesGuard';
import { useErrorText, useZodForm } from '../../forms/useZodForm';
import { Field } from '../../ui/Field';
import { Button, DataTable, Notice, useToast, type Column } from '../../ui';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DashboardFrame } from './DashboardFrame';
import { PERMISSION } from './permissions';
import { formatMoment } from './format';
import { http, HttpError, retryServerErrors } from '../../api/http';
import { DashboardError, StaffGate } from './StaffGate';
import { staffSessionKey, type StaffRole } from './useStaffSession';
import { STAFF_LANGUAGES } from './staffLanguage';

const ROLES = ['kitchen', 'manager', 'admin'] as const satisfies readonly StaffRole[];
const staffKey = ['dashboard', 'staff'] as const;

/** The browser checks what it can; the password rules mirror the server's (docs/security.md), which decides. */
const newStaffSchema = z
  .object({
    email: z.string().trim().min(1, 'form.required').pipe(z.email('checkout.error.emailInvalid')),
    firstName: z.string().trim().min(1, 'form.required'),
    lastName: z.string().trim(),
    role: z.enum(ROLES),
    password: passwordSchema,
    confirm: z.string(),
  })
  .refine((values) => values.confirm === values.password, { path: ['confirm'], message: 'dashboard.staff.passwordMismatch' });

const EMPTY: z.input<typeof newStaffSchema> = { email: '', firstName: '', lastName: '', role: 'kitchen', password: '', confirm: '' };

function CreateStaffForm() {
  const intl = useIntl();
  const client = useQueryClient();
  const { register, handleSubmit, formState, reset, setError } = useZodForm(newStaffSchema, { defaultValues: EMPTY });
  const errorText = useErrorText();
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (input: Omit<z.output<typeof newStaffSchema>, 'confirm'>) => http<{ id: number; email: string }>('POST', '/api/staff/users', { body: input }),
  });
  const blocker = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitting);

  const submit = handleSubmit(async ({ confirm: _confirm, ...input }) => {
    setCreated(null);
    try {
      const user = await create.mutateAsync(input);
      setCreated(user.email);
      reset(EMPTY);
      await client.invalidateQueries({ queryKey: staffKey });
    } catch (error) {
      // The server's account rules name a field by their message (e-mail taken, password too common).
      const field = accountErrorField(error);
      if (field === 'email' || field === 'password') setError(field, { type: 'server', message: accountErrorId(error) });
    }
  });
  const field = (name: keyof typeof EMPTY) => ({ ...register(name), error: errorText(formState.errors[name]) });

  return (
    <form className="account-form admin__form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="staff-create-title">
      <h2 id="staff-create-title">{intl.formatMessage({ id: 'dashboard.staff.createTitle' })}</h2>
      {created ? <Notice tone="success">{intl.formatMessage({ id: 'dashboard.staff.created' }, { email: created })}</Notice> : null}
      {create.error ? (
        <Notice tone="error" role="alert">
          {create.error instanceof HttpError && create.error.code === 'PERMISSION_DENIED'
            ? intl.formatMessage({ id: 'dashboard.gate.forbiddenTitle' })
            : accountErrorText(intl, create.error, 'dashboard.staff.createFailed')}
        </Notice>
      ) : null}
      <Field label={intl.formatMessage({ id: 'account.field.email' })} type="email" autoComplete="off" required {...field('email')} />
      <div className="admin__row">
        <Field label={intl.formatMessage({ id: 'account.field.firstName' })} autoComplete="off" required {...field('firstName')} />
        <Field label={intl.formatMessage({ id: 'account.field.lastName' })} autoComplete="off" {...field('lastName')} />
      </div>
      <Field as="select" label={intl.formatMessage({ id: 'dashboard.staff.role' })} {...field('role')}>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {intl.formatMessage({ id: `dashboard.role.${role}` })}
          </option>
        ))}
      </Field>
      <p className="account-hint" id="staff-password-rules">
        {intl.formatMessage({ id: 'dashboard.staff.passwordRules' })}
      </p>
      <Field label={intl.formatMessage({ id: 'account.field.password' })} type="password" autoComplete="new-password" required {...field('password')} />
      <Field label={intl.formatMessage({ id: 'account.field.confirmPassword' })} type="password" autoComplete="new-password" required {...field('confirm')} />
      <SubmitButton submitting={formState.isSubmitting} busyLabel={intl.formatMessage({ id: 'dashboard.staff.creating' })}>
        {intl.formatMessage({ id: 'dashboard.staff.create' })}
      </SubmitButton>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}

function StaffList() {
  const intl = useIntl();
  const client = useQueryClient();
  const [revoking, setRevoking] = useState<StaffMember | null>(null);
  const toast = useToast();
  const query = useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => http<StaffMember[]>('GET', '/api/staff/users', { signal }),
    retry: retryServerErrors,
  });
  const revoke = useMutation({
    mutationFn: (member: StaffMember) => http<{ revoked: number }>('POST', `/api/staff/users/${member.id}/revoke-sessions`),
    onSuccess: async (result, member) => {
      toast(intl.formatMessage({ id: 'dashboard.staff.revoked' }, { email: member.email, count: result.revoked }));
      setRevoking(null);
      await client.invalidateQueries({ queryKey: staffKey });
    },
  });
  // A member's language ('' = the shop's); their own session follows at once when it is the admin's own.
  const setLanguage = useMutation({
    mutationFn: ({ member, language }: { member: StaffMember; language: StaffLanguage | null }) =>
      http<void>('PUT', `/api/staff/users/${member.id}/language`, { body: { language } }),
    onSuccess: async (_result, { member }) => {
      toast(intl.formatMessage({ id: 'dashboard.staff.languageSaved' }, { email: member.email }));
      await Promise.all([client.invalidateQueries({ queryKey: staffKey }), client.invalidateQueries({ queryKey: staffSessionKey })]);
    },
    onError: () => toast(intl.formatMessage({ id: 'dashboard.language.failed' })),
  });

  const nameOf = (m: StaffMember) => `${m.firstName} ${m.lastName}`.trim() || m.username;
  const columns: Column<StaffMember>[] = [
    {
      id: 'name',
      header: intl.formatMessage({ id: 'dashboard.staff.name' }),
      rowHeader: true,
      sortValue: nameOf,
      cell: (member) => (
        <>
          {nameOf(member)}
          {member.active ? null : <span className="admin__muted"> ({intl.formatMessage({ id: 'dashboard.staff.inactive' })})</span>}
        </>
      ),
    },
    { id: 'email', header: intl.formatMessage({ id: 'account.field.email' }), cell: (member) => member.email, sortValue: (member) => member.email },
    {
      id: 'role',
      header: intl.formatMessage({ id: 'dashboard.staff.role' }),
      cell: (member) => intl.formatMessage({ id: `dashboard.role.${member.role}` }),
      sortValue: (member) => ROLES.indexOf(member.role),
    },
    {
      id: 'language',
      header: intl.formatMessage({ id: 'dashboard.language.label' }),
      cell: (member) => (
        <select
          value={member.language ?? ''}
          disabled={setLanguage.isPending}
          onChange={(event) => setLanguage.mutate({ member, language: (event.target.value || null) as StaffLanguage | null })}
          aria-label={intl.formatMessage({ id: 'dashboard.staff.languageFor' }, { email: member.email })}
          data-testid="staff-member-language"
        >
          <option value="">{intl.formatMessage({ id: 'dashboard.language.shop' })}</option>
          {STAFF_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {intl.formatMessage({ id: `dashboard.language.${language}` })}
            </option>
          ))}
        </select>
      ),
      sortValue: (member) => member.language ?? '',
    },
    {
      id: 'lastLogin',
      header: intl.formatMessage({ id: 'dashboard.staff.lastLogin' }),
      cell: (member) => formatMoment(intl, member.lastLoginAt),
      sortValue: (member) => member.lastLoginAt,
    },
    {
      id: 'sessions',
      header: intl.formatMessage({ id: 'dashboard.staff.sessions' }),
      cell: (member) => member.activeSessions,
      sortValue: (member) => member.activeSessions,
    },
    {
      id: 'actions',
      header: intl.formatMessage({ id: 'dashboard.actions' }),
      cell: (member) => (
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
      ),
    },
  ];
  return (
    <>
      <DataTable
        label={intl.formatMessage({ id: 'dashboard.staff.listTitle' })}
        columns={columns}
        rows={query.data}
        rowKey={(member) => member.id}
        loading={query.isPending}
        error={query.error}
        errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
        empty={intl.formatMessage({ id: 'dashboard.staff.empty' })}
      />
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
