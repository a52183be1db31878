// @vitest-environment jsdom
import type { PaymentSurcharge, PaymentSurchargesView } from '@bakje/contract';
import { surchargeMethodIds } from '@bakje/contract/payments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/messages/en-US.json';
import staffEn from '../../../i18n/messages/staff/en-US.json';
import { SurchargeSettingsForm } from './SurchargeSettingsForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const none: PaymentSurcharge = { fixed: 0, percent: 0, vatRate: 21, label: '' };
const empty = (): PaymentSurchargesView => ({ methods: Object.fromEntries(surchargeMethodIds.map((id) => [id, none])) as PaymentSurchargesView['methods'] });

/** The form as /dashboard/payments shows it; `answer` plays the server's PUT /api/settings/payment-surcharges. */
function show(answer: (body: PaymentSurchargesView) => { status: number; body: unknown }, view = empty()) {
  const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    const { status, body } = answer(JSON.parse(String(init?.body)) as PaymentSurchargesView);
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter([{ path: '/', element: <SurchargeSettingsForm view={view} /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <IntlProvider locale="en-US" messages={{ ...en, ...staffEn }}>
        <RouterProvider router={router} />
      </IntlProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;

describe('the transaction cost form', () => {
  it('refuses a negative amount and a percentage above 100 by the field, without asking the server', async () => {
    const user = userEvent.setup();
    const fetchMock = show((body) => ({ status: 200, body }));
    await user.type(input('surcharge-cod-fixed'), '-1');
    await user.type(input('surcharge-visa-percent'), '150');
    await user.click(screen.getByRole('button', { name: 'Save transaction costs' }));
    await waitFor(() => expect(errorOf('surcharge-cod-fixed')).toBe('Enter an amount from 0 to 100.00 euros.'));
    expect(errorOf('surcharge-visa-percent')).toBe('Enter a percentage from 0 to 100, with at most two decimals.');
    expect(input('surcharge-cod-fixed').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends euros with a comma as cents and a percentage as a number, and says it saved', async () => {
    const user = userEvent.setup();
    const fetchMock = show((body) => ({ status: 200, body }));
    await user.type(input('surcharge-cod-fixed'), '0,25');
    await user.type(input('surcharge-bancontact-percent'), '1,5');
    await user.selectOptions(input('surcharge-bancontact-vatRate'), '6');
    await user.type(input('surcharge-bancontact-label'), 'Kaartkosten');
    await user.click(screen.getByRole('button', { name: 'Save transaction costs' }));
    expect(await screen.findByText('Transaction costs saved.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/settings/payment-surcharges');
    expect(init?.method).toBe('PUT');
    const sent = JSON.parse(String(init?.body)) as PaymentSurchargesView;
    expect(sent.methods.cod).toEqual({ ...none, fixed: 25 });
    expect(sent.methods.bancontact).toEqual({ fixed: 0, percent: 1.5, vatRate: 6, label: 'Kaartkosten' });
    expect(sent.methods.stripe).toEqual(none);
    // Saved values read back as staff type them.
    expect(input('surcharge-cod-fixed').value).toBe('0,25');
    expect(input('surcharge-bancontact-percent').value).toBe('1,5');
  });

  it('shows a refusal of the server by the field it names, and keeps what was typed', async () => {
    const user = userEvent.setup();
    show(() => ({
      status: 400,
      body: {
        code: 'INVALID_INPUT',
        message: 'Invalid parameter(s): methods.kiosk_counter.label',
        data: { fields: [{ field: 'methods.kiosk_counter.label', message: 'too long' }] },
      },
    }));
    const fieldset = screen.getByTestId('surcharge-kiosk_counter');
    expect(within(fieldset).getByText('Kiosk: pay at the counter')).toBeTruthy();
    await user.type(input('surcharge-kiosk_counter-fixed'), '0,10');
    await user.click(screen.getByRole('button', { name: 'Save transaction costs' }));
    await waitFor(() => expect(errorOf('surcharge-kiosk_counter-label')).toBe('At most 60 characters.'));
    expect(input('surcharge-kiosk_counter-fixed').value).toBe('0,10');
    expect(screen.queryByText('Transaction costs saved.')).toBeNull();
  });
});
