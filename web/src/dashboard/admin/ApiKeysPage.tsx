import type { ApiKeyScope, ApiKeySummary, CreatedApiKey } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { SubmitButton } from '../../forms/SubmitButton';
import { useErrorText, useZodForm } from '../../forms/useZodForm';
import { Field } from '../../ui/Field';
import { Badge, Button, DataTable, Notice, type Column } from '../../ui';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DashboardFrame } from './DashboardFrame';
import { PERMISSION } from './permissions';
import { formatMoment } from './format';
import { http, HttpError, retryServerErrors } from '../../api/http';
import { DashboardError, StaffGate } from './StaffGate';

const SCOPES = ['read', 'write', 'read_write'] as const satisfies readonly ApiKeyScope[];
const BASE = '/api/admin/api-keys';
const keysKey = ['dashboard', 'api-keys'] as const;

/** A read-only value with a copy button; the value stays selectable for browsers without clipboard access. */
function CopyField({ label, value, name }: { label: string; value: string; name: string }) {
  const intl = useIntl();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="account-field admin__copy">
      <label htmlFor={id}>{label}</label>
      <div className="admin__copy-row">
        <input id={id} name={name} className="input admin__mono" readOnly value={value} onFocus={(e) => e.target.select()} />
        <Button variant="secondary" onClick={() => void copy()} aria-label={intl.formatMessage({ id: 'dashboard.keys.copyLabel' }, { what: label })}>
          {intl.formatMessage({ id: 'dashboard.keys.copy' })}
        </Button>
      </div>
      <p className="admin__muted" role="status">
        {copied === 'yes'
          ? intl.formatMessage({ id: 'dashboard.keys.copied' })
          : copied === 'failed'
            ? intl.formatMessage({ id: 'dashboard.keys.copyFailed' })
            : ''}
      </p>
    </div>
  );
}

/** The new key and secret, shown this once: the server keeps only hashes (decision 0018-keys-cli). */
function CreatedKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen reader users land on the new key instead of staying on the form below.
  useEffect(() => heading.current?.focus(), [created.id]);
  return (
    <section className="admin__created" aria-labelledby="key-created-title">
      <h2 id="key-created-title" ref={heading} tabIndex={-1}>
        {intl.formatMessage({ id: 'dashboard.keys.createdTitle' }, { description: created.description || `…${created.truncated_key}` })}
      </h2>
      <Notice tone="warning" role="alert">
        {intl.formatMessage({ id: 'dashboard.keys.onceWarning' })}
      </Notice>
      <CopyField label={intl.formatMessage({ id: 'dashboard.keys.consumerKey' })} name="consumer_key" value={created.consumer_key} />
      <CopyField label={intl.formatMessage({ id: 'dashboard.keys.consumerSecret' })} name="consumer_secret" value={created.consumer_secret} />
      <Button variant="primary" onClick={onDone}>
        {intl.formatMessage({ id: 'dashboard.keys.done' })}
      </Button>
    </section>
  );
}

/** The server's limits (decision 0004-keys-cli): a description of at most 200 characters, one of three scopes. */
const newKeySchema = z.object({
  description: z
    .string()
    .trim()
    .refine((description) => [...description].length <= 200, 'dashboard.keys.descriptionTooLong'),
  scope: z.enum(SCOPES),
});

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const errorText = useErrorText();
  const { register, handleSubmit, formState, reset } = useZodForm(newKeySchema, { defaultValues: { description: '', scope: 'read' } });
  const create = useMutation({ mutationFn: (input: z.output<typeof newKeySchema>) => http<CreatedApiKey>('POST', BASE, { body: input }) });
  const submit = handleSubmit(async (input) => {
    const key = await create.mutateAsync(input).catch(() => null);
    if (!key) return; // create.error is shown above the form
    reset();
    onCreated(key);
    await client.invalidateQueries({ queryKey: keysKey });
  });
  return (
    <form className="account-form admin__form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="key-create-title">
      <h2 id="key-create-title">{intl.formatMessage({ id: 'dashboard.keys.createTitle' })}</h2>
      {create.error ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({
            id:
              create.error instanceof HttpError && create.error.code === 'PERMISSION_DENIED' ? 'dashboard.gate.forbiddenTitle' : 'dashboard.keys.createFailed',
          })}
        </Notice>
      ) : null}
      <Field
        label={intl.formatMessage({ id: 'dashboard.keys.description' })}
        autoComplete="off"
        {...register('description')}
        error={errorText(formState.errors.description)}
      />
      <fieldset className="admin__fieldset">
        <legend>{intl.formatMessage({ id: 'dashboard.keys.scope' })}</legend>
        {SCOPES.map((value) => (
          <label key={value} className="check">
            <input type="radio" value={value} {...register('scope')} />
            {intl.formatMessage({ id: `dashboard.keys.scope.${value}` })}
          </label>
        ))}
      </fieldset>
      <SubmitButton submitting={formState.isSubmitting} busyLabel={intl.formatMessage({ id: 'dashboard.staff.creating' })}>
        {intl.formatMessage({ id: 'dashboard.keys.create' })}
      </SubmitButton>
    </form>
  );
}

function KeyList() {
  const intl = useIntl();
  const client = useQueryClient();
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const query = useQuery({
    queryKey: keysKey,
    queryFn: ({ signal }) => http<ApiKeySummary[]>('GET', BASE, { signal }),
    retry: retryServerErrors,
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKeySummary) => http<ApiKeySummary>('DELETE', `${BASE}/${key.id}`),
    onSuccess: async () => {
      setRevoking(null);
      await client.invalidateQueries({ queryKey: keysKey });
    },
  });
  const labelOf = (key: ApiKeySummary) => key.description || `…${key.truncated_key}`;
  const columns: Column<ApiKeySummary>[] = [
    {
      id: 'description',
      header: intl.formatMessage({ id: 'dashboard.keys.description' }),
      rowHeader: true,
      sortValue: (key) => key.description,
      cell: (key) => key.description || <span className="admin__muted">{intl.formatMessage({ id: 'dashboard.keys.noDescription' })}</span>,
    },
    {
      id: 'scope',
      header: intl.formatMessage({ id: 'dashboard.keys.scope' }),
      cell: (key) => intl.formatMessage({ id: `dashboard.keys.scope.${key.scope}` }),
      sortValue: (key) => key.scope,
    },
    { id: 'key', header: intl.formatMessage({ id: 'dashboard.keys.key' }), cell: (key) => `…${key.truncated_key}`, className: 'admin__mono' },
    {
      id: 'created',
      header: intl.formatMessage({ id: 'dashboard.keys.created' }),
      cell: (key) => formatMoment(intl, key.created_at),
      sortValue: (key) => key.created_at,
    },
    {
      id: 'lastAccess',
      header: intl.formatMessage({ id: 'dashboard.keys.lastAccess' }),
      cell: (key) => formatMoment(intl, key.last_access),
      sortValue: (key) => key.last_access,
    },
    {
      id: 'state',
      header: intl.formatMessage({ id: 'dashboard.keys.state' }),
      sortValue: (key) => (key.revoked_at ? 1 : 0),
      cell: (key) =>
        key.revoked_at ? (
          <Badge variant="soldout">{intl.formatMessage({ id: 'dashboard.keys.revokedAt' }, { when: formatMoment(intl, key.revoked_at) })}</Badge>
        ) : (
          <Badge variant="info">{intl.formatMessage({ id: 'dashboard.keys.active' })}</Badge>
        ),
    },
    {
      id: 'actions',
      header: intl.formatMessage({ id: 'dashboard.actions' }),
      cell: (key) =>
        key.revoked_at ? null : (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              revoke.reset();
              setRevoking(key);
            }}
            aria-label={intl.formatMessage({ id: 'dashboard.keys.revokeFor' }, { name: labelOf(key) })}
          >
            {intl.formatMessage({ id: 'dashboard.keys.revoke' })}
          </Button>
        ),
    },
  ];
  return (
    <>
      <DataTable
        label={intl.formatMessage({ id: 'dashboard.keys.listTitle' })}
        columns={columns}
        rows={query.data}
        rowKey={(key) => key.id}
        loading={query.isPending}
        error={query.error}
        errorContent={<DashboardError error={query.error} onRetry={() => void query.refetch()} />}
        empty={intl.formatMessage({ id: 'dashboard.keys.empty' })}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={intl.formatMessage({ id: 'dashboard.keys.revokeTitle' })}
        confirmLabel={intl.formatMessage({ id: 'dashboard.keys.revokeConfirm' })}
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      >
        <p>{intl.formatMessage({ id: 'dashboard.keys.revokeBody' }, { name: revoking ? labelOf(revoking) : '' })}</p>
        {revoke.error ? (
          <Notice tone="error" role="alert">
            {intl.formatMessage({ id: 'dashboard.keys.revokeFailed' })}
          </Notice>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

/** /dashboard/api-keys (keys.manage, admins): REST API keys for integrations. */
export default function ApiKeysPage() {
  const intl = useIntl();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <StaffGate permission={PERMISSION.keysManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.keys.title' })}>
        <p className="admin__lead">{intl.formatMessage({ id: 'dashboard.keys.lead' })}</p>
        {created ? <CreatedKeyPanel created={created} onDone={() => setCreated(null)} /> : null}
        <section aria-labelledby="key-list-title" className="admin__section">
          <h2 id="key-list-title">{intl.formatMessage({ id: 'dashboard.keys.listTitle' })}</h2>
          <KeyList />
        </section>
        <section className="admin__section">
          <CreateKeyForm onCreated={setCreated} />
        </section>
      </DashboardFrame>
    </StaffGate>
  );
}
