import type { ApiKeyScope, ApiKeySummary, CreatedApiKey } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Field } from '../../account/Field';
import { Badge, Button, EmptyState, Notice, Spinner } from '../../ui';
import { ConfirmDialog } from './ConfirmDialog';
import { DashboardFrame } from './DashboardFrame';
import { PERMISSION } from './permissions';
import { formatMoment } from './format';
import { rest, RestError } from './rest';
import { DashboardError, StaffGate } from './StaffGate';

type Scope = ApiKeyScope;
const SCOPES: Scope[] = ['read', 'write', 'read_write'];
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
        {copied === 'yes' ? intl.formatMessage({ id: 'dashboard.keys.copied' }) : copied === 'failed' ? intl.formatMessage({ id: 'dashboard.keys.copyFailed' }) : ''}
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
      <h2 id="key-created-title" ref={heading} tabIndex={-1}>{intl.formatMessage({ id: 'dashboard.keys.createdTitle' }, { description: created.description || `…${created.truncated_key}` })}</h2>
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

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const [description, setDescription] = useState('');
  const [scope, setScope] = useState<Scope>('read');
  const tooLong = [...description].length > 200;
  const create = useMutation({
    mutationFn: () => rest<CreatedApiKey>('POST', BASE, { description: description.trim(), scope }),
    onSuccess: async (key) => {
      setDescription('');
      onCreated(key);
      await client.invalidateQueries({ queryKey: keysKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooLong) create.mutate();
  };
  return (
    <form className="account-form admin__form" onSubmit={submit} noValidate aria-labelledby="key-create-title">
      <h2 id="key-create-title">{intl.formatMessage({ id: 'dashboard.keys.createTitle' })}</h2>
      {create.error ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({ id: create.error instanceof RestError && create.error.status === 403 ? 'dashboard.gate.forbiddenTitle' : 'dashboard.keys.createFailed' })}
        </Notice>
      ) : null}
      <Field
        label={intl.formatMessage({ id: 'dashboard.keys.description' })}
        name="description"
        autoComplete="off"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={tooLong ? intl.formatMessage({ id: 'dashboard.keys.descriptionTooLong' }) : null}
      />
      <fieldset className="admin__fieldset">
        <legend>{intl.formatMessage({ id: 'dashboard.keys.scope' })}</legend>
        {SCOPES.map((value) => (
          <label key={value} className="check">
            <input type="radio" name="scope" value={value} checked={scope === value} onChange={() => setScope(value)} />
            {intl.formatMessage({ id: `dashboard.keys.scope.${value}` })}
          </label>
        ))}
      </fieldset>
      <Button type="submit" variant="primary" busy={create.isPending}>
        {intl.formatMessage({ id: 'dashboard.keys.create' })}
      </Button>
    </form>
  );
}

function KeyList() {
  const intl = useIntl();
  const client = useQueryClient();
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const query = useQuery({
    queryKey: keysKey,
    queryFn: ({ signal }) => rest<ApiKeySummary[]>('GET', BASE, undefined, signal),
    retry: (count, error) => error instanceof RestError && error.status >= 500 && count < 2,
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKeySummary) => rest<ApiKeySummary>('DELETE', `${BASE}/${key.id}`),
    onSuccess: async () => {
      setRevoking(null);
      await client.invalidateQueries({ queryKey: keysKey });
    },
  });
  if (query.isPending) return <Spinner size="lg" />;
  if (query.isError) return <DashboardError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title={intl.formatMessage({ id: 'dashboard.keys.empty' })} />;
  const labelOf = (key: ApiKeySummary) => key.description || `…${key.truncated_key}`;
  return (
    <>
      <div className="admin__table-wrap" tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'dashboard.keys.listTitle' })}>
        <table className="admin__table">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage({ id: 'dashboard.keys.description' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'dashboard.keys.scope' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'dashboard.keys.key' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'dashboard.keys.created' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'dashboard.keys.lastAccess' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'dashboard.keys.state' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'dashboard.actions' })}</th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((key) => (
              <tr key={key.id}>
                <th scope="row">{key.description || <span className="admin__muted">{intl.formatMessage({ id: 'dashboard.keys.noDescription' })}</span>}</th>
                <td>{intl.formatMessage({ id: `dashboard.keys.scope.${key.scope}` })}</td>
                <td className="admin__mono">…{key.truncated_key}</td>
                <td>{formatMoment(intl, key.created_at)}</td>
                <td>{formatMoment(intl, key.last_access)}</td>
                <td>
                  {key.revoked_at ? (
                    <Badge variant="soldout">{intl.formatMessage({ id: 'dashboard.keys.revokedAt' }, { when: formatMoment(intl, key.revoked_at) })}</Badge>
                  ) : (
                    <Badge variant="info">{intl.formatMessage({ id: 'dashboard.keys.active' })}</Badge>
                  )}
                </td>
                <td>
                  {key.revoked_at ? null : (
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
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
