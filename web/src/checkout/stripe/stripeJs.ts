/**
 * The part of Stripe.js the checkout uses (docs/decisions/0040-provider-keys-stripe-checkout.md): the same calls
 * run against https://js.stripe.com/v3 and against the simulator's stand-in (demo, tests). The script's
 * address comes from the server (`stripeCheckout.jsUrl`); the page's Content-Security-Policy allows it.
 */

export interface StripeCardChange {
  complete: boolean;
  empty: boolean;
  error?: { message?: string } | undefined;
}

export interface StripeCardElement {
  mount(target: HTMLElement): void;
  on(event: 'change', handler: (change: StripeCardChange) => void): void;
  on(event: 'ready', handler: () => void): void;
  focus(): void;
  destroy(): void;
}

export interface StripeError {
  type?: string;
  code?: string;
  message?: string;
  /** The intent as it is now (Stripe sends it with card errors and with "already confirmed"). */
  payment_intent?: { id: string; status: string };
}

export interface StripeConfirmResult {
  paymentIntent?: { id: string; status: string };
  error?: StripeError;
}

export interface StripeInstance {
  elements(options?: { locale?: string }): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  confirmCardPayment(clientSecret: string, data: { payment_method: { card: StripeCardElement } }): Promise<StripeConfirmResult>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string, options?: { locale?: string }) => StripeInstance;
  }
}

const loading = new Map<string, Promise<void>>();

/** Loads Stripe.js once per address; a failed load may be tried again. */
export function loadStripeJs(url: string): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  const known = loading.get(url);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve() : reject(new Error('Stripe.js did not start')));
    script.onerror = () => {
      loading.delete(url);
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  loading.set(url, promise);
  return promise;
}

/** Stripe's card error codes to our texts (web/src/i18n/messages: checkout.stripe.*). */
export function cardErrorMessageId(error: StripeError): string {
  switch (error.code) {
    case 'card_declined':
      return 'checkout.stripe.declined';
    case 'incorrect_number':
    case 'invalid_number':
      return 'checkout.stripe.incorrectNumber';
    case 'expired_card':
      return 'checkout.stripe.expired';
    case 'incorrect_cvc':
    case 'invalid_cvc':
      return 'checkout.stripe.incorrectCvc';
    case 'invalid_expiry_month':
    case 'invalid_expiry_year':
      return 'checkout.stripe.invalidExpiry';
    default:
      return error.type === 'api_connection_error' ? 'checkout.stripe.unreachable' : 'checkout.stripe.failed';
  }
}
