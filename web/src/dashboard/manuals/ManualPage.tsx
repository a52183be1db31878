import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { http, retryServerErrors } from '../../api/http';
import { useLocale } from '../../i18n/LocaleProvider';
import { sanitizeHtml } from '../../lib/sanitize';
import { Button, ButtonLink, ConfirmDialog, Notice, Spinner } from '../../ui';
import { DashboardFrame } from '../admin/DashboardFrame';
import { PERMISSION } from '../admin/permissions';
import { DashboardError, StaffGate } from '../admin/StaffGate';
import { useStaffSession } from '../admin/useStaffSession';
import { inLang, langOf, MANUALS_URL, manualsKey, type Manual } from './manualsApi';
import './manuals.css';

/** /dashboard/manuals/:id (every staff role): one manual to read, in the reader's language; change or delete for manuals.manage. */
export default function ManualPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { id } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { locale } = useLocale();
  const lang = langOf(locale);
  const session = useStaffSession();
  const canWrite = session.data?.permissions.includes(PERMISSION.manualsManage) ?? false;
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({
    queryKey: [...manualsKey, 'one', id],
    queryFn: ({ signal }) => http<Manual>('GET', `${MANUALS_URL}/${encodeURIComponent(id ?? '')}`, { signal }),
    retry: retryServerErrors,
  });
  const remove = useMutation({
    mutationFn: () => http<Manual>('DELETE', `${MANUALS_URL}/${encodeURIComponent(id ?? '')}`),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: manualsKey });
      void navigate('/dashboard/manuals');
    },
  });
  const title = query.data ? inLang(query.data.title, lang) : t('dashboard.manuals.title');
  return (
    <StaffGate permission={PERMISSION.dashboardView}>
      <DashboardFrame
        title={title}
        actions={
          <div className="admin__buttons">
            <ButtonLink to="/dashboard/manuals" variant="secondary">
              {t('dashboard.manuals.back')}
            </ButtonLink>
            {canWrite && query.data ? (
              <>
                <ButtonLink to={`/dashboard/manuals/${query.data.id}/edit`} variant="secondary">
                  {t('dashboard.manuals.edit')}
                </ButtonLink>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  {t('dashboard.manuals.delete')}
                </Button>
              </>
            ) : null}
          </div>
        }
      >
        {query.isPending ? (
          <Spinner size="lg" label={t('common.loading')} />
        ) : query.isError ? (
          <DashboardError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <article className="manual" data-testid="manual">
            {query.data.video_url ? (
              <video className="manual__video" controls preload="metadata" src={query.data.video_url}>
                <a href={query.data.video_url}>{t('dashboard.manuals.videoLink')}</a>
              </video>
            ) : null}
            {/* Sanitized on save by the server and again here with the same allow-list (lib/sanitize.ts). */}
            <div className="manual__body rich-text-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(inLang(query.data.body, lang)) }} />
          </article>
        )}
        <ConfirmDialog
          open={confirming}
          title={t('dashboard.manuals.deleteTitle')}
          confirmLabel={t('dashboard.manuals.delete')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setConfirming(false)}
        >
          <p>{title}</p>
          {remove.isError ? (
            <Notice tone="error" role="alert">
              {t('dashboard.manuals.deleteFailed')}
            </Notice>
          ) : null}
        </ConfirmDialog>
      </DashboardFrame>
    </StaffGate>
  );
}
