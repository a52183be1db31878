/** The kiosk's own REST calls (contract/src/kiosk.ts); the cart itself goes through the shop's GraphQL documents. */
import type { KioskCheckoutRequest, KioskDeviceConfig, KioskOrderView, KioskSession } from '@bakje/contract';
import { http, HttpError } from '../api/http';
import { readSessionToken, SESSION_HEADER } from '../cart/session';

/**
 * What the page runs as. `standalone`: the server has no kiosk routes (it answered rest_no_route), so the screens
 * run with the defaults below and payment at the counter only (docs/decisions/0042-kiosk-screens.md).
 */
export type KioskMode =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'unpaired'; code: string; expiresAt: string }
  | { state: 'paired'; device: KioskDeviceConfig }
  | { state: 'standalone'; device: KioskDeviceConfig };

/** The contract's defaults (KioskDeviceInput) for a kiosk the server cannot configure. */
export const STANDALONE_DEVICE: KioskDeviceConfig = {
  id: 0,
  name: 'Kiosk',
  fulfilment: ['takeaway', 'dinein'],
  paymentMethods: ['counter'],
  hasTerminal: false,
  idleSeconds: 45,
  countdownSeconds: 20,
  attractSeconds: 60,
  confirmationSeconds: 30,
  attract: [],
  suggestedCategories: [],
};

export function isNoRoute(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404 && error.code === 'rest_no_route';
}

function sessionHeaders(): Record<string, string> {
  const token = readSessionToken();
  return token ? { [SESSION_HEADER]: `Session ${token}` } : {};
}

export const kioskApi = {
  session: (signal?: AbortSignal) => http<KioskSession>('GET', '/api/kiosk/session', { signal }),
  newPairingCode: () => http<KioskSession>('POST', '/api/kiosk/pairing'),
  checkout: (request: KioskCheckoutRequest) => http<KioskOrderView>('POST', '/api/kiosk/orders', { body: request, headers: sessionHeaders() }),
  order: (id: number, signal?: AbortSignal) => http<KioskOrderView>('GET', `/api/kiosk/orders/${id}`, { signal }),
  startTerminal: (id: number) => http<KioskOrderView>('POST', `/api/kiosk/orders/${id}/terminal`),
  cancelTerminal: (id: number) => http<KioskOrderView>('POST', `/api/kiosk/orders/${id}/cancel`),
  payAtCounter: (id: number) => http<KioskOrderView>('POST', `/api/kiosk/orders/${id}/counter`),
};
