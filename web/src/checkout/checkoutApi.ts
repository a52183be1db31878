/** Fulfilment, slots, delivery and checkout calls (REFERENCE §1, SPEC §7). */
import { gql, networkProblem } from '../api/client';
import type { LocaleCode } from '../i18n/locale';
import type { FulfilmentType } from '../cart/cartApi';

export interface OpeningStatus {
  isOpen: boolean;
  orderingPossible: boolean;
  pausedUntil: string | null;
  message: string | null;
  week: { weekday: number; periods: { open: string; close: string }[] }[];
}
export interface OrderingDay {
  date: string;
  label: string;
  hasSlots: boolean;
}
export interface SlotOption {
  id: string;
  start: string;
  end: string;
  remaining: number;
  isFullyBooked: boolean;
  message: string | null;
}
export interface DeliverySettings {
  enabled: boolean;
  minimumOrder: string;
  maximumDistanceKm: number;
  fee: string;
}
export interface PaymentGateway {
  id: string;
  title: string;
  description: string | null;
}

export interface CheckoutContext {
  openingStatus: OpeningStatus;
  deliverySettings: DeliverySettings;
  paymentGateways: { nodes: PaymentGateway[] };
}

const call = <T>(locale: LocaleCode, query: string, variables?: Record<string, unknown>) => gql<T>(query, variables, { locale, session: true });

export const toEnum = (type: FulfilmentType) => type.toUpperCase() as 'DELIVERY' | 'TAKEAWAY' | 'DINEIN';

export function loadCheckoutContext(locale: LocaleCode) {
  return call<CheckoutContext>(
    locale,
    `query CheckoutContext {
      openingStatus { isOpen orderingPossible pausedUntil message week { weekday periods { open close } } }
      deliverySettings { enabled minimumOrder maximumDistanceKm fee }
      paymentGateways { nodes { id title description } }
    }`,
  );
}

export function loadOrderingDays(locale: LocaleCode, type: FulfilmentType) {
  return call<{ orderingDays: OrderingDay[] }>(locale, `query OrderingDays($type: FulfilmentTypeEnum!) { orderingDays(type: $type) { date label hasSlots } }`, {
    type: toEnum(type),
  }).then((d) => d.orderingDays);
}

export function loadSlots(locale: LocaleCode, type: FulfilmentType, date: string) {
  return call<{ availableTimeSlots: SlotOption[] }>(
    locale,
    `query AvailableTimeSlots($type: FulfilmentTypeEnum!, $date: String!) { availableTimeSlots(type: $type, date: $date) { id start end remaining isFullyBooked message } }`,
    { type: toEnum(type), date },
  ).then((d) => d.availableTimeSlots);
}

export interface DistanceResult {
  kind: 'ok' | 'tooFar' | 'incomplete' | 'failed';
  distance?: number;
  maximum?: number;
}

/** GET /api/calculate-distance (SPEC §7): within range, too far, incomplete address or failure. */
export async function checkDistance(address: { address1: string; city: string; postcode: string }, signal?: AbortSignal): Promise<DistanceResult> {
  const params = new URLSearchParams({ address_1: address.address1, city: address.city, postcode: address.postcode });
  let response: Response;
  try {
    response = await fetch(`/api/calculate-distance?${params.toString()}`, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkProblem();
  }
  const body = (await response.json().catch(() => null)) as { distance?: number; maximum_distance?: number; within_range?: boolean; code?: string } | null;
  if (body?.code === 'INCOMPLETE_ADDRESS') return { kind: 'incomplete' };
  if (!response.ok || !body || typeof body.distance !== 'number') return { kind: 'failed' };
  return { kind: body.within_range ? 'ok' : 'tooFar', distance: body.distance, maximum: body.maximum_distance };
}

export interface BillingInput {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address1: string;
  address2: string;
  postcode: string;
  city: string;
  country: string;
}

export interface PlacedOrder {
  databaseId: number;
  orderKey: string;
}

export function placeOrder(
  locale: LocaleCode,
  input: { billing: BillingInput; fulfilment: FulfilmentType; slotId: string; paymentMethod: string; note: string },
) {
  const { billing, fulfilment, slotId, paymentMethod, note } = input;
  return call<{ checkout: { result: string; redirect: string | null; order: PlacedOrder } }>(
    locale,
    `mutation Checkout($input: CheckoutInput!) { checkout(input: $input) { result redirect order { databaseId orderKey } } }`,
    {
      input: {
        paymentMethod,
        billing: { ...billing, country: billing.country || 'BE', email: billing.email.trim() || null },
        shippingMethod: [fulfilment],
        metaData: [
          { key: 'fulfilment_type', value: fulfilment },
          { key: 'time_slot', value: slotId },
        ],
        customerNote: note,
      },
    },
  ).then((d) => d.checkout);
}
