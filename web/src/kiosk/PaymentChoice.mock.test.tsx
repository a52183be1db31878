// @vitest-environment jsdom
import type { KioskPaymentMethod } from '@bakje/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/messages/en-US.json';
import nl from '../i18n/messages/nl-BE.json';
import { PaymentChoice } from './PaymentChoice';

// The kiosk's cart as the provider holds it; only its totals key the per-method pricing.
vi.mock('../cart/CartProvider', () => ({ useCart: () => ({ cart: { total: '12.40', subtotal: '12.40', isEmpty: false } }) }));

/**
 * GraphQL `cart(paymentMethod)` answering with the surcharge the owner set per method (euros, as RAW strings) and,
 * for the counter, the cash rounding the server adds (decision 0080) when `rounding` is given.
 */
function serve(surcharges: Record<string, string>, rounding?: string) {
  const asked: string[] = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as { query?: string; variables?: { paymentMethod?: string } };
    const method = body.variables?.paymentMethod ?? '';
    asked.push(`${url} ${method}`);
    const cost = surcharges[method];
    const rounded = method === 'kiosk_counter' && rounding ? rounding : undefined;
    const cart = {
      total: (12.38 + Number(cost ?? 0) + Number(rounded ?? 0)).toFixed(2),
      vatLines: [],
      fees: [
        ...(cost ? [{ id: method, name: 'Transactiekosten', total: cost }] : []),
        ...(rounded ? [{ id: 'cash-rounding', name: 'Afronding', total: rounded }] : []),
      ],
    };
    return Promise.resolve(new Response(JSON.stringify({ data: { cart } }), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

function show(messages: Record<string, string>, locale: string, methods: KioskPaymentMethod[] = ['terminal', 'counter']) {
  const onChoose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <IntlProvider locale={locale} messages={messages}>
        <PaymentChoice methods={methods} onChoose={onChoose} onBack={vi.fn()} />
      </IntlProvider>
    </QueryClientProvider>,
  );
  return onChoose;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('kiosk payment choice', () => {
  it('shows the surcharge and the total with it on the method that has one, priced by the server per method', async () => {
    const asked = serve({ kiosk_terminal: '0.25' });
    const onChoose = show(nl, 'nl-BE');
    const cost = await screen.findByTestId('kiosk-payment-terminal-cost');
    expect(cost.textContent?.replace(/\s/g, ' ')).toBe('+ € 0,25 transactiekosten');
    expect(screen.getByTestId('kiosk-payment-terminal-total').textContent?.replace(/\s/g, ' ')).toBe('Totaal € 12,63');
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['/graphql kiosk_terminal', '/graphql kiosk_counter'])));
    expect(screen.queryByTestId('kiosk-payment-counter-cost')).toBeNull();
    // The totals differ, so the counter says its own next to the card's.
    expect((await screen.findByTestId('kiosk-payment-counter-total')).textContent?.replace(/\s/g, ' ')).toBe('Totaal € 12,38');
    fireEvent.click(screen.getByTestId('kiosk-payment-terminal'));
    expect(onChoose).toHaveBeenCalledWith('terminal');
  });

  it('shows each surcharge in the kiosk language', async () => {
    serve({ kiosk_terminal: '0.25', kiosk_counter: '1.10' });
    show(en, 'en-US');
    expect((await screen.findByTestId('kiosk-payment-counter-cost')).textContent).toMatch(/^\+ €1\.10 transaction cost$/);
    expect((await screen.findByTestId('kiosk-payment-terminal-cost')).textContent).toMatch(/^\+ €0\.25 transaction cost$/);
    expect(screen.getByTestId('kiosk-payment-counter-total').textContent).toMatch(/^Total €13\.48$/);
  });

  it('without surcharges the buttons show only how to pay', async () => {
    const asked = serve({});
    const onChoose = show(en, 'en-US');
    // Both methods priced (the section stops being busy): the render that would show a cost has happened.
    await waitFor(() => expect(screen.getByTestId('kiosk-payment').getAttribute('aria-busy')).toBe('false'));
    expect(asked).toHaveLength(2);
    expect(screen.getByTestId('kiosk-payment-terminal').textContent).toBe(en['kiosk.payment.terminal']);
    expect(screen.getByTestId('kiosk-payment-counter').textContent).toBe(en['kiosk.payment.counter']);
    expect(screen.queryByTestId('kiosk-payment-terminal-cost')).toBeNull();
    expect(screen.queryByTestId('kiosk-payment-terminal-total')).toBeNull();
    fireEvent.click(screen.getByTestId('kiosk-payment-counter'));
    expect(onChoose).toHaveBeenCalledWith('counter');
  });

  it("shows the counter's cash total rounded to 5 cents next to the card's, and what a card at the counter pays", async () => {
    serve({}, '0.02');
    show(nl, 'nl-BE');
    const counter = await screen.findByTestId('kiosk-payment-counter-total');
    expect(counter.textContent?.replace(/\s/g, ' ')).toBe('Totaal € 12,40');
    expect(screen.getByTestId('kiosk-payment-terminal-total').textContent?.replace(/\s/g, ' ')).toBe('Totaal € 12,38');
    expect(screen.getByTestId('kiosk-payment-counter-rounding').textContent?.replace(/\s/g, ' ')).toBe('Contant, afgerond op 5 cent (met kaart € 12,38)');
    expect(screen.queryByTestId('kiosk-payment-terminal-rounding')).toBeNull();
    expect(screen.queryByTestId('kiosk-payment-counter-cost')).toBeNull();
  });

  it('says the rounding in the kiosk language', async () => {
    // 12.38 with a 0.04 counter surcharge is 12.42, in cash 12.40.
    serve({ kiosk_counter: '0.04' }, '-0.02');
    show(en, 'en-US', ['counter']);
    expect((await screen.findByTestId('kiosk-payment-counter-total')).textContent).toMatch(/^Total €12\.40$/);
    expect(screen.getByTestId('kiosk-payment-counter-rounding').textContent).toMatch(/^In cash, rounded to 5 cents \(by card €12\.42\)$/);
  });
});
