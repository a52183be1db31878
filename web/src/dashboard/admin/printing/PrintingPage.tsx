import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Notice, Spinner } from '../../../ui';
import { DashboardFrame } from '../DashboardFrame';
import { PERMISSION } from '../permissions';
import { http, retryServerErrors } from '../../../api/http';
import { DashboardError, StaffGate } from '../StaffGate';
import { SETTINGS_URL, settingsKey, type TicketKind, type PrintSettings } from './printing-api';
import { PrintSettingsForm } from './PrintSettingsForm';

/** The PrintNode warning of the print handler, on the page, while printing is on and a wanted kind has nowhere to go. */
function NotConfiguredWarning({ kinds }: { kinds: TicketKind[] }) {
  const intl = useIntl();
  if (kinds.length === 0) return null;
  return (
    <Notice tone="warning" role="alert">
      <strong>{intl.formatMessage({ id: 'dashboard.printing.notConfigured' })}</strong>{' '}
      {intl.formatMessage(
        { id: 'dashboard.printing.notConfiguredKinds' },
        { kinds: intl.formatList(kinds.map((kind) => intl.formatMessage({ id: `dashboard.printing.kind.${kind}` }))) },
      )}
    </Notice>
  );
}

function PrintingContent() {
  const intl = useIntl();
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => http<PrintSettings>('GET', SETTINGS_URL, { signal }),
    // The form keeps what the user typed; the saved values only change by saving.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: retryServerErrors,
  });
  return (
    <>
      <p className="admin__lead">{intl.formatMessage({ id: 'dashboard.printing.lead' })}</p>
      {settings.isPending ? (
        <Spinner size="lg" label={intl.formatMessage({ id: 'common.loading' })} />
      ) : settings.isError ? (
        <DashboardError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <NotConfiguredWarning kinds={settings.data.notConfigured} />
          <section className="admin__section">
            <PrintSettingsForm settings={settings.data} />
          </section>
        </>
      )}
      <section aria-labelledby="print-jobs-title" className="admin__section">
        <h2 id="print-jobs-title">{intl.formatMessage({ id: 'dashboard.printing.jobsTitle' })}</h2>
        <p className="admin__lead">{intl.formatMessage({ id: 'dashboard.printing.jobsLead' })}</p>
        <p>
          <Link to="/dashboard/jobs">{intl.formatMessage({ id: 'dashboard.printing.jobsLink' })}</Link>
        </p>
      </section>
    </>
  );
}

/** /dashboard/printing (settings.manage: managers and admins): where tickets print; the ones that did not are at /dashboard/jobs. */
export default function PrintingPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.settingsManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.printing.title' })}>
        <PrintingContent />
      </DashboardFrame>
    </StaffGate>
  );
}
