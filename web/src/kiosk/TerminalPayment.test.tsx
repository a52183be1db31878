// @vitest-environment jsdom
import type { KioskOrderView, KioskPaymentStatus } from '@bakje/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/messages/en-US.json';
import { TerminalPayment } from './TerminalPayment';

const ORDER: KioskOrderView = { orderId: 41, pickupNumber: 'K17', total: 1240, fulfilment: 'takeaway', paymentMethod: 'terminal', status: 'terminal_waiting' };

/** The kiosk order routes of contract/src/kiosk.ts, answering from a script of statuses. */
function serve(script: { get: KioskPaymentStatus[]; post?: Record<string, KioskPaymentStatus> }) {
  const calls: string[] = [];
  let gets = 0;
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url}`);
    let status: KioskPaymentStatus | undefined;
    if (method === 'GET' && url === `/api/kiosk/orders/${ORDER.orderId}`) status = script.get[Math.min(gets++, script.get.length - 1)];
    else if (method === 'POST') status = script.post?.[url.split('/').pop()!];
    const body = status
      ? { ...ORDER, status, paymentMethod: status === 'counter_waiting' ? 'counter' : 'terminal' }
      : { code: 'rest_no_route', message: 'No route' };
    return Promise.resolve(new Response(JSON.stringify(body), { status: status ? 200 : 404, headers: { 'content-type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function show(onSettled = vi.fn()) {
  render(
    <IntlProvider locale="en-US" messages={en}>
      <TerminalPayment initial={ORDER} onSettled={onSettled} />
    </IntlProvider>,
  );
  return onSettled;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the kiosk terminal payment screen', () => {
  it('asks to pay on the terminal, polls the order about every second and settles once it is paid', async () => {
    const calls = serve({ get: ['terminal_waiting', 'terminal_waiting', 'paid'] });
    const onSettled = show();
    expect(screen.getByRole('heading', { name: 'Follow the instructions on the payment terminal' })).toBeTruthy();
    expect(screen.getByText(/12[.,]40/)).toBeTruthy();
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1), { timeout: 8_000 });
    expect(onSettled.mock.calls[0]![0]).toMatchObject({ status: 'paid', pickupNumber: 'K17' });
    expect(calls.filter((c) => c === 'GET /api/kiosk/orders/41')).toHaveLength(3);
  });

  it('declined: offers trying again (a new terminal payment) or paying at the counter', async () => {
    const calls = serve({ get: ['declined'], post: { terminal: 'terminal_waiting', counter: 'counter_waiting' } });
    const onSettled = show();
    await screen.findByRole('heading', { name: 'The payment was declined.' }, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Follow the instructions on the payment terminal' });
    expect(calls).toContain('POST /api/kiosk/orders/41/terminal');
    await screen.findByRole('heading', { name: 'The payment was declined.' }, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Pay at the counter' }));
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1));
    expect(onSettled.mock.calls[0]![0]).toMatchObject({ status: 'counter_waiting' });
    expect(calls).toContain('POST /api/kiosk/orders/41/counter');
  });

  it('cancel at the terminal, and the terminal time-out, each say so and offer trying again', async () => {
    const calls = serve({ get: ['terminal_waiting'], post: { cancel: 'cancelled' } });
    const onSettled = show();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel payment' }));
    await screen.findByRole('heading', { name: 'The payment was cancelled.' });
    expect(calls).toContain('POST /api/kiosk/orders/41/cancel');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(onSettled).not.toHaveBeenCalled();
    cleanup();

    serve({ get: ['expired'] });
    show();
    await screen.findByRole('heading', { name: 'The terminal stopped waiting for your card.' }, { timeout: 5_000 });
    expect(screen.getByRole('button', { name: 'Pay at the counter' })).toBeTruthy();
  });

  it('a lost answer while waiting says the network is the problem and keeps asking', async () => {
    let n = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        n += 1;
        if (n === 1) return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve(new Response(JSON.stringify({ ...ORDER, status: 'paid' }), { status: 200 }));
      }),
    );
    const onSettled = show();
    await screen.findByText('No network connection: your order is kept. One moment please.', undefined, { timeout: 5_000 });
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1), { timeout: 5_000 });
  });
});
