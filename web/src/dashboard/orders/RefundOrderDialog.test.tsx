// @vitest-environment jsdom
import type { RefundInput } from '@bakje/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../api/http';
import en from '../../i18n/messages/en-US.json';
import staffEn from '../../i18n/messages/staff/en-US.json';
import nl from '../../i18n/messages/nl-BE.json';
import staffNl from '../../i18n/messages/staff/nl-BE.json';
import { centsOf, RefundOrderDialog } from './RefundOrderDialog';

afterEach(cleanup);

function show(onRefund: (input: RefundInput) => Promise<unknown>, locale: 'en-US' | 'nl-BE' = 'en-US') {
  const onClose = vi.fn();
  render(
    <IntlProvider locale={locale} messages={locale === 'en-US' ? { ...en, ...staffEn } : { ...nl, ...staffNl }}>
      <RefundOrderDialog open pickupNumber={7} refundable={560} onClose={onClose} onRefund={onRefund} />
    </IntlProvider>,
  );
  return onClose;
}

/** The dialog moves focus to its first control on the next frame: typing before that would land elsewhere. */
async function focusSettled() {
  await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
}

describe('the refund dialog', () => {
  it('reads euros with a point or a comma as cents', () => {
    expect(centsOf('5.60')).toBe(560);
    expect(centsOf('5,6')).toBe(560);
    expect(centsOf('12')).toBe(1200);
    expect(centsOf('0,05')).toBe(5);
  });

  it('starts at what is left, refuses more than that without asking the server, and sends cents with a key', async () => {
    const user = userEvent.setup();
    const onRefund = vi.fn((_input: RefundInput) => Promise.resolve({}));
    const onClose = show(onRefund);
    await focusSettled();
    const amount = screen.getByLabelText(/Amount/);
    expect(amount).toHaveProperty('value', '5.60');
    await user.clear(amount);
    await user.type(amount, '6');
    await user.type(screen.getByLabelText(/Reason/), 'Cold fries');
    await user.click(screen.getByRole('button', { name: /^Refund €/ }));
    expect(await screen.findByText(/Give an amount above 0 and at most €5\.60/)).toBeTruthy();
    expect(onRefund).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '1.5');
    await user.click(screen.getByRole('button', { name: /^Refund €1\.50/ }));
    expect(onRefund).toHaveBeenCalledTimes(1);
    const sent = onRefund.mock.calls[0]![0];
    expect(sent).toMatchObject({ amount: 150, reason: 'Cold fries' });
    expect(sent.idempotencyKey).toMatch(/^dash-[0-9a-f]{32}-150$/);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the provider failure in the language of the page and keeps the dialog open; the retry uses the same key', { timeout: 15_000 }, async () => {
    const user = userEvent.setup();
    const onRefund = vi.fn((_input: RefundInput) => Promise.reject(new HttpError('The payment provider refused', 503, 'REFUND_PROVIDER_FAILED')));
    const onClose = show(onRefund, 'nl-BE');
    await focusSettled();
    expect(screen.getByLabelText(/Bedrag/)).toHaveProperty('value', '5,60');
    await user.type(screen.getByLabelText(/Reden/), 'Friet koud');
    await user.click(screen.getByRole('button', { name: /^€.*terugbetalen$/ }));
    // Up to 5 s: the web tests run beside the server tests on two cores.
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain('De betaalprovider heeft niet terugbetaald');
    await user.click(screen.getByRole('button', { name: /^€.*terugbetalen$/ }));
    expect(onRefund).toHaveBeenCalledTimes(2);
    expect(onRefund.mock.calls[1]![0].idempotencyKey).toBe(onRefund.mock.calls[0]![0].idempotencyKey);
    expect(onClose).not.toHaveBeenCalled();
  });
});
