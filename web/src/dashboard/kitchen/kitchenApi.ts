import type { KitchenActionResult, KitchenAgeSettings } from '@bakje/contract';
import { csrfToken } from '../../api/client';
import { DEFAULT_SETTINGS, type KitchenSettings } from './kitchenOrders';

/** A refused or failed kitchen call, with the server's message (e.g. "Order 12 is completed and cannot be ..."). */
export class KitchenApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'KitchenApiError';
  }
}

export type OrderAction = 'send' | 'ready' | 'recover' | 'test-order' | 'print-kitchen-copy';

async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') {
    headers['content-type'] = 'application/json';
    // Cookie-authenticated POSTs echo the session's CSRF token (docs/security.md).
    const csrf = csrfToken();
    if (csrf) headers['x-csrf-token'] = csrf;
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, credentials: 'same-origin', body: method === 'GET' ? undefined : JSON.stringify(body ?? {}) });
  } catch {
    throw new KitchenApiError('Network request failed', 0);
  }
  const json = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) throw new KitchenApiError(json.message ?? `HTTP ${response.status}`, response.status);
  return json as T;
}

/** One order's action: POST /api/kitchen/orders/{id}/{action}. The change reaches every screen by the stream. */
export const orderAction = (id: number, action: OrderAction) => call<KitchenActionResult>('POST', `/api/kitchen/orders/${id}/${action}`);

/** The selection as ready, all or nothing. */
export const markReady = (ids: number[]) => call<KitchenActionResult>('POST', '/api/kitchen/orders/ready', { ids });

/** Every order being prepared as ready. */
export const markAllReady = () => call<KitchenActionResult>('POST', '/api/kitchen/orders/ready-all');

export async function fetchKitchenSettings(): Promise<KitchenSettings> {
  return { ...DEFAULT_SETTINGS, ...(await call<Partial<KitchenSettings>>('GET', '/api/kitchen/settings')) };
}

/** Managers: when the age timers turn amber and red (PUT /api/kitchen/settings). */
export const saveAgeSettings = (value: KitchenAgeSettings) => call<KitchenAgeSettings>('PUT', '/api/kitchen/settings', value);
