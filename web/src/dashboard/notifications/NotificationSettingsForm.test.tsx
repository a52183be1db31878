// @vitest-environment jsdom
import type { NotificationSettingsInput, NotificationSettingsView } from '@bakje/contract';
import { DEFAULT_SMS_TEXTS } from '@bakje/contract/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/messages/en-US.json';
import staffEn from '../../i18n/messages/staff/en-US.json';
import { NotificationSettingsForm } from './NotificationSettingsForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VIEW: NotificationSettingsView = {
  sms: {
    enabled: false,
    kinds: { accepted: false, ready: true, 'out-for-delivery': true, delayed: true, cancelled: true },
    texts: DEFAULT_SMS_TEXTS,
    twilio: { accountSid: '', authToken: { set: true, last4: 'beef' }, from: '', messagingServiceSid: '', source: 'settings', ready: false },
  },
  push: { enabled: true, kinds: { accepted: true, ready: true, 'out-for-delivery': true, delayed: true, cancelled: true } },
};

/** The form as /dashboard/notifications shows it; `answer` plays the server's PUT /api/settings/notifications. */
function show(answer: (body: NotificationSettingsInput) => { status: number; body: unknown }) {
  const sent: NotificationSettingsInput[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as NotificationSettingsInput;
      sent.push(body);
      const { status, body: reply } = answer(body);
      return Promise.resolve(new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } }));
    }),
  );
  const router = createMemoryRouter([{ path: '/', element: <NotificationSettingsForm view={VIEW} /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <IntlProvider locale="en-US" messages={{ ...en, ...staffEn }}>
        <RouterProvider router={router} />
      </IntlProvider>
    </QueryClientProvider>,
  );
  return sent;
}

describe('the customer messages form', () => {
  it('previews a text with the placeholders filled, never shows the token, and sends only what changed of it', async () => {
    const user = userEvent.setup();
    const sent = show((body) => ({
      status: 200,
      body: {
        sms: { ...VIEW.sms, ...body.sms, twilio: { ...VIEW.sms.twilio, ...body.sms.twilio, authToken: { set: true, last4: 'beef' }, ready: true } },
        push: body.push ?? VIEW.push,
      },
    }));
    expect(document.getElementById('notifications-authToken-status')?.textContent).toBe('Auth token: set, ending in beef');
    expect((document.getElementById('notifications-authToken') as HTMLInputElement).value).toBe('');
    // The English texts for the staff's language; the Dutch ones a choice away.
    expect(screen.getByTestId('preview-ready').textContent).toBe('Preview: Frituur Bakje: your order #12 is ready. See you soon! (53 characters)');
    await user.selectOptions(screen.getByLabelText('Language of the texts'), 'nl');
    const delayed = screen.getByRole('textbox', { name: 'Delayed (+10 min in the kitchen)' });
    await user.clear(delayed);
    await user.type(delayed, '{{shop}: #{{number} komt {{minutes} min later ({{time}).');
    expect(screen.getByTestId('preview-delayed').textContent).toBe('Preview: Frituur Bakje: #12 komt 10 min later (18:30). (45 characters)');

    await user.click(screen.getByLabelText('Texts to customers on'));
    await user.click(screen.getByRole('checkbox', { name: 'Order accepted (card orders once paid)' }));
    await user.type(screen.getByLabelText('Sender'), 'Bakje');
    // Push per kind, next to SMS's: "accepted" off for push only.
    await user.click(screen.getByRole('checkbox', { name: 'Push: Order accepted (card orders once paid)' }));
    await user.click(screen.getByRole('button', { name: 'Save messages' }));
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.sms).toMatchObject({
      enabled: true,
      kinds: { accepted: true, ready: true },
      twilio: { accountSid: '', from: 'Bakje', messagingServiceSid: '' },
    });
    expect(sent[0]!.sms.texts.delayed.nl).toBe('{shop}: #{number} komt {minutes} min later ({time}).');
    expect(sent[0]!.push).toEqual({ enabled: true, kinds: { ...VIEW.push.kinds, accepted: false } });
    expect(sent[0]!.sms.texts.ready.fr).toBe(DEFAULT_SMS_TEXTS.ready.fr);
    // The stored token is kept: not sent at all.
    expect('authToken' in sent[0]!.sms.twilio).toBe(false);
  });

  it('shows the server’s refusal by the field, in the staff’s language, and an empty text before asking', async () => {
    const user = userEvent.setup();
    const sent = show(() => ({
      status: 400,
      body: {
        code: 'NOTIFICATION_SETTINGS_INVALID',
        message: 'Notification settings not saved',
        data: { fields: [{ field: 'sms.twilio.accountSid', message: 'x' }] },
      },
    }));
    await user.clear(screen.getByRole('textbox', { name: 'Ready for pickup' }));
    await user.click(screen.getByRole('button', { name: 'Save messages' }));
    expect(screen.getByText('Each text has 1 to 320 characters.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Ready for pickup' }), 'Klaar!');
    await user.type(screen.getByLabelText('Account SID'), 'AC123');
    await user.click(screen.getByRole('button', { name: 'Save messages' }));
    await waitFor(() => expect(document.getElementById('notifications-accountSid-error')?.textContent).toContain('The account SID starts with AC'));
    expect(sent).toHaveLength(1);
  });
});
