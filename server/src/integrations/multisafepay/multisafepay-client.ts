import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * MultiSafepay's JSON API (docs/interfaces.md §3): create, get, cancel and refund an order. Replies carry
 * `success`; the client branches on it, not on the HTTP status, and answers errors as values.
 */

/** Our gateway ids (checkout `paymentMethod`) and MultiSafepay's (docs/interfaces.md §3). */
export const MSP_GATEWAYS = {
  bancontact: 'MISTERCASH',
  visa: 'VISA',
  amex: 'AMEX',
  maestro: 'MAESTRO',
  mastercard: 'MASTERCARD',
  cartebleue: 'CARTEBLEUE',
  googlepay: 'GOOGLEPAY',
  applepay: 'APPLEPAY',
  ideal: 'IDEAL',
} as const;
export type CardGatewayId = keyof typeof MSP_GATEWAYS;
export const cardGatewayIds = Object.keys(MSP_GATEWAYS) as CardGatewayId[];

export function isCardGatewayId(value: string): value is CardGatewayId {
  return Object.hasOwn(MSP_GATEWAYS, value);
}

/**
 * The gateway sent to MultiSafepay. CARTEBLEUE is a legacy id: Cartes Bancaires goes through VISA with the
 * French locale (docs/interfaces.md §3).
 */
export function mspGatewayFor(id: CardGatewayId): string {
  return id === 'cartebleue' ? 'VISA' : MSP_GATEWAYS[id];
}

export type MspOrderStatus =
  | 'initialized'
  | 'completed'
  | 'uncleared'
  | 'declined'
  | 'cancelled'
  | 'expired'
  | 'void'
  | 'refunded'
  | 'partial_refunded'
  | 'reserved'
  | 'shipped'
  | 'chargeback';

export interface MspCustomer {
  locale: string;
  ip_address?: string;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string;
  house_number: string;
  zip_code: string;
  city: string;
  country: string;
  phone: string;
  email: string;
}

export interface MspCreateOrder {
  type: 'redirect' | 'direct';
  order_id: string;
  gateway: string;
  currency: string;
  /** Integer cents. */
  amount: number;
  description: string;
  custom_info?: { custom_1?: string; custom_2?: string; custom_3?: string };
  payment_options: {
    notification_url: string;
    notification_method: 'POST';
    redirect_url?: string;
    cancel_url?: string;
    close_window?: boolean;
  };
  customer: MspCustomer;
  gateway_info?: { terminal_id: string };
}

export interface MspCreated {
  order_id: string;
  payment_url?: string;
  session_id?: string;
}

export interface MspOrder {
  order_id: string;
  status: MspOrderStatus;
  amount: number;
  currency: string;
  transaction_id?: string | number;
  /** Cents given back so far (refunds): how a lost refund reply is settled (docs/decisions/0039-refunds.md). */
  amount_refunded?: number;
  payment_url?: string;
  payment_details?: { type?: string };
}

export type MspResult<T> = { success: true; data: T } | { success: false; errorCode: number | string; errorInfo: string; timedOut?: boolean };

/** MultiSafepay's error code for an order_id that exists already. */
export const MSP_DUPLICATE_ORDER_ID = 1006;
/** Its code for an unknown order on GET. */
export const MSP_ORDER_NOT_FOUND = 1016;

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{
  status: number;
  text(): Promise<string>;
}>;

export interface MultiSafepayClientOptions {
  apiKey: string;
  /** docs/interfaces.md §3: the test or live base URL (or the simulator's). */
  baseUrl: string;
  timeoutMs: number;
  fetch?: FetchLike;
}

export class MultiSafepayClient {
  private readonly fetch: FetchLike;

  constructor(private readonly options: MultiSafepayClientOptions) {
    this.fetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
  }

  createOrder(order: MspCreateOrder): Promise<MspResult<MspCreated>> {
    return this.call<MspCreated>('POST', '/orders', order);
  }

  getOrder(orderId: string): Promise<MspResult<MspOrder>> {
    return this.call<MspOrder>('GET', `/orders/${encodeURIComponent(orderId)}`);
  }

  /** Terminal orders only: stops a payment waiting on the terminal. */
  cancelOrder(orderId: string): Promise<MspResult<unknown>> {
    return this.call('POST', `/orders/${encodeURIComponent(orderId)}/cancel`, {});
  }

  refund(
    orderId: string,
    amount: number,
    currency: string,
    description: string,
  ): Promise<MspResult<{ transaction_id?: string | number; refund_id?: string | number }>> {
    return this.call('POST', `/orders/${encodeURIComponent(orderId)}/refunds`, { amount, currency, description });
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<MspResult<T>> {
    const headers: Record<string, string> = { api_key: this.options.apiKey, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let text: string;
    try {
      const deadline = Date.now() + this.options.timeoutMs;
      const response = await withTimeout(
        this.fetch(`${this.options.baseUrl}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        }),
        this.options.timeoutMs,
      );
      text = await withTimeout(response.text(), Math.max(1, deadline - Date.now()));
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return {
        success: false,
        errorCode: timedOut ? 'timeout' : 'network',
        errorInfo: timedOut ? `MultiSafepay did not answer within ${this.options.timeoutMs} ms` : 'MultiSafepay could not be reached',
        timedOut,
      };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { success: false, errorCode: 'invalid_reply', errorInfo: 'MultiSafepay answered something that is not JSON' };
    }
    const reply = parsed as { success?: unknown; data?: unknown; error_code?: unknown; error_info?: unknown };
    if (reply?.success === true && reply.data && typeof reply.data === 'object') return { success: true, data: reply.data as T };
    return {
      success: false,
      errorCode: typeof reply?.error_code === 'number' || typeof reply?.error_code === 'string' ? reply.error_code : 'unknown',
      errorInfo: typeof reply?.error_info === 'string' ? reply.error_info : 'Payment processing error',
    };
  }
}

/** The whole call, body included, within the time-out (a fetch that ignores its signal too). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('body time-out'), { name: 'TimeoutError' })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The `Auth` header of a notification: base64(`{timestamp}:{hex HMAC-SHA512(key, "{timestamp}:" + body)}`). */
export function notificationSignature(apiKey: string, timestamp: string, rawBody: string): string {
  return createHmac('sha512', apiKey).update(`${timestamp}:${rawBody}`).digest('hex');
}

export function notificationAuthHeader(apiKey: string, timestamp: string, rawBody: string): string {
  return Buffer.from(`${timestamp}:${notificationSignature(apiKey, timestamp, rawBody)}`).toString('base64');
}

export type NotificationCheck = { ok: true; timestamp: number; signature: string } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'signature' };

/** Notifications older than this are refused (docs/interfaces.md §3). */
export const NOTIFICATION_WINDOW_SECONDS = 600;
/**
 * Signed this far ahead of our clock at most: room for clock skew, not a ten-minute head start for a
 * captured signature (issue 33 D6, docs/decisions/0075-security-defects-d1-d6.md).
 */
export const NOTIFICATION_FUTURE_SECONDS = 60;

/** Checks a notification's `Auth` header against the raw body, in constant time. */
export function verifyNotification(apiKey: string, authHeader: string | undefined, rawBody: string, now: Date): NotificationCheck {
  if (!authHeader) return { ok: false, reason: 'missing' };
  if (authHeader.length > 512 || !/^[A-Za-z0-9+/]+={0,2}$/.test(authHeader)) return { ok: false, reason: 'malformed' };
  const bytes = Buffer.from(authHeader, 'base64');
  // Only the canonical (padded) form MultiSafepay sends: Node would also decode a truncated one.
  if (bytes.toString('base64') !== authHeader) return { ok: false, reason: 'malformed' };
  const decoded = bytes.toString('latin1');
  const match = /^(\d{1,12}):([0-9a-f]{128})$/.exec(decoded);
  if (!match) return { ok: false, reason: 'malformed' };
  const timestamp = Number(match[1]);
  const age = now.getTime() / 1000 - timestamp;
  if (age > NOTIFICATION_WINDOW_SECONDS || -age > NOTIFICATION_FUTURE_SECONDS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(notificationSignature(apiKey, match[1]!, rawBody), 'hex');
  const given = Buffer.from(match[2]!, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature' };
  return { ok: true, timestamp, signature: match[2]! };
}
