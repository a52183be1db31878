import type { KitchenStations, Station, StationBumpResult, StationInput, StationList } from '@bakje/contract';
import { http } from '../../../api/http';

/** Kitchen stations (docs/decisions/0069-kitchen-stations.md): the kitchen's calls and the manager's. */
export const kitchenStationsKey = ['kitchen', 'stations'] as const;
export const stationsAdminKey = ['dashboard', 'stations'] as const;

export const fetchKitchenStations = (signal?: AbortSignal) => http<KitchenStations>('GET', '/api/kitchen/stations', { signal });

/** The station's part of the order is done; the last part makes the order ready. */
export const bumpPart = (orderId: number, stationId: number) => http<StationBumpResult>('POST', `/api/kitchen/orders/${orderId}/stations/${stationId}/bump`);

/** Undoes the station's part (the order goes back to preparing when it had become ready). */
export const recallPart = (orderId: number, stationId: number) =>
  http<StationBumpResult>('POST', `/api/kitchen/orders/${orderId}/stations/${stationId}/recall`);

export const listStations = (signal?: AbortSignal) => http<StationList>('GET', '/api/dashboard/stations', { signal });
export const saveStation = (id: number | null, body: StationInput) =>
  id === null ? http<Station>('POST', '/api/dashboard/stations', { body }) : http<Station>('PUT', `/api/dashboard/stations/${id}`, { body });
export const deleteStation = (id: number) => http<void>('DELETE', `/api/dashboard/stations/${id}`);
