import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Spinner } from '../../../ui';
import { http, retryServerErrors } from '../../../api/http';
import { DashboardFrame } from '../DashboardFrame';
import { PERMISSION } from '../permissions';
import { DashboardError, StaffGate } from '../StaffGate';
import type { PaymentProvidersView, PaymentSurchargesView } from '@bakje/contract';
import {
  PAYMENT_PROVIDERS_URL,
  PAYMENT_SETTINGS_URL,
  PAYMENT_SURCHARGES_URL,
  paymentProvidersKey,
  paymentSettingsKey,
  paymentSurchargesKey,
  type PaymentSettings,
} from './payments-api';
import { ProviderSettingsForm } from './ProviderSettingsForm';
import { PaymentSettingsForm } from './PaymentSettingsForm';
import { SurchargeSettingsForm } from './SurchargeSettingsForm';

function PaymentsContent() {
  const intl = useIntl();
  const settings = useQuery({
    queryKey: paymentSettingsKey,
    queryFn: ({ signal }) => http<PaymentSettings>('GET', PAYMENT_SETTINGS_URL, { signal }),
    // The form keeps what the user ticked; the saved values only change by saving.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: retryServerErrors,
  });
  const providers = useQuery({
    queryKey: paymentProvidersKey,
    queryFn: ({ signal }) => http<PaymentProvidersView>('GET', PAYMENT_PROVIDERS_URL, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: retryServerErrors,
  });
  const surcharges = useQuery({
    queryKey: paymentSurchargesKey,
    queryFn: ({ signal }) => http<PaymentSurchargesView>('GET', PAYMENT_SURCHARGES_URL, { signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: retryServerErrors,
  });
  return (
    <>
      <p className="admin__lead">{intl.formatMessage({ id: 'dashboard.payments.lead' })}</p>
      {providers.isPending ? (
        <Spinner size="lg" label={intl.formatMessage({ id: 'common.loading' })} />
      ) : providers.isError ? (
        <DashboardError error={providers.error} onRetry={() => void providers.refetch()} />
      ) : (
        <section className="admin__section">
          <ProviderSettingsForm view={providers.data} />
        </section>
      )}
      {settings.isPending ? (
        <Spinner size="lg" label={intl.formatMessage({ id: 'common.loading' })} />
      ) : settings.isError ? (
        <DashboardError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <section className="admin__section">
          <PaymentSettingsForm settings={settings.data} />
        </section>
      )}
      {surcharges.isPending ? (
        <Spinner size="lg" label={intl.formatMessage({ id: 'common.loading' })} />
      ) : surcharges.isError ? (
        <DashboardError error={surcharges.error} onRetry={() => void surcharges.refetch()} />
      ) : (
        <section className="admin__section">
          <SurchargeSettingsForm view={surcharges.data} />
        </section>
      )}
    </>
  );
}

/** /dashboard/payments (settings.manage: managers and admins): which card methods are offered where, the cut-off and the transaction costs. */
export default function PaymentsPage() {
  const intl = useIntl();
  return (
    <StaffGate permission={PERMISSION.settingsManage}>
      <DashboardFrame title={intl.formatMessage({ id: 'dashboard.payments.title' })}>
        <PaymentsContent />
      </DashboardFrame>
    </StaffGate>
  );
}
