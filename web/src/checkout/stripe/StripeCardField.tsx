import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../i18n/LocaleProvider';
import { Button, Notice, Spinner } from '../../ui';
import type { StripeCheckoutSettings } from '../checkoutApi';
import { loadStripeJs, type StripeCardElement, type StripeConfirmResult, type StripeInstance } from './stripeJs';

export interface StripeCardHandle {
  /** Confirms the card for this intent at Stripe; never throws (a failure is `{error}`). */
  confirm(clientSecret: string): Promise<StripeConfirmResult>;
  focus(): void;
}

/**
 * The card fields of Stripe (Stripe.js's card element) on the checkout page. The card number never reaches
 * our server: Stripe.js sends it to Stripe, our server only looks the intent up (docs/decisions/0040).
 */
export const StripeCardField = forwardRef<StripeCardHandle, { settings: StripeCheckoutSettings }>(function StripeCardField({ settings }, ref) {
  const intl = useIntl();
  const { locale } = useLocale();
  const host = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ instance: StripeInstance; card: StripeCardElement } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState('loading');
    loadStripeJs(settings.jsUrl)
      .then(() => {
        if (cancelled || !host.current || !window.Stripe) return;
        const instance = window.Stripe(settings.publishableKey, { locale: locale.slice(0, 2) });
        const card = instance.elements({ locale: locale.slice(0, 2) }).create('card');
        card.mount(host.current);
        stripe.current = { instance, card };
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      stripe.current?.card.destroy();
      stripe.current = null;
    };
  }, [settings.jsUrl, settings.publishableKey, locale, attempt]);

  useImperativeHandle(
    ref,
    () => ({
      async confirm(clientSecret) {
        const current = stripe.current;
        if (!current) return { error: { type: 'api_connection_error' } };
        try {
          return await current.instance.confirmCardPayment(clientSecret, { payment_method: { card: current.card } });
        } catch {
          return { error: { type: 'api_connection_error' } };
        }
      },
      focus() {
        stripe.current?.card.focus();
      },
    }),
    [],
  );

  return (
    <div className="stripe-card" role="group" aria-labelledby="stripe-card-label">
      <p id="stripe-card-label" className="stripe-card__label">
        {intl.formatMessage({ id: 'checkout.stripe.cardLabel' })}
      </p>
      {state === 'loading' ? <Spinner label={intl.formatMessage({ id: 'checkout.stripe.loading' })} /> : null}
      {state === 'failed' ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({ id: 'checkout.stripe.loadFailed' })}{' '}
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {intl.formatMessage({ id: 'checkout.stripe.retryLoad' })}
          </Button>
        </Notice>
      ) : null}
      <div ref={host} className="stripe-card__fields" data-testid="stripe-card" />
      <p className="checkout__hint">{intl.formatMessage({ id: 'checkout.stripe.hint' })}</p>
    </div>
  );
});
