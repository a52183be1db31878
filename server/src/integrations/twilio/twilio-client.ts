import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FetchLike } from '../multisafepay/multisafepay-client.js';

/**
 * Twilio's Programmable Messaging API, the part Bakje uses (docs/decisions/0083-order-notifications-sms.md):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP basic auth with the account SID and auth token,
 * a form-encoded body (`To`, `From` or `MessagingServiceSid`, `Body`, `StatusCallback`), a JSON answer (the
 * Message resource: `sid`, `status`, ...) or a JSON error (`code`, `message`, `status`).
 */
export const TWILIO_BASE_URL = 'https://api.twilio.com';
export const TWILIO_API_VERSION = '2010-04-01';

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
  /** Real Twilio, or where the simulator answers. */
  baseUrl: string;
}

export interface TwilioSend {
  to: string;
  body: string;
  /** A Twilio number (E.164) or alphanumeric sender id; or `messagingServiceSid`. */
  from?: string;
  messagingServiceSid?: string;
  statusCallback?: string;
}

/** Twilio's message statuses (the ones an outgoing SMS takes). */
export type TwilioMessageStatus = 'accepted' | 'scheduled' | 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'canceled';

export interface TwilioMessage {
  sid: string;
  status: TwilioMessageStatus;
}

export type TwilioResult =
  | { ok: true; message: TwilioMessage }
  /** `retryable`: a time-out, a network failure, 429 or 5xx; else Twilio refused the request (a bad number, bad credentials). */
  | { ok: false; retryable: boolean; status: number; code: number | null; message: string };

export class TwilioClient {
  private readonly fetch: FetchLike;

  constructor(
    private readonly credentials: TwilioCredentials,
    options: { fetch?: FetchLike; timeoutMs?: number } = {},
  ) {
    this.fetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  private readonly timeoutMs: number;

  async sendMessage(send: TwilioSend): Promise<TwilioResult> {
    const { accountSid, authToken, baseUrl } = this.credentials;
    const form = new URLSearchParams({ To: send.to, Body: send.body });
    if (send.messagingServiceSid) form.set('MessagingServiceSid', send.messagingServiceSid);
    else if (send.from) form.set('From', send.from);
    if (send.statusCallback) form.set('StatusCallback', send.statusCallback);
    const url = `${baseUrl}/${TWILIO_API_VERSION}/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    let response: Awaited<ReturnType<FetchLike>>;
    try {
      response = await this.fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return {
        ok: false,
        retryable: true,
        status: 0,
        code: null,
        message: timedOut ? `Twilio did not answer within ${this.timeoutMs} ms` : 'Twilio could not be reached',
      };
    }
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // An answer that is not JSON (a proxy's error page) is judged by its status alone.
    }
    if (response.status === 200 || response.status === 201) {
      if (typeof json.sid !== 'string')
        return { ok: false, retryable: true, status: response.status, code: null, message: 'Twilio answered without a message sid' };
      return { ok: true, message: { sid: json.sid, status: (json.status as TwilioMessageStatus | undefined) ?? 'queued' } };
    }
    return {
      ok: false,
      retryable: response.status === 429 || response.status >= 500,
      status: response.status,
      code: typeof json.code === 'number' ? json.code : null,
      message: typeof json.message === 'string' ? json.message : `HTTP ${response.status}`,
    };
  }
}

/**
 * X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, of the full URL Twilio called followed by
 * every POST parameter, sorted by name, as name and value with nothing between.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, name) => acc + name + params[name], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Compares in constant time; a missing header or token is never valid. */
export function verifyTwilioSignature(authToken: string, signature: string | undefined, url: string, params: Record<string, string>): boolean {
  if (!authToken || !signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
