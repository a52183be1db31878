import { DomainError } from '../../../errors/domain-error.js';
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
};
