import type {
  CounterPaymentRequest,
  KitchenActionResult,
  KitchenAgeSettings,
  KitchenAgeSettingsInput,
  KitchenLaterOrders,
  OrderDelayInput,
  SoldOutCatalog,
  SoldOutResult,
  SoldOutTarget,
} from '@bakje/contract';
import { http } from '../../api/http';
import { DEFAULT_SETTINGS, type KitchenSettings } from './kitchenOrders';

export type OrderAction = 'send' | 'ready' | 'recover' | 'test-order' | 'print-kitchen-copy' | 'counter-cash' | 'counter-card' | 'later';

/** How far "+10 min" moves an order back (POST /api/kitchen/orders/{id}/delay; docs/decisions/0081). */
export const LATER_MINUTES = 10;

/** One order's action: POST /api/kitchen/orders/{id}/{action}. The change reaches every screen by the stream. */
export const orderAction = (id: number, action: OrderAction) =>
  action === 'counter-cash' || action === 'counter-card'
    ? confirmCounterPayment(id, action === 'counter-cash' ? 'cash' : 'card')
    : action === 'later'
      ? http<KitchenActionResult>('POST', `/api/kitchen/orders/${id}/delay`, { body: { minutes: LATER_MINUTES } satisfies OrderDelayInput })
      : http<KitchenActionResult>('POST', `/api/kitchen/orders/${id}/${action}`);

/** A kiosk order paid at the counter, confirmed by staff (contract/src/kiosk.ts): it goes to the kitchen and prints. */
export const confirmCounterPayment = (id: number, method: CounterPaymentRequest['method']) =>
  http<KitchenActionResult>('POST', `/api/kitchen/orders/${id}/counter-payment`, { body: { method } satisfies CounterPaymentRequest });

/** The selection as ready, all or nothing. */
export const markReady = (ids: number[]) => http<KitchenActionResult>('POST', '/api/kitchen/orders/ready', { body: { ids } });

/** Every order being prepared in the "now" lane as ready (the server leaves pre-orders for a later slot). */
export const markAllReady = () => http<KitchenActionResult>('POST', '/api/kitchen/orders/ready-all');

/** The undo of a bulk ready: exactly these orders back to preparing, all or nothing. */
export const recoverOrders = (ids: number[]) => http<KitchenActionResult>('POST', '/api/kitchen/orders/recover', { body: { ids } });

export async function fetchKitchenSettings(): Promise<KitchenSettings> {
  return { ...DEFAULT_SETTINGS, ...(await http<Partial<KitchenSettings>>('GET', '/api/kitchen/settings')) };
}

/** Managers: when the age timers turn amber and red (PUT /api/kitchen/settings). */
export const saveAgeSettings = (value: KitchenAgeSettingsInput) => http<KitchenAgeSettings>('PUT', '/api/kitchen/settings', { body: value });

/** Pre-orders after the live window (the "Later" tab). */
export const fetchLaterOrders = () => http<KitchenLaterOrders>('GET', '/api/kitchen/orders/later');

/** Cancel with a reason (orders.manage): slot place and stock back, the customer is told. */
export const cancelKitchenOrder = (id: number, reason: string) => http<KitchenActionResult>('POST', `/api/kitchen/orders/${id}/cancel`, { body: { reason } });

/** The sold-out panel: the menu with its marks, and what is sold out now (GET /api/catalog/sold-out). */
export const fetchSoldOut = () => http<SoldOutCatalog>('GET', '/api/catalog/sold-out');

/** "Sold out today" or available again (PUT /api/catalog/sold-out); shops follow by /api/events/catalog. */
export const setSoldOut = (target: SoldOutTarget, soldOut: boolean) => http<SoldOutResult>('PUT', '/api/catalog/sold-out', { body: { ...target, soldOut } });
