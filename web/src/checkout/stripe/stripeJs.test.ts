import { describe, expect, it } from 'vitest';
import en from '../../i18n/messages/en-US.json';
import fr from '../../i18n/messages/fr-FR.json';
import nl from '../../i18n/messages/nl-BE.json';
import { cardErrorMessageId } from './stripeJs';

describe('Stripe card errors', () => {
  it('have their own text per Stripe code, in the three languages', () => {
    const cases: [Parameters<typeof cardErrorMessageId>[0], string][] = [
      [{ type: 'card_error', code: 'card_declined' }, 'checkout.stripe.declined'],
      [{ type: 'card_error', code: 'incorrect_number' }, 'checkout.stripe.incorrectNumber'],
      [{ type: 'card_error', code: 'expired_card' }, 'checkout.stripe.expired'],
      [{ type: 'card_error', code: 'incorrect_cvc' }, 'checkout.stripe.incorrectCvc'],
      [{ type: 'card_error', code: 'invalid_expiry_year' }, 'checkout.stripe.invalidExpiry'],
      [{ type: 'api_connection_error' }, 'checkout.stripe.unreachable'],
      [{ type: 'invalid_request_error', code: 'payment_intent_unexpected_state' }, 'checkout.stripe.failed'],
    ];
    for (const [error, id] of cases) {
      expect(cardErrorMessageId(error)).toBe(id);
      for (const catalogue of [en, fr, nl] as Record<string, string>[]) expect(catalogue[id], id).toBeTruthy();
    }
  });
});
