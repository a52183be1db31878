import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from '../../logger.js';
import type { FetchLike } from '../multisafepay/multisafepay-client.js';
import { webhookSignatureHeader, type StripeCharge, type StripeIntentStatus, type StripePaymentIntent } from './stripe-client.js';

/**
 * Stripe for demo mode and tests (docs/decisions/0038-stripe.md): the payment intent and refund API of
 * REFERENCE.md §3 under /simulators/stripe/v1, form-encoded like Stripe's, with idempotency keys, and signed
 * webhooks. What the browser would do with Stripe.js (confirm the card) is `succeed`/`fail` here, also
 * reachable over HTTP for the demo. Intents live in this process only: a stand-in for a remote service.
 */
export const STRIPE_SIMULATOR_PATH = '/simulators/stripe/v1';

export interface StripeSimulatorOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go (the shop's endpoint, absolute or below the site). */
  webhookUrl: string;
  deliver: FetchLike;
  log: Logger;
  clock: () => Date;
}

interface SimulatedIntent {
  intent: Omit<StripePaymentIntent, 'latest_charge'>;
  charge: StripeCharge | null;
}

type StripeEventType = 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'charge.refunded';

export class StripeSimulator {
  private readonly intents = new Map<string, SimulatedIntent>();
  /** Idempotency-Key → the body it was first sent with and the answer given. */
  private readonly idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  /** Every webhook delivery and whether the shop answered 2xx, for tests and the demo. */
  readonly deliveries: Array<{ event: StripeEventType; intent: string; status: number }> = [];

  constructor(private readonly options: StripeSimulatorOptions) {}

  /** The intent as Stripe would show it (latest charge expanded). */
  view(id: string): StripePaymentIntent | undefined {
    const found = this.intents.get(id);
    return found ? { ...found.intent, metadata: { ...found.intent.metadata }, latest_charge: found.charge ? { ...found.charge } : null } : undefined;
  }

  /** What Stripe.js confirming a good card leads to: the intent succeeds, a charge exists, the webhook goes. */
  async succeed(id: string, options: { webhook?: boolean } = {}): Promise<boolean> {
    const found = this.intents.get(id);
    if (!found || found.intent.status === 'succeeded' || found.intent.status === 'canceled') return false;
    found.intent.status = 'succeeded';
    found.charge = { id: `ch_${randomBytes(12).toString('hex')}`, amount: found.intent.amount, amount_refunded: 0, refunded: false, payment_intent: id };
    if (options.webhook !== false) await this.sendEvent('payment_intent.succeeded', id);
    return true;
  }

  /** A declined card: the intent asks for another payment method. */
  async fail(id: string, options: { webhook?: boolean } = {}): Promise<boolean> {
    const found = this.intents.get(id);
    if (!found || found.intent.status === 'succeeded' || found.intent.status === 'canceled') return false;
    found.intent.status = 'requires_payment_method';
    found.intent.last_payment_error = { message: 'Your card was declined.' };
    if (options.webhook !== false) await this.sendEvent('payment_intent.payment_failed', id);
    return true;
  }

  /** The signed event body and header Stripe would send for the intent's current state. */
  event(type: StripeEventType, id: string, at = this.options.clock()): { body: string; header: string } | undefined {
    const intent = this.view(id);
    if (!intent) return undefined;
    const object = type === 'charge.refunded' ? intent.latest_charge : intent;
    const created = Math.floor(at.getTime() / 1000);
    const body = JSON.stringify({ id: `evt_${randomBytes(12).toString('hex')}`, object: 'event', type, created, data: { object } });
    return { body, header: webhookSignatureHeader(this.options.webhookSecret, created, body) };
  }

  async sendEvent(type: StripeEventType, id: string): Promise<number> {
    const event = this.event(type, id);
    if (!event) return 0;
    let status = 0;
    try {
      const response = await this.options.deliver(this.options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
        body: event.body,
      });
      status = response.status;
    } catch (err) {
      this.options.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'simulated Stripe webhook not delivered');
    }
    this.deliveries.push({ event: type, intent: id, status });
    return status;
  }

  register(server: FastifyInstance): void {
    const api = STRIPE_SIMULATOR_PATH;
    const fail = (reply: FastifyReply, status: number, type: string, message: string, code?: string) =>
      reply.code(status).send({ error: { type, message, ...(code ? { code } : {}) } });
    const authorised = (request: FastifyRequest) => request.headers.authorization === `Bearer ${this.options.secretKey}`;
    /** Stripe's idempotency: the same key and body answer what they answered; another body is an error. */
    const once = (request: FastifyRequest, make: () => { status: number; answer: unknown }): { status: number; answer: unknown; fresh: boolean } => {
      const key = request.headers['idempotency-key'];
      const body = typeof request.body === 'string' ? request.body : '';
      if (typeof key === 'string' && key) {
        const earlier = this.idempotent.get(key);
        if (earlier) {
          if (earlier.body !== body) {
            const message = 'Keys for idempotent requests can only be used with the same parameters they were first used with.';
            return { status: 400, answer: { error: { type: 'idempotency_error', message } }, fresh: false };
          }
          return { status: earlier.status, answer: earlier.answer, fresh: false };
        }
      }
      const made = make();
      if (typeof key === 'string' && key) this.idempotent.set(key, { body, ...made });
      return { ...made, fresh: true };
    };

    server.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      scope.addHook('onRequest', async (request, reply) => {
        if (!request.url.startsWith(`${api}/test_helpers/`) && !authorised(request)) {
          return fail(reply, 401, 'invalid_request_error', 'Invalid API Key provided.');
        }
      });
      const form = (request: FastifyRequest) => new URLSearchParams(typeof request.body === 'string' ? request.body : '');

      scope.post(`${api}/payment_intents`, async (request, reply) => {
        const made = once(request, () => {
          const params = form(request);
          const amount = Number(params.get('amount'));
          const currency = (params.get('currency') ?? '').toLowerCase();
          if (!Number.isInteger(amount) || amount < 50 || amount > 99_999_999) {
            return { status: 400, answer: { error: { type: 'invalid_request_error', code: 'amount_too_small', message: 'Invalid amount.' } } };
          }
          if (!/^[a-z]{3}$/.test(currency)) {
            return { status: 400, answer: { error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'Invalid currency.' } } };
          }
          const metadata: Record<string, string> = {};
          for (const [key, value] of params) {
            const match = /^metadata\[(.+)\]$/.exec(key);
            if (match) metadata[match[1]!] = value;
          }
          const id = `pi_${randomBytes(12).toString('hex')}`;
          const intent = {
            id,
            object: 'payment_intent' as const,
            amount,
            currency,
            status: 'requires_payment_method' as StripeIntentStatus,
            client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
            metadata,
            last_payment_error: null,
          };
          this.intents.set(id, { intent, charge: null });
          return { status: 200, answer: this.view(id) };
        });
        return reply.code(made.status).send(made.answer);
      });

      scope.get(`${api}/payment_intents/:id`, async (request, reply) => {
        const intent = this.view((request.params as { id: string }).id);
        if (!intent) return fail(reply, 404, 'invalid_request_error', 'No such payment_intent.', 'resource_missing');
        const expand = new URL(request.url, 'http://x').searchParams.getAll('expand[]');
        return expand.includes('latest_charge')
          ? intent
          : { ...intent, latest_charge: intent.latest_charge ? (intent.latest_charge as StripeCharge).id : null };
      });

      scope.post(`${api}/refunds`, async (request, reply) => {
        let refunded: string | undefined;
        const made = once(request, () => {
          const params = form(request);
          const found = this.intents.get(params.get('payment_intent') ?? '');
          if (!found)
            return { status: 404, answer: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent.' } } };
          const charge = found.charge;
          if (!charge || found.intent.status !== 'succeeded') {
            return {
              status: 400,
              answer: { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'This payment has not succeeded.' } },
            };
          }
          const amount = params.has('amount') ? Number(params.get('amount')) : charge.amount - charge.amount_refunded;
          if (!Number.isInteger(amount) || amount <= 0 || amount > charge.amount - charge.amount_refunded) {
            return {
              status: 400,
              answer: { error: { type: 'invalid_request_error', code: 'amount_too_large', message: 'The refund amount is more than what is left.' } },
            };
          }
          charge.amount_refunded += amount;
          charge.refunded = charge.amount_refunded === charge.amount;
          refunded = found.intent.id;
          return {
            status: 200,
            answer: { id: `re_${randomBytes(12).toString('hex')}`, object: 'refund', amount, payment_intent: found.intent.id, status: 'succeeded' },
          };
        });
        // Sent before answering, as Stripe's own event may well arrive before its API reply does.
        if (refunded) await this.sendEvent('charge.refunded', refunded);
        return reply.code(made.status).send(made.answer);
      });

      // Stripe.js's part (the customer confirming a card), for the demo: not part of Stripe's server API.
      scope.post(`${api}/test_helpers/payment_intents/:id/:outcome`, async (request, reply) => {
        const { id, outcome } = request.params as { id: string; outcome: string };
        if (outcome !== 'succeed' && outcome !== 'fail') return fail(reply, 404, 'invalid_request_error', 'Unknown outcome.');
        const done = outcome === 'succeed' ? await this.succeed(id) : await this.fail(id);
        if (!done) return fail(reply, 400, 'invalid_request_error', 'This payment intent cannot change any more.');
        return this.view(id);
      });
    });
  }
}
