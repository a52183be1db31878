import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../logger.js';
import type { FetchLike } from '../multisafepay/multisafepay-client.js';
import { TWILIO_API_VERSION, twilioSignature, type TwilioMessageStatus } from './twilio-client.js';

/**
 * Twilio's Messages API for demo mode and tests (docs/decisions/0083-order-notifications-sms.md): the same
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` under /simulators/twilio, basic auth, form-encoded, the
 * Message resource or Twilio's error JSON; then the status callbacks ("sent", then "delivered" or "failed"),
 * form-encoded and signed with X-Twilio-Signature as Twilio signs them. Messages live in this process only and
 * are listed at /simulators/twilio (and as JSON at /simulators/twilio/messages.json).
 */
export const TWILIO_SIMULATOR_ROOT = '/simulators/twilio';

export interface SimulatedSms {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  status: TwilioMessageStatus;
  statusCallback: string | null;
  /** Each callback delivery and the HTTP status the shop answered (0: not reached). */
  callbacks: Array<{ status: TwilioMessageStatus; answered: number }>;
  created: Date;
}

export interface TwilioSimulatorControls {
  /** The next n sends answer HTTP 503 with Twilio's error JSON, creating nothing. */
  failNext: number;
  /** How the carrier ends each message: delivered or failed (error 30003, unreachable handset). */
  outcome: 'delivered' | 'failed';
  /** False: no status callbacks at all. */
  sendCallbacks: boolean;
}

export interface TwilioSimulatorOptions {
  accountSid: string;
  authToken: string;
  /** How status callbacks reach their URL (in-process injection for this site). */
  deliver: FetchLike;
  log: Logger;
  clock?: () => Date;
}

const E164 = /^\+[1-9]\d{6,14}$/;

export class TwilioSimulator {
  readonly messages: SimulatedSms[] = [];
  readonly controls: TwilioSimulatorControls = { failNext: 0, outcome: 'delivered', sendCallbacks: true };
  /** Every POST to Messages.json, failed ones included. */
  requests = 0;
  private readonly pending = new Set<Promise<void>>();
  private readonly clock: () => Date;

  constructor(private readonly options: TwilioSimulatorOptions) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** Resolves when every status callback started so far was delivered (tests). */
  async callbacksDone(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  register(server: FastifyInstance): void {
    const api = `${TWILIO_SIMULATOR_ROOT}/${TWILIO_API_VERSION}/Accounts/:accountSid/Messages.json`;
    const error = (status: number, code: number, message: string) => ({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
    server.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
      scope.post(api, async (request, reply) => {
        this.requests += 1;
        const { accountSid } = request.params as { accountSid: string };
        const expected = `Basic ${Buffer.from(`${this.options.accountSid}:${this.options.authToken}`).toString('base64')}`;
        if (accountSid !== this.options.accountSid || request.headers.authorization !== expected) {
          return reply.code(401).send(error(401, 20003, 'Authenticate'));
        }
        if (this.controls.failNext > 0) {
          this.controls.failNext -= 1;
          return reply.code(503).send(error(503, 20503, 'Service unavailable (simulated outage)'));
        }
        const form = (request.body ?? {}) as Record<string, string | undefined>;
        if (!form.To || !E164.test(form.To)) return reply.code(400).send(error(400, 21211, `The 'To' number ${form.To ?? ''} is not a valid phone number.`));
        if (!form.From && !form.MessagingServiceSid)
          return reply.code(400).send(error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message"));
        if (!form.Body) return reply.code(400).send(error(400, 21602, 'Message body is required.'));
        const message: SimulatedSms = {
          sid: `SM${randomBytes(16).toString('hex')}`,
          to: form.To,
          from: form.From ?? null,
          messagingServiceSid: form.MessagingServiceSid ?? null,
          body: form.Body,
          status: 'queued',
          statusCallback: form.StatusCallback ?? null,
          callbacks: [],
          created: this.clock(),
        };
        this.messages.push(message);
        this.carrier(message);
        return reply.code(201).send(this.resource(message));
      });
    });

    // The same list as JSON with each message's time to the millisecond (the page shows seconds): what
    // bench/notifications.mjs measures notify-to-sent by, as it reads /simulators/webpush/pushes.json.
    server.get(`${TWILIO_SIMULATOR_ROOT}/messages.json`, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return this.messages.map((m) => ({ sid: m.sid, to: m.to, body: m.body, status: m.status, created: m.created.toISOString() }));
    });

    server.get(TWILIO_SIMULATOR_ROOT, async (_request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const rows = [...this.messages]
        .reverse()
        .map(
          (m) =>
            `<tr data-sid="${m.sid}"><td>${m.created.toISOString().slice(11, 19)}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.from ?? m.messagingServiceSid ?? '')}</td><td>${escapeHtml(m.body)}</td><td data-status>${m.status}</td></tr>`,
        )
        .join('\n');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Twilio SMS (simulator)</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:.4rem;text-align:left;vertical-align:top}</style>
</head><body><h1>Twilio SMS (simulator)</h1><p>Test messages: nothing reaches a phone. This page does not refresh by itself: reload it.</p>
${rows ? `<table><thead><tr><th scope="col">Time (UTC)</th><th scope="col">To</th><th scope="col">From</th><th scope="col">Text</th><th scope="col">Status</th></tr></thead><tbody>${rows}</tbody></table>` : '<p data-empty>No message yet.</p>'}
</body></html>`;
    });
  }

  private resource(m: SimulatedSms) {
    const date = m.created.toUTCString().replace('GMT', '+0000');
    return {
      sid: m.sid,
      account_sid: this.options.accountSid,
      messaging_service_sid: m.messagingServiceSid,
      to: m.to,
      from: m.from,
      body: m.body,
      status: m.status,
      num_segments: String(Math.max(1, Math.ceil(m.body.length / 160))),
      direction: 'outbound-api',
      api_version: TWILIO_API_VERSION,
      date_created: date,
      date_updated: date,
      date_sent: null,
      error_code: null,
      error_message: null,
      price: null,
      price_unit: 'USD',
      uri: `/${TWILIO_API_VERSION}/Accounts/${this.options.accountSid}/Messages/${m.sid}.json`,
    };
  }

  /** The carrier's side: the message is sent, then delivered or failed, each change called back. */
  private carrier(message: SimulatedSms) {
    const run = (async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (const status of ['sent', this.controls.outcome] as const) {
        message.status = status;
        await this.callback(message, status);
      }
    })().catch((error: unknown) => this.options.log.warn({ err: error }, 'twilio simulator: status callback failed'));
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  private async callback(message: SimulatedSms, status: TwilioMessageStatus) {
    if (!message.statusCallback || !this.controls.sendCallbacks) return;
    const params: Record<string, string> = {
      AccountSid: this.options.accountSid,
      ApiVersion: TWILIO_API_VERSION,
      From: message.from ?? '',
      MessageSid: message.sid,
      MessageStatus: status,
      SmsSid: message.sid,
      SmsStatus: status,
      To: message.to,
      ...(status === 'failed' ? { ErrorCode: '30003' } : {}),
    };
    const signature = twilioSignature(this.options.authToken, message.statusCallback, params);
    let answered = 0;
    try {
      const response = await this.options.deliver(message.statusCallback, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params).toString(),
      });
      answered = response.status;
    } catch {
      // Unreachable: recorded as 0, as Twilio logs a failed callback and moves on.
    }
    message.callbacks.push({ status, answered });
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
