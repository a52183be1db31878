import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STRIPE_SIMULATOR_JS_PATH } from '../../config.js';
import type { Logger } from '../../logger.js';
import { STRIPE_JS_SIMULATOR } from './stripe-js-simulator.js';
import type { FetchLike } from '../multisafepay/multisafepay-client.js';
import { webhookSignatureHeader, type StripeCharge, type StripeIntentStatus, type StripePaymentIntent } from './stripe-client.js';

/**
 * Stripe for demo mode and tests (docs/decisions/0038-stripe.md): the payment intent and refund API of
 * docs/interfaces.md §3 under /simulators/stripe/v1, form-encoded like Stripe's, with idempotency keys, and signed
 * webhooks. What the browser would do with Stripe.js (confirm the card) is `succeed`/`fail` here, also
 * reachable over HTTP for the demo. Intents live in this process only: a stand-in for a remote service.
 */
export const STRIPE_SIMULATOR_PATH = '/simulators/stripe/v1';

export interface StripeSimulatorOptions {
  secretKey: string;
  /** The browser's key: Stripe.js confirms a card with it and the intent's client secret. */
  publishableKey: string;
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
    found.intent.last_payment_error = null;
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

    // Stripe.js for the checkout page (outside the API's key check: the browser loads it as a script).
    server.get(STRIPE_SIMULATOR_JS_PATH, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(STRIPE_JS_SIMULATOR),
    );

    server.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      scope.addHook('onRequest', async (request, reply) => {
        // Stripe.js confirms with the publishable key (and the intent's client secret, checked below).
        const browser = /^\/simulators\/stripe\/v1\/payment_intents\/[^/]+\/confirm$/.test(request.url.split('?')[0]!);
        if (browser && request.headers.authorization === `Bearer ${this.options.publishableKey}`) return;
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

      // What Stripe.js sends when the customer confirms a card (the test cards of docs/interfaces.md §3 decide).
      scope.post(`${api}/payment_intents/:id/confirm`, async (request, reply) => {
        const id = (request.params as { id: string }).id;
        const params = form(request);
        const found = this.intents.get(id);
        if (!found || params.get('client_secret') !== found.intent.client_secret) {
          return fail(reply, 404, 'invalid_request_error', 'No such payment_intent.', 'resource_missing');
        }
        if (found.intent.status === 'succeeded' || found.intent.status === 'canceled') {
          return reply.code(400).send({
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'This PaymentIntent cannot be confirmed any more.',
              payment_intent: this.view(id),
            },
          });
        }
        const outcome = cardOutcome(
          params.get('payment_method_data[card][number]') ?? '',
          params.get('payment_method_data[card][exp_month]') ?? '',
          params.get('payment_method_data[card][exp_year]') ?? '',
          params.get('payment_method_data[card][cvc]') ?? '',
          this.options.clock(),
        );
        if (outcome === 'succeeded') {
          await this.succeed(id);
          return this.view(id);
        }
        if (outcome.code === 'card_declined') await this.fail(id);
        return reply.code(402).send({ error: { type: 'card_error', ...outcome, payment_intent: this.view(id) } });
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

type CardFailure = { code: string; decline_code?: string; message: string };

/** Stripe's test cards (docs/interfaces.md §3): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. */
export function cardOutcome(number: string, month: string, year: string, cvc: string, now: Date): 'succeeded' | CardFailure {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return { code: 'incorrect_number', message: 'Your card number is incorrect.' };
  const m = Number(month);
  let y = Number(year);
  if (y < 100) y += 2000;
  if (!Number.isInteger(m) || m < 1 || m > 12 || !Number.isInteger(y))
    return { code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." };
  if (y < now.getUTCFullYear() || (y === now.getUTCFullYear() && m < now.getUTCMonth() + 1)) {
    return { code: 'expired_card', message: 'Your card has expired.' };
  }
  if (!/^\d{3,4}$/.test(cvc)) return { code: 'incorrect_cvc', message: "Your card's security code is incorrect." };
  if (digits === '4000000000000002') return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
  if (digits === '4242424242424242' || digits === '5555555555554444') return 'succeeded';
  // Test mode takes Stripe's test cards only.
  return { code: 'card_declined', decline_code: 'test_mode_live_card', message: 'Your card was declined.' };
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
