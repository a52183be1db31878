import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FetchLike } from '../multisafepay/multisafepay-client.js';

/**
 * Stripe's REST API as docs/interfaces.md §3 describes it: form-encoded bodies, `Authorization: Bearer sk_...`, an
 * `Idempotency-Key` on every POST. Errors are answered as values, never thrown (docs/decisions/0038-stripe.md).
 */

export type StripeIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface StripeCharge {
  id: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  payment_intent: string | null;
}

export interface StripePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: StripeIntentStatus;
  client_secret: string;
  metadata: Record<string, string>;
  /** A charge id, or the charge itself when asked for with `expand[]=latest_charge`. */
  latest_charge: string | StripeCharge | null;
  last_payment_error?: { message?: string } | null;
}

export interface StripeRefund {
  id: string;
  amount: number;
  payment_intent: string;
  status: string;
}

export interface CreateIntent {
  /** Integer cents. */
  amount: number;
  /** Lower case, as Stripe writes it (eur). */
  currency: string;
  metadata: Record<string, string>;
}

export type StripeResult<T> =
  | { success: true; data: T }
  | { success: false; status: number; code: string; message: string; timedOut?: boolean; notFound?: boolean };

export interface StripeClientOptions {
  secretKey: string;
  /** https://api.stripe.com/v1, or the in-process simulator's path. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: FetchLike;
}

/** Stripe's nested form encoding: `metadata[cart]=...`, `automatic_payment_methods[enabled]=true`. */
export function formEncode(value: Record<string, unknown>, prefix = ''): string {
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || item === null) continue;
    const name = prefix ? `${prefix}[${key}]` : key;
    if (Array.isArray(item)) {
      for (const entry of item) parts.push(`${encodeURIComponent(`${name}[]`)}=${encodeURIComponent(String(entry))}`);
    } else if (typeof item === 'object') {
      const nested = formEncode(item as Record<string, unknown>, name);
      if (nested) parts.push(nested);
    } else {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`);
    }
  }
  return parts.join('&');
}

export class StripeClient {
  private readonly fetch: FetchLike;

  constructor(private readonly options: StripeClientOptions) {
    this.fetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
  }

  /** `idempotencyKey`: the same create retried (after a time-out) gives the same intent, never a second one. */
  createPaymentIntent(intent: CreateIntent, idempotencyKey: string): Promise<StripeResult<StripePaymentIntent>> {
    return this.call('POST', '/payment_intents', {
      body: { amount: intent.amount, currency: intent.currency, automatic_payment_methods: { enabled: true }, metadata: intent.metadata },
      idempotencyKey,
    });
  }

  /** With its latest charge expanded: a refund shows there, the intent itself stays `succeeded`. */
  retrievePaymentIntent(id: string): Promise<StripeResult<StripePaymentIntent>> {
    return this.call('GET', `/payment_intents/${encodeURIComponent(id)}?${encodeURIComponent('expand[]')}=latest_charge`);
  }

  refund(paymentIntent: string, idempotencyKey: string, amount?: number): Promise<StripeResult<StripeRefund>> {
    return this.call('POST', '/refunds', { body: { payment_intent: paymentIntent, amount }, idempotencyKey });
  }

  private async call<T>(method: 'GET' | 'POST', path: string, post?: { body: Record<string, unknown>; idempotencyKey: string }): Promise<StripeResult<T>> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.secretKey}`, accept: 'application/json' };
    if (post) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['idempotency-key'] = post.idempotencyKey;
    }
    let status: number;
    let text: string;
    try {
      const deadline = Date.now() + this.options.timeoutMs;
      const response = await withTimeout(
        this.fetch(`${this.options.baseUrl}${path}`, {
          method,
          headers,
          ...(post ? { body: formEncode(post.body) } : {}),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        }),
        this.options.timeoutMs,
      );
      status = response.status;
      text = await withTimeout(response.text(), Math.max(1, deadline - Date.now()));
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return {
        success: false,
        status: 0,
        code: timedOut ? 'timeout' : 'network',
        message: timedOut ? `Stripe did not answer within ${this.options.timeoutMs} ms` : 'Stripe could not be reached',
        timedOut,
      };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { success: false, status, code: 'invalid_reply', message: 'Stripe answered something that is not JSON' };
    }
    if (status >= 200 && status < 300 && parsed && typeof parsed === 'object') return { success: true, data: parsed as T };
    const error = (parsed as { error?: { code?: unknown; type?: unknown; message?: unknown } } | null)?.error;
    return {
      success: false,
      status,
      code: typeof error?.code === 'string' ? error.code : typeof error?.type === 'string' ? error.type : 'unknown',
      message: typeof error?.message === 'string' ? error.message : 'Payment processing error',
      ...(status === 404 ? { notFound: true } : {}),
    };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('body time-out'), { name: 'TimeoutError' })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Stripe's tolerance for a webhook's timestamp (its libraries' default, docs/interfaces.md §3). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** v1 = hex HMAC-SHA256 of `<t>.<raw body>` under the endpoint's signing secret (whsec_...). */
export function webhookSignature(secret: string, timestamp: number | string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function webhookSignatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${webhookSignature(secret, timestamp, rawBody)}`;
}

export type WebhookCheck = { ok: true; timestamp: number; signature: string } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'signature' };

/** Checks `Stripe-Signature` against the raw body: any of its v1 values may match, each compared in constant time. */
export function verifyWebhook(secret: string, header: string | undefined, rawBody: string, now: Date): WebhookCheck {
  if (!header) return { ok: false, reason: 'missing' };
  if (header.length > 2048) return { ok: false, reason: 'malformed' };
  let timestamp: string | undefined;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') timestamp = value;
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || candidates.length === 0) return { ok: false, reason: 'malformed' };
  const t = Number(timestamp);
  if (Math.abs(now.getTime() / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(webhookSignature(secret, timestamp, rawBody), 'hex');
  let matched: string | undefined;
  for (const candidate of candidates) {
    // Every candidate is compared (no early exit): the time taken tells nothing about which one matched.
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex')) && !matched) matched = candidate;
  }
  return matched ? { ok: true, timestamp: t, signature: matched } : { ok: false, reason: 'signature' };
}
