import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { useLocale } from '../i18n/LocaleProvider';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Button, ButtonLink, EmptyState, ErrorState, Notice, Spinner } from '../ui';
import { loadPaymentState, payCashInstead, retryCardPayment } from './checkoutApi';
import { lastOrder } from './lastOrder';
import './checkout.css';

/** How often the page asks our server while the payment is pending. */
const POLL_MS = 2_000;
/** After this long without an outcome the customer is offered to try again or pay cash. */
const WAIT_LIMIT_MS = 3 * 60_000;

/**
 * /confirm-payment?order={id}&key={key}: waits for the card payment's outcome as our server knows it
 * (notifications and look-ups at the provider). The provider's return to this page proves nothing, so its
 * query parameters other than order and key are only hints. docs/decisions/0030-card-payments-multisafepay.md.
 */
export default function ConfirmPaymentPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const remembered = lastOrder();
  const idText = params.get('order') ?? (remembered ? String(remembered.id) : null);
  const id = idText && /^\d{1,10}$/.test(idText) ? Number(idText) : null;
  const key = params.get('key') ?? (remembered && remembered.id === id ? remembered.key : null);
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState<'retry' | 'cash' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(intl.formatMessage({ id: 'nav.confirmPayment' }));

  const state = useQuery({
    queryKey: ['paymentState', id, key],
    queryFn: ({ signal }) => loadPaymentState(id!, key!, signal),
    enabled: id !== null && key !== null,
    refetchInterval: (query) =>
      query.state.data && query.state.data.orderStatus === 'pending' && query.state.data.payment?.status === 'pending' ? POLL_MS : false,
  });
  const data = state.data;
  const waiting = data?.orderStatus === 'pending' && data.payment?.status === 'pending';
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  // Paid (or switched to cash): on to the order summary.
  const done = data && data.orderStatus !== 'pending' && data.orderStatus !== 'cancelled' && data.orderStatus !== 'failed';
  useEffect(() => {
    if (done && id !== null && key) void navigate(`/checkout/order-received/${id}?key=${encodeURIComponent(key)}`, { replace: true });
  }, [done, id, key, navigate]);

  if (id === null || !key) {
    return (
      <div className="container checkout-confirm">
        <EmptyState
          title={intl.formatMessage({ id: 'payment.noOrder' })}
          action={<ButtonLink to="/bestellen">{intl.formatMessage({ id: 'error.toMenu' })}</ButtonLink>}
        />
      </div>
    );
  }
  if (state.isPending) {
    return (
      <div className="container checkout-confirm" aria-busy="true">
        <Spinner label={intl.formatMessage({ id: 'payment.checking' })} />
      </div>
    );
  }
  if (state.isError || !data) {
    return (
      <div className="container checkout-confirm">
        <ErrorState error={state.error} onRetry={() => void state.refetch()} />
      </div>
    );
  }

  const gateway = data.payment?.gateway ?? params.get('method') ?? 'bancontact';
  const tooLong = waiting && now - startedAt > WAIT_LIMIT_MS;
  const failed = !waiting && !done;
  // The payment could not be started at checkout (the provider did not answer in time, or refused).
  const startFailed = params.get('failed') === '1' && data.payment?.status !== 'paid';
  const showOptions = failed || tooLong || startFailed;

  async function tryAgain() {
    setBusy('retry');
    setActionError(null);
    try {
      const answer = await retryCardPayment(id!, key!, gateway, locale);
      if (answer.success && answer.paymentUrl) window.location.assign(answer.paymentUrl);
      else if (answer.success) await state.refetch();
      else setActionError(`${answer.message} ${answer.error}`);
    } catch (e) {
      setActionError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  async function cash() {
    setBusy('cash');
    setActionError(null);
    try {
      await payCashInstead(id!, key!);
      await state.refetch();
    } catch (e) {
      setActionError(e instanceof Error ? e.message : String(e));
      headingRef.current?.focus();
    } finally {
      setBusy(null);
    }
  }

  if (data.orderStatus === 'cancelled' || data.orderStatus === 'failed') {
    return (
      <div className="container checkout-confirm" data-testid="payment-state" data-state="cancelled">
        <EmptyState
          title={intl.formatMessage({ id: 'payment.orderCancelled' })}
          action={<ButtonLink to="/bestellen">{intl.formatMessage({ id: 'error.toMenu' })}</ButtonLink>}
        />
      </div>
    );
  }

  return (
    <div className="container checkout-confirm" data-testid="payment-state" data-state={showOptions ? 'failed' : waiting ? 'waiting' : 'done'}>
      <h1 ref={headingRef} tabIndex={-1}>
        {intl.formatMessage({ id: 'nav.confirmPayment' })}
      </h1>
      {waiting && !showOptions ? (
        <div className="checkout-confirm__waiting" role="status" aria-live="polite">
          <Spinner label={intl.formatMessage({ id: 'payment.waiting' })} />
          <p>{intl.formatMessage({ id: 'payment.waiting' })}</p>
          <p className="checkout-confirm__keep">{intl.formatMessage({ id: 'payment.doNotClose' })}</p>
        </div>
      ) : null}
      {showOptions ? (
        <div className="checkout-confirm__failed">
          <Notice tone="error" role="alert">
            {intl.formatMessage({ id: 'payment.failed' })}
          </Notice>
          {actionError ? (
            <Notice tone="error" role="alert">
              {actionError}
            </Notice>
          ) : null}
          <div className="checkout-confirm__actions">
            <Button variant="primary" busy={busy === 'retry'} disabled={busy !== null} onClick={() => void tryAgain()}>
              {intl.formatMessage({ id: 'payment.tryAgain' })}
            </Button>
            <Button variant="secondary" busy={busy === 'cash'} disabled={busy !== null} onClick={() => void cash()}>
              {intl.formatMessage({ id: 'payment.payCash' })}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
