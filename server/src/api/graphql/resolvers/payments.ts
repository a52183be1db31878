import { DomainError } from '../../../errors/domain-error.js';

export const STRIPE_NOT_CONFIGURED = 'Stripe is not configured.';

export const paymentQueries = {
  // WooGraphQL's Stripe field, so storefronts written for it load; card payments are the "Card payments" issue's.
  stripePaymentIntent: () => {
    throw new DomainError('STRIPE_NOT_CONFIGURED', STRIPE_NOT_CONFIGURED);
  },
};
