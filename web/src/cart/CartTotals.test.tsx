// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../i18n/messages/en-US.json';
import fr from '../i18n/messages/fr-FR.json';
import nl from '../i18n/messages/nl-BE.json';
import { CartTotals, type TotalsData } from './CartTotals';

afterEach(cleanup);

// 14.39 of goods paid cash: the server rounds it to 14.40 and lists the rounding as a fee too (decision 0080).
const cash: TotalsData = {
  subtotal: '14.39',
  discountTotal: '0.00',
  shippingTotal: '0.00',
  total: '14.40',
  vatLines: [{ rate: 6, tax: '0.81' }],
  fees: [{ id: 'cash-rounding', name: 'Afronding', total: '0.01' }],
  cashRounding: 0.01,
};

const MESSAGES = { 'nl-BE': nl, 'fr-FR': fr, 'en-US': en } as const;

function show(totals: TotalsData, locale: keyof typeof MESSAGES = 'nl-BE') {
  render(
    <IntlProvider locale={locale} messages={MESSAGES[locale]}>
      <CartTotals totals={totals} />
    </IntlProvider>,
  );
}

const text = (node: Element) => (node.textContent ?? '').replace(/\s+/g, ' ');

describe('the totals with cash rounding', () => {
  it('shows the rounding once, on its own line, signed, in each language; not as a fee', () => {
    show(cash);
    expect(text(screen.getByTestId('totals-cash-rounding'))).toMatch(/^Afronding ?\+€ ?0,01$/);
    expect(screen.queryByTestId('totals-transaction-cost')).toBeNull();
    expect(text(screen.getByTestId('totals-total'))).toMatch(/14,40/);
    cleanup();
    show({ ...cash, total: '14.35', cashRounding: -0.02, fees: [{ id: 'cash-rounding', name: 'Arrondi', total: '-0.02' }] }, 'fr-FR');
    expect(text(screen.getByTestId('totals-cash-rounding'))).toMatch(/^Arrondi ?[-−]0,02 ?€$/);
    cleanup();
    show(cash, 'en-US');
    expect(text(screen.getByTestId('totals-cash-rounding'))).toMatch(/^Rounding ?\+€0\.01$/);
  });

  it('no line when nothing is rounded (a card, or a total ending in 0 or 5)', () => {
    show({ ...cash, total: '14.39', fees: [], cashRounding: 0 });
    expect(screen.queryByTestId('totals-cash-rounding')).toBeNull();
  });
});
