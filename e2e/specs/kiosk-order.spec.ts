import { expect, test, type Browser, type Page } from '@playwright/test';
import type { KioskDeviceInput, KioskOrderView } from '@bakje/contract';
import { adminApi, KIOSK_ADMIN, KIOSK_ADMIN_ENV, KIOSK_VIEWPORT, openKiosk } from './kiosk-support';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// The kiosk's whole flow (issue 15) against the kiosk server routes (contract/src/kiosk.ts): pairing through the
// dashboard REST API, ordering by touch at 1080x1920, the MultiSafepay simulator's card terminal, the counter, the
// pickup number and the printed ticket. Needs the kiosk server side (devices, pairing, kiosk orders, terminals).
test.describe.configure({ mode: 'default' });

let server: StaffServer;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  // Terminal payments wait for this spec's answer on the simulator's terminals page (no automatic completion).
  server = await StaffServer.start(Number(process.env.E2E_PORT ?? 3210) + 113, { ...KIOSK_ADMIN_ENV, BAKJE_MSP_SIM_TERMINAL_SECONDS: '0' });
});
test.afterAll(async () => {
  await server?.stop();
});

const TERMINAL_DEVICE: Partial<KioskDeviceInput> = { paymentMethods: ['terminal', 'counter'], confirmationSeconds: 5 };

async function tapProduct(page: Page, category: string, slug: string, choice?: RegExp) {
  await page.getByTestId(`kiosk-category-${category}`).tap();
  await page.locator(`[data-testid="kiosk-product"][data-slug="${slug}"]`).tap();
  const sheet = page.getByTestId('kiosk-product-sheet');
  await expect(sheet.getByTestId('kiosk-add')).toBeVisible({ timeout: 20_000 });
  if (choice) await sheet.locator('label', { hasText: choice }).tap();
  await sheet.getByTestId('kiosk-add').tap();
  await expect(sheet).toBeHidden();
}

/** Fries with two sauces and a drink, then takeaway; ends on the payment choice (or the next step when only one). */
async function orderFriesWithSaucesAndDrink(page: Page) {
  await page.getByTestId('kiosk-tap-to-order').tap();
  await expect(page.getByTestId('kiosk-product').first()).toBeVisible({ timeout: 20_000 });
  await tapProduct(page, 'frieten', 'frieten', /middel/i);
  await tapProduct(page, 'sauzen', 'mayonaise');
  await tapProduct(page, 'sauzen', 'andalouse');
  await page.getByTestId('kiosk-pay').tap();
  const suggestions = page.getByTestId('kiosk-suggestions');
  await expect(suggestions).toBeVisible();
  await suggestions.locator('[data-slug="fristi"]').tap();
  await page.getByTestId('kiosk-product-sheet').getByTestId('kiosk-add').tap();
  await expect(page.getByTestId('kiosk-cart-line')).toHaveCount(4);
  await page.getByTestId('kiosk-suggest-next').tap();
  await page.getByTestId('kiosk-fulfilment-takeaway').tap();
}

/** The card terminal's answer on the simulator's terminals page, for the payment waiting on `terminalId`. */
async function terminalAnswers(browser: Browser, terminalId: string, button: 'Complete (card paid)' | 'Decline' | 'Cancel') {
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  const row = page.locator('li', { hasText: `on terminal ${terminalId}` });
  await expect(async () => {
    await page.goto('/simulators/multisafepay/terminals');
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await row.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(/\/simulators\/multisafepay\/terminals$/);
  await context.close();
}

/** The virtual printer's page as the admin: a ticket with the pickup number. */
async function expectTicketPrinted(browser: Browser, pickupNumber: string) {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login?redirect=%2Fdashboard%2Fprinter');
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(KIOSK_ADMIN.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(KIOSK_ADMIN.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/printer$/);
  await expect(page.locator('pre', { hasText: `#${pickupNumber}` }).first()).toBeVisible({ timeout: 20_000 });
  await context.close();
}

test('pairing by the code on the kiosk, and unpairing in the dashboard takes effect at once', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: server.base, viewport: KIOSK_VIEWPORT, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/kioskindex');
  await expect(page.getByTestId('kiosk-pairing')).toBeVisible();
  await expect(page.getByText('Geef deze code in het dashboard in onder Kiosken')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Without a device the order screen is not reachable.
  await page.goto('/bestellenkiosk');
  await expect(page).toHaveURL(/\/kioskindex$/);
  const code = (await page.getByTestId('kiosk-pairing-code').textContent())!.trim();

  const { api, csrf } = await adminApi(server.base);
  const created = await api.post('/api/dashboard/kiosks', {
    data: {
      name: 'Kiosk e2e',
      terminalId: '',
      printerId: null,
      fulfilment: ['takeaway'],
      paymentMethods: ['counter'],
      idleSeconds: 45,
      countdownSeconds: 20,
      attractSeconds: 60,
      confirmationSeconds: 30,
      printCounterOrdersAtOnce: false,
    },
    headers: { 'x-csrf-token': csrf },
  });
  const device = (await created.json()) as { id: number };
  expect((await api.post(`/api/dashboard/kiosks/${device.id}/pair`, { data: { code }, headers: { 'x-csrf-token': csrf } })).ok()).toBe(true);
  await expect(page.getByTestId('kiosk-start')).toBeVisible({ timeout: 10_000 });

  expect((await api.post(`/api/dashboard/kiosks/${device.id}/unpair`, { headers: { 'x-csrf-token': csrf } })).ok()).toBe(true);
  await expect(page.getByTestId('kiosk-pairing')).toBeVisible({ timeout: 10_000 });
  await api.dispose();
  await context.close();
});

test('fries with sauces and a drink, paid on the card terminal: pickup number, ticket printed, back to start', async ({ browser }) => {
  test.setTimeout(150_000);
  const terminalId = 'T-E2E-PAID';
  const { page } = await openKiosk(browser, server.base, { device: { ...TERMINAL_DEVICE, terminalId } });
  await orderFriesWithSaucesAndDrink(page);
  await page.getByTestId('kiosk-payment-terminal').tap();
  const terminal = page.getByTestId('kiosk-terminal');
  await expect(terminal).toHaveAttribute('data-status', 'terminal_waiting', { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Volg de instructies op de betaalterminal' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await terminalAnswers(browser, terminalId, 'Complete (card paid)');
  const done = page.getByTestId('kiosk-confirmation');
  await expect(done).toBeVisible({ timeout: 20_000 });
  await expect(done).toHaveAttribute('data-status', 'paid');
  await expect(done.getByText('Je kasticket wordt afgedrukt.')).toBeVisible();
  const pickup = (await page.getByTestId('kiosk-pickup-number').textContent())!.trim();
  expect(pickup).not.toBe('');
  await expectNoSeriousA11yViolations(page);
  await expectTicketPrinted(browser, pickup);
  // After the device's confirmation time (5 s) the next customer gets the start screen and an empty order.
  await expect(page.getByTestId('kiosk-start')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('kiosk-tap-to-order').tap();
  await expect(page.getByText('Je bestelling is nog leeg.')).toBeVisible();
  await page.context().close();
});

test('terminal cancelled, then declined: try again, then pay at the counter', async ({ browser }) => {
  test.setTimeout(150_000);
  const terminalId = 'T-E2E-DECLINE';
  const { page } = await openKiosk(browser, server.base, { device: { ...TERMINAL_DEVICE, terminalId } });
  await orderFriesWithSaucesAndDrink(page);
  await page.getByTestId('kiosk-payment-terminal').tap();
  const terminal = page.getByTestId('kiosk-terminal');
  await expect(terminal).toHaveAttribute('data-status', 'terminal_waiting', { timeout: 20_000 });

  await page.getByTestId('kiosk-terminal-cancel').tap();
  await expect(terminal).toHaveAttribute('data-status', 'cancelled', { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'De betaling werd geannuleerd.' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId('kiosk-terminal-retry').tap();
  await expect(terminal).toHaveAttribute('data-status', 'terminal_waiting', { timeout: 20_000 });

  await terminalAnswers(browser, terminalId, 'Decline');
  await expect(terminal).toHaveAttribute('data-status', 'declined', { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'De betaling werd geweigerd.' })).toBeVisible();
  await page.getByTestId('kiosk-terminal-counter').tap();
  const done = page.getByTestId('kiosk-confirmation');
  await expect(done).toHaveAttribute('data-status', 'counter_waiting', { timeout: 20_000 });
  await expect(done.getByText('Betaal aan de toonbank met dit nummer.')).toBeVisible();
  await page.context().close();
});

test('pay at the counter: staff confirm it paid from the kitchen, then the ticket prints', async ({ browser }) => {
  test.setTimeout(150_000);
  const { page } = await openKiosk(browser, server.base, { device: { paymentMethods: ['counter'], fulfilment: ['takeaway', 'dinein'] } });
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/kiosk/orders') && r.request().method() === 'POST');
  await orderFriesWithSaucesAndDrink(page);
  const order = (await (await placed).json()) as KioskOrderView;
  const done = page.getByTestId('kiosk-confirmation');
  await expect(done).toHaveAttribute('data-status', 'counter_waiting', { timeout: 20_000 });
  await expect(page.getByTestId('kiosk-pickup-number')).toHaveText(order.pickupNumber);

  const { api, csrf } = await adminApi(server.base);
  const confirmed = await api.post(`/api/kitchen/orders/${order.orderId}/counter-payment`, { data: { method: 'cash' }, headers: { 'x-csrf-token': csrf } });
  expect(confirmed.status(), await confirmed.text()).toBeLessThan(300);
  await api.dispose();
  await expectTicketPrinted(browser, order.pickupNumber);
  await page.context().close();
});

test('a surcharge on the card terminal shows on its button with the total, and the terminal asks that total', async ({ browser }) => {
  test.setTimeout(150_000);
  const { api, csrf } = await adminApi(server.base);
  const setSurcharges = async (methods: Record<string, unknown>) => {
    const saved = await api.put('/api/settings/payment-surcharges', { data: { methods }, headers: { 'x-csrf-token': csrf } });
    expect(saved.status(), await saved.text()).toBeLessThan(300);
  };
  // This server's other tests expect no surcharge: it is removed again whatever happens here.
  await setSurcharges({ kiosk_terminal: { fixed: 25, percent: 0, vatRate: 21, label: '' } });
  try {
    const terminalId = 'T-E2E-SURCHARGE';
    const { page } = await openKiosk(browser, server.base, { device: { ...TERMINAL_DEVICE, terminalId } });
    await orderFriesWithSaucesAndDrink(page);
    const terminalButton = page.getByTestId('kiosk-payment-terminal');
    await expect(terminalButton.getByTestId('kiosk-payment-terminal-cost')).toHaveText(/^\+ €\s0,25 transactiekosten$/, { timeout: 20_000 });
    const total = ((await terminalButton.getByTestId('kiosk-payment-terminal-total').textContent()) ?? '').replace(/^Totaal\s*/, '');
    expect(total).toMatch(/^€\s\d+,\d\d$/);
    // Paying at the counter costs nothing extra here: its button shows no cost.
    await expect(page.getByTestId('kiosk-payment')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByTestId('kiosk-payment-counter-cost')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await terminalButton.tap();
    const terminal = page.getByTestId('kiosk-terminal');
    await expect(terminal).toHaveAttribute('data-status', 'terminal_waiting', { timeout: 20_000 });
    await expect(terminal.locator('.kiosk-terminal__amount')).toHaveText(total);
    await terminalAnswers(browser, terminalId, 'Complete (card paid)');
    await expect(page.getByTestId('kiosk-confirmation')).toHaveAttribute('data-status', 'paid', { timeout: 20_000 });
    await page.context().close();
  } finally {
    await setSurcharges({});
    await api.dispose();
  }
});
