import type { DeliveryZone } from '@bakje/contract';
import { centsToDecimal } from '../catalog/money.js';
import { DomainError } from '../../errors/domain-error.js';
import type { DeliverySettings } from '../settings/shop-settings.js';
import {
  checkDeliveryDistance,
  INCOMPLETE_ADDRESS,
  INCOMPLETE_ADDRESS_TITLE,
  isCompleteAddress,
  tooFarError,
  type DeliveryAddress,
  type DistanceProvider,
} from './distance.js';

/** The rule an address falls under: its postcode's zone first, else the distance rule. */
export interface DeliveryRule {
  zone: DeliveryZone | null;
  /** Cents. */
  minimumOrder: number;
  /** Cents. */
  fee: number;
}

export function zoneOf(settings: DeliverySettings, postcode: string | null | undefined): DeliveryZone | null {
  const code = postcode?.trim();
  if (!code) return null;
  return settings.zones.find((zone) => zone.postcodes.includes(code)) ?? null;
}

/** Minimum and fee for a postcode (unknown yet: the distance rule's). */
export function deliveryRuleFor(settings: DeliverySettings, postcode: string | null | undefined): DeliveryRule {
  const zone = zoneOf(settings, postcode);
  return zone ? { zone, minimumOrder: zone.minimumOrder, fee: zone.fee } : { zone: null, minimumOrder: settings.minimumOrder, fee: settings.fee };
}

export function belowMinimumError(minimumCents: number): DomainError {
  const minimum = centsToDecimal(minimumCents);
  return new DomainError('DELIVERY_BELOW_MINIMUM', `The minimum order for delivery is €${minimum}; please add more items.`, { minimum });
}

/**
 * Checks that a delivery to an address is possible for a subtotal (cents): an address in a zone is
 * delivered with the zone's minimum; any other address must be within the maximum distance. Answers the
 * rule and the distance (null for a zone address, which needs no distance).
 */
export async function checkDelivery(
  provider: DistanceProvider,
  address: Partial<DeliveryAddress>,
  settings: DeliverySettings,
  subtotal: number,
): Promise<{ rule: DeliveryRule; distanceKm: number | null }> {
  if (!isCompleteAddress(address)) throw new DomainError('INCOMPLETE_ADDRESS', INCOMPLETE_ADDRESS, { title: INCOMPLETE_ADDRESS_TITLE });
  const rule = deliveryRuleFor(settings, address.postcode);
  let distanceKm: number | null = null;
  if (!rule.zone) {
    const check = await checkDeliveryDistance(provider, address, settings);
    if (!check.withinRange) throw tooFarError(check);
    distanceKm = check.distanceKm;
  }
  if (subtotal < rule.minimumOrder) throw belowMinimumError(rule.minimumOrder);
  return { rule, distanceKm };
}
