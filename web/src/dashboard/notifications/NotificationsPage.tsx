import { useQuery } from '@tanstack/react-query';
import type { NotificationSettingsView } from '@bakje/contract';
import { useIntl } from 'react-intl';
import { http, retryServerErrors } from '../../api/http';
import { Spinner } from '../../ui';
import { DashboardFrame } from '../admin/DashboardFrame';
import { PERMISSION } from '../admin/permissions';
import { DashboardError, StaffGate } from '../admin/StaffGate';
import { NOTIFICATION_SETTINGS_URL, NotificationSettingsForm, notificationSettingsKey } from './NotificationSettingsForm';

function NotificationsContent() {
  const intl = useIntl();
  const settings = useQuery({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) => http<NotificationSettingsView>('GET', NOTIFICATION_SETTINGS_URL, { signal }),
    // The form keeps what the user typed; the saved values only change by saving.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: retryServerErrors,
  });
  if (settings.isPending) return <Spinner size="lg" label={intl.formatMessage({ id: 'common.loading' })} />;
  if (settings.isError) return <DashboardError error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <section className="admin__section">
      <NotificationSettingsForm view={settings.data} />
    </section>
  );
}

/** /dashboard/notifications (settings.manage: managers and admins): texts to customers about their orders. */
export default function NotificationsPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.settingsManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.notifications.title' })}>
        <NotificationsContent />
      </DashboardFrame>
    </StaffGate>
  );
}
