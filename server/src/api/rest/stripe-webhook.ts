import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { verifyWebhook } from '../../integrations/stripe/stripe-client.js';
import type { Logger } from '../../logger.js';
import { recordNotification } from '../../modules/payments/payment-notifications.js';
import { STRIPE } from '../../modules/payments/stripe-payments.js';

export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

export interface StripeWebhookDeps {
  db: Db;
  /** The endpoint's signing secret (whsec_...), read at each use (docs/decisions/0040); undefined: refused. */
  webhookSecret: () => Promise<string | undefined>;
  clock: () => Date;
  log: Logger;
}

/** The events that change a payment (docs/interfaces.md §3); others are acknowledged and ignored. */
const EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded']);

/**
 * Stripe's webhooks (docs/decisions/0038-stripe.md): the signature checked over the raw body, then 2xx at
 * once; the look-up at Stripe and the state change run as the payment-status job. The event itself is
 * never believed: it only says which intent to look up.
 */
export function registerStripeWebhook(server: FastifyInstance, deps: StripeWebhookDeps): void {
  const log = deps.log.child({ module: 'payments' });
  const security = (request: FastifyRequest, reason: string, extra: Record<string, unknown> = {}) =>
    log.warn({ securityEvent: 'payment-notification-rejected', provider: STRIPE, reason, ip: request.ip, ...extra }, 'Stripe webhook rejected');

  server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

    scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      const webhookSecret = await deps.webhookSecret();
      if (!webhookSecret) {
        security(request, 'Stripe webhooks are not configured');
        return reply.code(404).send({ error: 'Not found' });
      }
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['stripe-signature'];
      const check = verifyWebhook(webhookSecret, typeof header === 'string' ? header : undefined, raw, deps.clock());
      if (!check.ok) {
        security(request, check.reason);
        return reply.code(check.reason === 'malformed' || check.reason === 'missing' ? 400 : 403).send({ error: 'Refused' });
      }
      let type: unknown;
      let intentId: unknown;
      try {
        const event = JSON.parse(raw) as { type?: unknown; data?: { object?: { id?: unknown; payment_intent?: unknown } } };
        type = event?.type;
        const object = event?.data?.object;
        intentId = type === 'charge.refunded' ? object?.payment_intent : object?.id;
      } catch {
        security(request, 'malformed body');
        return reply.code(400).send({ error: 'Refused' });
      }
      if (typeof type !== 'string' || !EVENTS.has(type)) return reply.code(200).send({ received: true });
      if (typeof intentId !== 'string' || !/^pi_[A-Za-z0-9_]{1,200}$/.test(intentId)) {
        security(request, 'malformed body');
        return reply.code(400).send({ error: 'Refused' });
      }
      const fingerprint = createHash('sha256').update(`${STRIPE}:${check.timestamp}:${check.signature}`).digest('hex');
      const outcome = await recordNotification(deps.db, { provider: STRIPE, providerOrderId: intentId }, fingerprint);
      if (outcome === 'unknown') log.info({ payment: intentId }, 'Stripe webhook for an intent no order uses (yet)');
      return reply.code(200).send({ received: true });
    });
  });
}
