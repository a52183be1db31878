import type { KitchenOrder } from '@bakje/contract';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import './stations.css';
import { fetchKitchenStations, kitchenStationsKey } from './stationsApi';
import { partsOf } from './stationParts';

/** The stations query every kitchen screen shares; a manager's change shows within a minute. */
export function useKitchenStations() {
  return useQuery({ queryKey: kitchenStationsKey, queryFn: ({ signal }) => fetchKitchenStations(signal), staleTime: 30_000, refetchInterval: 60_000 });
}

/**
 * The expeditor's view of an order's parts (docs/decisions/0069-kitchen-stations.md): "Friteuse ✓ Grill …". Nothing
 * for an order without station items.
 */
export function StationProgress({ order }: { order: KitchenOrder }) {
  const intl = useIntl();
  const stations = useKitchenStations().data;
  if (!stations || stations.stations.length === 0) return null;
  const parts = partsOf(order, stations);
  if (parts.length === 0) return null;
  return (
    <ul className="station-progress" aria-label={intl.formatMessage({ id: 'kitchen.stations.progress' })} data-testid="station-progress">
      {parts.map((part) => (
        <li key={part.stationId} className={`station-progress__part${part.bumped ? ' station-progress__part--done' : ''}`} data-done={part.bumped}>
          {part.name} <span aria-hidden="true">{part.bumped ? '✓' : '…'}</span>
          <span className="visually-hidden">{intl.formatMessage({ id: part.bumped ? 'kitchen.stations.partDone' : 'kitchen.stations.partOpen' })}</span>
        </li>
      ))}
    </ul>
  );
}
