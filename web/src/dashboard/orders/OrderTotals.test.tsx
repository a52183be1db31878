// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../i18n/messages/nl-BE.json';
import staffNl from '../../i18n/messages/staff/nl-BE.json';
import { OrderTotals } from './OrderTotals';

afterEach(cleanup);

const order = {
  subtotal: 910,
  discountTotal: 0,
  shippingTotal: 0,
  // 9.10 sold; a gift card ending WN4H paid 5.00, 4.10 is left to pay.
  total: 410,
  vat: [
    { rate: 6, gross: 560, tax: 32, net: 528 },
    { rate: 21, gross: 350, tax: 61, net: 289 },
  ],
  giftCards: [{ last4: 'WN4H', amount: 500 }],
  transactionCost: null,
  cashRounding: 0,
};

function show(value: typeof order) {
  render(
    <IntlProvider locale="nl-BE" messages={{ ...nl, ...staffNl }}>
      <OrderTotals order={value} />
    </IntlProvider>,
  );
}

const text = (node: Element) => (node.textContent ?? '').replace(/\s+/g, ' ');

describe("the order's totals on the orders page", () => {
  it('shows the whole sale with its VAT, the gift card by its last four characters and what is left to pay', () => {
    show(order);
    const totals = text(document.querySelector('dl')!);
    expect(totals).toMatch(/Totaal ?€ ?9,10/);
    expect(text(screen.getByTestId('order-gift-card'))).toMatch(/^Cadeaubon \*\*\*\*WN4H ?[-−]€ ?5,00$/);
    expect(text(screen.getByTestId('order-to-pay'))).toMatch(/^Te betalen ?€ ?4,10$/);
    expect(totals).toMatch(/waarvan btw 21 % ?€ ?0,61/);
  });

  it('without gift cards: the total is what is paid, no card or "to pay" lines', () => {
    show({ ...order, total: 910, giftCards: [] });
    expect(screen.queryByTestId('order-gift-card')).toBeNull();
    expect(screen.queryByTestId('order-to-pay')).toBeNull();
    expect(text(document.querySelector('dl')!)).toMatch(/Totaal ?€ ?9,10/);
  });

  it('a cash order: the unrounded sale, the rounding to 5 cents and what is paid (decision 0080)', () => {
    // 9.12 sold, paid cash: rounded down to 9.10.
    show({ ...order, subtotal: 912, total: 910, cashRounding: -2, giftCards: [] });
    expect(text(document.querySelector('dl')!)).toMatch(/Totaal ?€ ?9,12/);
    expect(text(screen.getByTestId('order-cash-rounding'))).toMatch(/^Afronding ?[-−]€ ?0,02$/);
    expect(text(screen.getByTestId('order-to-pay'))).toMatch(/^Te betalen ?€ ?9,10$/);
  });
});
