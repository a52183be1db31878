import type { KioskOrderView } from '@bakje/contract';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Notice, Price, Spinner } from '../ui';
import { kioskApi } from './kioskApi';

/** How often the screen asks where the terminal payment stands (the terminal has no return URL, docs/product.md §4). */
export const POLL_MS = 1000;

/**
 * The card terminal step: asks the customer to pay on the terminal, follows the payment by polling the kiosk order,
 * offers cancel, and after a declined, cancelled or expired (the terminal's own 60 s) payment offers trying again or
 * paying at the counter. Calls `onSettled` once the order is paid or waits for the counter.
 */
export function TerminalPayment({ initial, onSettled }: { initial: KioskOrderView; onSettled: (order: KioskOrderView) => void }) {
  const intl = useIntl();
  const [order, setOrder] = useState(initial);
  const [busy, setBusy] = useState<'cancel' | 'retry' | 'counter' | null>(null);
  const [failed, setFailed] = useState(false);
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    if (order.status === 'paid' || order.status === 'counter_waiting') settled.current(order);
  }, [order]);

  useEffect(() => {
    if (order.status !== 'terminal_waiting') return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = () => {
      kioskApi
        .order(order.orderId, controller.signal)
        .then((next) => {
          setFailed(false);
          if (next.status !== 'terminal_waiting') setOrder(next);
          else timer = setTimeout(poll, POLL_MS);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          // A lost answer is not a lost payment: keep asking, and say that the network is the problem.
          if (!(error instanceof DOMException)) setFailed(true);
          timer = setTimeout(poll, POLL_MS);
        });
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [order.orderId, order.status]);

  const act = async (kind: 'cancel' | 'retry' | 'counter') => {
    setBusy(kind);
    try {
      const call = kind === 'cancel' ? kioskApi.cancelTerminal : kind === 'retry' ? kioskApi.startTerminal : kioskApi.payAtCounter;
      setOrder(await call(order.orderId));
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  const amount = <Price amount={order.total / 100} size="lg" />;
  if (order.status === 'terminal_waiting') {
    return (
      <section className="kiosk-step kiosk-terminal" aria-labelledby="kiosk-terminal-title" data-testid="kiosk-terminal" data-status={order.status}>
        <h1 id="kiosk-terminal-title">{intl.formatMessage({ id: 'kiosk.terminalWaiting' })}</h1>
        <p className="kiosk-terminal__amount">{amount}</p>
        <Spinner size="lg" label={intl.formatMessage({ id: 'kiosk.terminalWaitingShort' })} />
        {failed ? (
          <Notice tone="warning" role="alert">
            {intl.formatMessage({ id: 'kiosk.offline' })}
          </Notice>
        ) : null}
        <Button size="lg" variant="secondary" busy={busy === 'cancel'} onClick={() => void act('cancel')} data-testid="kiosk-terminal-cancel">
          {intl.formatMessage({ id: 'kiosk.cancelPayment' })}
        </Button>
      </section>
    );
  }
  const reason =
    order.status === 'declined'
      ? 'kiosk.paymentDeclined'
      : order.status === 'expired'
        ? 'kiosk.paymentExpired'
        : order.status === 'cancelled'
          ? 'kiosk.paymentCancelled'
          : null;
  if (!reason) {
    return (
      <section className="kiosk-step" data-testid="kiosk-terminal" data-status={order.status}>
        <Spinner size="lg" label={intl.formatMessage({ id: 'kiosk.loading' })} />
      </section>
    );
  }
  return (
    <section className="kiosk-step kiosk-terminal" aria-labelledby="kiosk-terminal-title" data-testid="kiosk-terminal" data-status={order.status}>
      <h1 id="kiosk-terminal-title">{intl.formatMessage({ id: reason })}</h1>
      <p className="kiosk-terminal__amount">{amount}</p>
      {failed ? (
        <Notice tone="error" role="alert">
          {intl.formatMessage({ id: 'kiosk.actionFailed' })}
        </Notice>
      ) : null}
      <div className="kiosk-step__choices">
        <Button size="lg" busy={busy === 'retry'} disabled={busy !== null} onClick={() => void act('retry')} data-testid="kiosk-terminal-retry">
          {intl.formatMessage({ id: 'kiosk.tryAgain' })}
        </Button>
        <Button
          size="lg"
          variant="secondary"
          busy={busy === 'counter'}
          disabled={busy !== null}
          onClick={() => void act('counter')}
          data-testid="kiosk-terminal-counter"
        >
          {intl.formatMessage({ id: 'kiosk.payAtCounter' })}
        </Button>
      </div>
    </section>
  );
}
