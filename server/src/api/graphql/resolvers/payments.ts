import { DomainError } from '../../../errors/domain-error.js';
import { NOTIFICATION_SETTINGS_KEY, notificationSettingsFrom, smsReady, twilioAccess } from '../../../modules/notifications/notification-settings.js';
import type { GraphQLContext } from '../context.js';

export const STRIPE_NOT_CONFIGURED = 'Stripe is not configured.';

export const paymentQueries = {
  /**
   * WooGraphQL's Stripe field: an intent for the session's cart at the total the server computes (the
   * client's amount must equal it). docs/decisions/0038-stripe.md.
   */
  stripePaymentIntent: (
    _: unknown,
    args: { amount?: number | null; currency?: string | null; stripePaymentMethod?: 'PAYMENT' | 'SETUP' | null },
    ctx: GraphQLContext,
  ) => {
    if (!ctx.services.stripe) throw new DomainError('STRIPE_NOT_CONFIGURED', STRIPE_NOT_CONFIGURED);
    return ctx.services.stripe.createIntent(ctx.session.key(), args.amount, args.currency, args.stripePaymentMethod ?? 'PAYMENT');
  },
  /** The publishable key and Stripe.js's address for the checkout page (docs/decisions/0040). */
  stripeCheckout: async (_: unknown, __: unknown, ctx: GraphQLContext) => (ctx.services.stripe ? ctx.services.stripe.browserSettings() : null),
  /** SMS switched on and Twilio set up (docs/decisions/0083-order-notifications-sms.md), from the catalogue's copy of the settings. */
  smsNotifications: (_: unknown, __: unknown, ctx: GraphQLContext) => {
    const stored = notificationSettingsFrom(ctx.catalog.settings.get(NOTIFICATION_SETTINGS_KEY));
    return stored.sms.enabled && smsReady(twilioAccess(stored, ctx.config.twilio.simulator));
  },
};
