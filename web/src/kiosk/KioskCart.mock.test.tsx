// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import nl from '../i18n/messages/nl-BE.json';
import { KioskCart } from './KioskCart';

// A cart with goods (no lines needed for the totals); only its totals key the per-method pricing.
const goods = vi.hoisted(() => ({ total: '12.40' }));
vi.mock('../cart/CartProvider', () => ({
  useCart: () => ({ cart: { total: goods.total, subtotal: goods.total, isEmpty: false, contents: { nodes: [] } }, updating: false, error: null }),
}));

/** GraphQL `cart(paymentMethod)` with the owner's surcharge for the kiosk terminal, if any. */
function serve(terminalCost: string | null) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      const method = (JSON.parse(String(init?.body ?? '{}')) as { variables?: { paymentMethod?: string } }).variables?.paymentMethod ?? '';
      asked.push(method);
      const cost = method === 'kiosk_terminal' ? terminalCost : null;
      // The counter is paid cash: the server rounds its total to 5 cents and lists the rounding as a fee (decision 0080).
      const cents = Math.round(Number(goods.total) * 100);
      const rest = cents % 5;
      const rounding = method === 'kiosk_counter' ? (rest <= 2 ? -rest : 5 - rest) / 100 : 0;
      const fees = [
        ...(cost ? [{ id: method, name: 'Transactiekosten', total: cost }] : []),
        ...(rounding ? [{ id: 'cash-rounding', name: 'Afronding', total: rounding.toFixed(2) }] : []),
      ];
      const total = (Number(goods.total) + Number(cost ?? 0) + rounding).toFixed(2);
      const cart = { total, cashRounding: rounding.toFixed(2), vatLines: [], fees };
      return Promise.resolve(new Response(JSON.stringify({ data: { cart } }), { status: 200, headers: { 'content-type': 'application/json' } }));
    }),
  );
  return asked;
}

function show(props: Partial<ComponentProps<typeof KioskCart>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <IntlProvider locale="nl-BE" messages={nl}>
        <KioskCart onPay={vi.fn()} {...props} />
      </IntlProvider>
    </QueryClientProvider>,
  );
  return client;
}

const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');

afterEach(() => {
  goods.total = '12.40';
  cleanup();
  vi.unstubAllGlobals();
});

describe('kiosk cart total', () => {
  it('a kiosk with only the terminal shows its surcharge and the total with it, as the server priced them', async () => {
    const asked = serve('0.25');
    show({ onlyMethod: 'terminal' });
    await waitFor(() => expect(text('kiosk-cart-surcharge')).toBe('+ € 0,25 transactiekosten'));
    expect(text('kiosk-cart-total')).toBe('€ 12,65');
    expect(asked).toEqual(['kiosk_terminal']);
  });

  it('with two methods the cart asks nothing and shows the goods total; so does a single method without surcharge', async () => {
    const asked = serve('0.25');
    show({});
    expect(text('kiosk-cart-total')).toBe('€ 12,40');
    expect(screen.queryByTestId('kiosk-cart-surcharge')).toBeNull();
    expect(asked).toEqual([]);
    cleanup();

    const none = serve(null);
    const client = show({ onlyMethod: 'terminal' });
    // The server's answer is in (and rendered with it): still no surcharge line, the goods total.
    await waitFor(() => expect(client.getQueryCache().findAll({ queryKey: ['kioskCartForPayment'] })[0]?.state.status).toBe('success'));
    expect(none).toEqual(['kiosk_terminal']);
    expect(text('kiosk-cart-total')).toBe('€ 12,40');
    expect(screen.queryByTestId('kiosk-cart-surcharge')).toBeNull();
  });

  it('a kiosk with only the counter shows the total rounded as cash, the rounding being no surcharge', async () => {
    goods.total = '12.43';
    const asked = serve(null);
    show({ onlyMethod: 'counter' });
    await waitFor(() => expect(text('kiosk-cart-total')).toBe('€ 12,45'));
    expect(screen.queryByTestId('kiosk-cart-surcharge')).toBeNull();
    expect(asked).toEqual(['kiosk_counter']);
  });
});
