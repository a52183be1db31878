import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import type { PaymentGateway } from '../../modules/payments/gateways/gateway.js';
import type { GatewayRegistry } from '../../modules/payments/gateways/registry.js';
import { MULTISAFEPAY } from '../../modules/payments/gateways/multisafepay.js';
import { NotificationInbox, requestLookup } from '../../modules/payments/payment-notifications.js';
import { STRIPE } from '../../modules/payments/stripe-payments.js';

/** Every gateway's notification URL (docs/decisions/0062-payment-gateways-composition-root.md). */
export const notificationPath = (provider: string) => `/api/payments/${provider}/notification`;
/** MultiSafepay's, as configured at MultiSafepay (its orders carry it too). */
export const NOTIFICATION_PATH = notificationPath(MULTISAFEPAY);
/** Stripe's webhook endpoint as configured at Stripe before the one notification URL: it keeps answering. */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

export interface PaymentNotificationDeps {
  db: Db;
  gateways: GatewayRegistry;
  clock: () => Date;
  log: Logger;
}

/**
 * `POST /api/payments/{provider}/notification` for every gateway: the gateway checks its provider's signature
 * over the raw body, then the answer is given at once and the look-up at the provider runs as the
 * payment-status job (docs/decisions/0030, 0038, 0055). A notification never carries the truth about money.
 */
export function registerPaymentNotifications(server: FastifyInstance, deps: PaymentNotificationDeps): void {
  const log = deps.log.child({ module: 'payments' });
  const inbox = new NotificationInbox(deps.db);
  const security = (request: FastifyRequest, provider: string, reason: string, extra: Record<string, unknown> = {}) =>
    log.warn({ securityEvent: 'payment-notification-rejected', provider, reason, ip: request.ip, ...extra }, 'payment notification rejected');
  const answer = (reply: FastifyReply, gateway: PaymentGateway, status: number, outcome: 'ok' | 'refused' | 'not-found') => {
    const { contentType, body } = gateway.notificationReply!(outcome);
    return reply.code(status).type(contentType).send(body);
  };
  /** The gateway that takes notifications under this name; none: the URL does not exist. */
  const gatewayOf = (provider: unknown) => {
    const gateway = typeof provider === 'string' ? deps.gateways.get(provider) : undefined;
    return gateway?.verifyNotification && gateway.notificationReply ? gateway : undefined;
  };

  const receive = async (request: FastifyRequest, reply: FastifyReply, gateway: PaymentGateway) => {
    const verdict = await gateway.verifyNotification!(
      { rawBody: typeof request.body === 'string' ? request.body : '', headers: request.headers, query: request.query as Record<string, unknown> },
      deps.clock(),
    );
    if (verdict.kind === 'refuse') {
      security(request, gateway.id, verdict.reason);
      return answer(reply, gateway, verdict.status, verdict.status === 404 ? 'not-found' : 'refused');
    }
    if (verdict.kind === 'look-up') {
      const outcome = await inbox.record({ provider: gateway.id, providerOrderId: verdict.providerOrderId }, verdict.fingerprint);
      if (outcome === 'replay') security(request, gateway.id, 'replayed', { payment: verdict.providerOrderId });
      // A Stripe intent is made before its order: a webhook may come first.
      if (outcome === 'unknown')
        log.info({ provider: gateway.id, payment: verdict.providerOrderId }, 'notification for a payment this shop does not know (yet)');
    }
    return answer(reply, gateway, 200, 'ok');
  };

  server.register(async (scope) => {
    // The signature covers the body byte for byte: it is kept raw, and parsed by the gateway after checking.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));

    scope.post('/api/payments/:provider/notification', async (request, reply) => {
      const gateway = gatewayOf((request.params as { provider: string }).provider);
      return gateway ? receive(request, reply, gateway) : reply.callNotFound();
    });
    scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => receive(request, reply, gatewayOf(STRIPE)!));

    // An unsigned GET (MultiSafepay's) only causes a look-up at the provider's API.
    scope.get('/api/payments/:provider/notification', async (request, reply) => {
      const gateway = gatewayOf((request.params as { provider: string }).provider);
      if (!gateway?.lookUpRequest) return reply.callNotFound();
      const id = gateway.lookUpRequest(request.query as Record<string, unknown>);
      if (!id) return answer(reply, gateway, 400, 'refused');
      // At most one look-up per payment per 10 seconds, however often this is called.
      await requestLookup(deps.db, { provider: gateway.id, providerOrderId: id }, String(Math.floor(deps.clock().getTime() / 10_000)));
      return answer(reply, gateway, 200, 'ok');
    });
  });
}
