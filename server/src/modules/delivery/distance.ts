import { DomainError } from '../../errors/domain-error.js';
import { haversineKm } from '../../geo.js';
import type { DeliverySettings } from '../settings/shop-settings.js';
import { POSTCODE_CENTROIDS } from './postcode-centroids.js';

export interface DeliveryAddress {
  address1: string;
  city: string;
  postcode: string;
}

export const INCOMPLETE_ADDRESS_TITLE = 'Incomplete address';
export const INCOMPLETE_ADDRESS = 'Please provide a complete address to proceed with the delivery.';
export const DISTANCE_FAILED = 'Failed to fetch distance from server';

/** Road distance in km from the shop to an address: the postcode estimate or a routing service (docs/interfaces.md §5). */
export interface DistanceProvider {
  distanceKm(address: DeliveryAddress, settings: DeliverySettings): Promise<number>;
}

export function isCompleteAddress(address: Partial<DeliveryAddress>): address is DeliveryAddress {
  return Boolean(address.address1?.trim() && address.city?.trim() && /^\d{4}$/.test(address.postcode?.trim() ?? ''));
}

/** Straight line from the shop to the postcode's centroid, times the road factor (docs/interfaces.md §5). */
export class PostcodeDistanceProvider implements DistanceProvider {
  async distanceKm(address: DeliveryAddress, settings: DeliverySettings): Promise<number> {
    const centroid = POSTCODE_CENTROIDS[address.postcode.trim()];
    if (!centroid) throw new DomainError('DISTANCE_FAILED', DISTANCE_FAILED);
    const km = haversineKm(settings.origin, centroid) * settings.roadFactor;
    return Math.round(km * 10) / 10;
  }
}

export interface DeliveryCheck {
  distanceKm: number;
  maximumDistanceKm: number;
  withinRange: boolean;
}

export async function checkDeliveryDistance(provider: DistanceProvider, address: Partial<DeliveryAddress>, settings: DeliverySettings): Promise<DeliveryCheck> {
  if (!isCompleteAddress(address)) throw new DomainError('INCOMPLETE_ADDRESS', INCOMPLETE_ADDRESS, { title: INCOMPLETE_ADDRESS_TITLE });
  const distanceKm = await provider.distanceKm(address, settings);
  return { distanceKm, maximumDistanceKm: settings.maximumDistanceKm, withinRange: distanceKm <= settings.maximumDistanceKm };
}

export function tooFarMessage(check: DeliveryCheck): string {
  return `We do not deliver this far: the address is ${check.distanceKm.toFixed(1)} km away and we deliver up to ${check.maximumDistanceKm} km.`;
}

export function tooFarError(check: DeliveryCheck): DomainError {
  return new DomainError('DELIVERY_TOO_FAR', tooFarMessage(check), { distance: Number(check.distanceKm.toFixed(1)), maximum: check.maximumDistanceKm });
}

/** A routing service's answer between two points (integrations/osrm is one). */
export interface RoadRouter {
  route(from: { lat: number; lon: number }, to: { lat: number; lon: number }): Promise<{ distanceMeters: number }>;
}

/**
 * The road distance from a routing service, from the shop to the postcode's centroid (addresses are not
 * geocoded: the centroid table is what places an address). When the service fails or finds no route,
 * the postcode estimate answers instead and `onFallback` hears why (docs/decisions/0034): a delivery
 * is not refused because a routing server is down.
 */
export class RoadDistanceProvider implements DistanceProvider {
  private readonly estimate = new PostcodeDistanceProvider();

  constructor(
    private readonly router: RoadRouter,
    private readonly onFallback: (reason: string) => void = () => {},
  ) {}

  async distanceKm(address: DeliveryAddress, settings: DeliverySettings): Promise<number> {
    const centroid = POSTCODE_CENTROIDS[address.postcode.trim()];
    if (!centroid) throw new DomainError('DISTANCE_FAILED', DISTANCE_FAILED);
    try {
      const route = await this.router.route(settings.origin, centroid);
      return Math.round(route.distanceMeters / 100) / 10;
    } catch (error) {
      this.onFallback(error instanceof Error ? error.message : String(error));
      return this.estimate.distanceKm(address, settings);
    }
  }
}
