import type { AccountPrivacy } from '@bakje/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { http, retryServerErrors } from '../api/http';
import { ButtonAnchor, Button, ErrorState, Notice, Spinner } from '../ui';
import { ConfirmDialog } from '../ui/ConfirmDialog';

const PRIVACY_URL = '/api/account/privacy';
const privacyKey = ['account', 'privacy'] as const;

/** My account's privacy tab: download one's data as JSON, ask for erasure (the shop confirms it). */
export function PrivacyTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const query = useQuery({
    queryKey: privacyKey,
    queryFn: ({ signal }) => http<AccountPrivacy>('GET', PRIVACY_URL, { signal }),
    retry: retryServerErrors,
  });
  const request = useMutation({
    mutationFn: () => http<AccountPrivacy>('POST', `${PRIVACY_URL}/erasure`, { body: {} }),
    onSuccess: (answer) => {
      client.setQueryData(privacyKey, answer);
      setAsking(false);
    },
    onError: () => setAsking(false),
  });
  return (
    <div className="account-privacy">
      <h3>{t('account.privacy.downloadTitle')}</h3>
      <p>{t('account.privacy.downloadLead')}</p>
      <ButtonAnchor href={`${PRIVACY_URL}/export`} download variant="secondary">
        {t('account.privacy.download')}
      </ButtonAnchor>
      <h3>{t('account.privacy.erasureTitle')}</h3>
      <p>{t('account.privacy.erasureLead')}</p>
      {query.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.erasureRequest ? (
        <Notice tone="info">
          {intl.formatMessage(
            { id: 'account.privacy.erasurePending' },
            { date: intl.formatDate(query.data.erasureRequest.requestedAt, { dateStyle: 'long', timeStyle: 'short' }) },
          )}
        </Notice>
      ) : (
        <Button variant="danger" onClick={() => setAsking(true)}>
          {t('account.privacy.erasureAsk')}
        </Button>
      )}
      {request.isError ? (
        <Notice tone="error" role="alert">
          {t('account.privacy.erasureFailed')}
        </Notice>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('account.privacy.erasureConfirmTitle')}
        confirmLabel={t('account.privacy.erasureAsk')}
        busy={request.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => request.mutate()}
      >
        <p>{t('account.privacy.erasureConfirmBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
