import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { EmptyState, Spinner } from '../../../ui';
import { PERMISSION } from '../../admin/permissions';
import { DashboardError, StaffGate } from '../../admin/StaffGate';
import { DashboardNav } from '../../DashboardNav';
import { ToastProvider } from '../../../ui/Toast';
import { StationScreen, stationHref } from './StationScreen';
import { useKitchenStations } from './StationProgress';
import '../../../areas/areas.css';
import '../kitchen.css';
import './stations.css';

/**
 * /dashboard/kitchen?station={id}[&mode=tablet] (kitchen.view): one station's kitchen screen
 * (docs/decisions/0069-kitchen-stations.md); without a station, the list of stations to open.
 */
export default function StationPage() {
  return (
    <StaffGate permission={PERMISSION.kitchenView}>
      <ToastProvider>
        <StationRoute />
      </ToastProvider>
    </StaffGate>
  );
}

function StationRoute() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [params] = useSearchParams();
  const stations = useKitchenStations();
  const stationId = Number(params.get('station'));
  const tablet = params.get('mode') === 'tablet';
  const station = stations.data?.stations.find((s) => s.id === stationId);
  useDocumentTitle(station ? t('kitchen.stations.screenTitle', { name: station.name }) : t('kitchen.stations.pickTitle'));

  if (stations.isPending) {
    return (
      <main id="main" className="kitchen kitchen--center" tabIndex={-1}>
        <Spinner size="lg" label={t('common.loading')} />
      </main>
    );
  }
  if (stations.isError) {
    return (
      <main id="main" className="kitchen kitchen--center" tabIndex={-1}>
        <DashboardError error={stations.error} onRetry={() => void stations.refetch()} />
      </main>
    );
  }
  if (station) return <StationScreen station={station} stations={stations.data} tablet={tablet} />;
  return (
    <div className="kitchen station-screen">
      <header className="dashboard__header kitchen__header">
        <h1 className="kitchen__title">{t('kitchen.stations.pickTitle')}</h1>
        <DashboardNav />
      </header>
      <main id="main" className="kitchen__main" tabIndex={-1}>
        {params.get('station') ? <p role="alert">{t('kitchen.stations.unknown')}</p> : null}
        {stations.data.stations.length === 0 ? (
          <EmptyState title={t('kitchen.stations.none')}>
            <Link to="/dashboard/stations">{t('kitchen.stations.define')}</Link>
          </EmptyState>
        ) : (
          <ul className="station-pick">
            {stations.data.stations.map((s) => (
              <li key={s.id} className="station-pick__item">
                <Link className="station-pick__link" to={stationHref(s.id, false)}>
                  {s.name}
                </Link>
                <Link className="station-pick__link station-pick__link--tablet" to={stationHref(s.id, true)}>
                  {t('kitchen.stations.openTablet', { name: s.name })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}
