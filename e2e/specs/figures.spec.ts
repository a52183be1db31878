import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { StaffOrderDetails } from '@bakje/contract';
import { StaffServer } from './staff-server';
import { loginTo, placeOrder } from './orders-support';
import { expectNoSeriousA11yViolations } from './support';

// Its own server and database (E2E_PORT + 52), open all day, so today's figures are exactly this spec's orders.
const port = Number(process.env.E2E_PORT ?? 3210) + 52;
const ADMIN = { email: 'beheer-cijfers@bakje.test', password: 'Cijfers beheer e2e' };
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  // Its orders are paid on the simulators (test mode): count them as a live shop's (docs/decisions/0070-test-and-live-mode.md).
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password, BAKJE_TEST_ORDERS_LIVE: 'true' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** "€ 12,34" (nl-BE) to cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);

test("the day's figures match the orders placed, per VAT rate, to the cent; cancelled orders apart; the CSV says the same", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const page = await context.newPage();
  await loginTo(page, '/dashboard/orders', ADMIN);
  const csrf = (await context.cookies()).find((c) => c.name === 'bakje_csrf')!.value;
  const api = await playwrightRequest.newContext({ baseURL: server.base, storageState: await context.storageState() });
  // A gift card of 1.00 the second customer pays with: a means of payment, the whole sale still counts.
  const card = await api.post('/api/dashboard/gift-cards', { data: { amount: '1,00' }, headers: { 'x-csrf-token': csrf } });
  expect(card.status(), await card.text()).toBe(201);
  const giftCode = ((await card.json()) as { code: string }).code;

  // Three customers order different things through the shop's checkout; one order is cancelled.
  const placed = [
    await placeOrder(server.base, { lastName: 'Een', products: 3 }),
    await placeOrder(server.base, { lastName: 'Twee', products: 2, skip: 2, code: giftCode }),
    await placeOrder(server.base, { lastName: 'Drie', products: 4, skip: 1 }),
  ];

  // What the orders themselves say (the orders page's details), as the expectation.
  const cancel = await api.post(`/api/orders/${placed[2]!.databaseId}/cancel`, { data: { reason: 'Dubbel besteld' }, headers: { 'x-csrf-token': csrf } });
  expect(cancel.status()).toBe(200);
  const details: StaffOrderDetails[] = [];
  for (const order of placed.slice(0, 2)) details.push((await (await api.get(`/api/orders/${order.databaseId}`)).json()) as StaffOrderDetails);
  await api.dispose();
  const expected = new Map<number, { net: number; tax: number; gross: number }>();
  for (const order of details) {
    for (const v of order.vat) {
      const at = expected.get(v.rate) ?? { net: 0, tax: 0, gross: 0 };
      expected.set(v.rate, { net: at.net + v.net, tax: at.tax + v.tax, gross: at.gross + v.gross });
    }
  }
  expect(expected.size).toBeGreaterThan(0);
  expect(details[1]!.giftCards).toEqual([{ last4: giftCode.slice(-4), amount: 100 }]);
  const total = details.reduce((n, o) => n + o.total + o.giftCards.reduce((c, g) => c + g.amount, 0), 0);

  await page.getByRole('link', { name: 'Cijfers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cijfers van de dag' })).toBeVisible();
  await expect(page.getByTestId('figures-orders')).toHaveText('2');
  expect(cents(await page.getByTestId('figures-gross').innerText())).toBe(total);
  for (const [rate, v] of expected) {
    const cells = page.getByTestId(`vat-${rate}`).getByRole('cell');
    await expect(cells).toHaveCount(3);
    expect([cents(await cells.nth(0).innerText()), cents(await cells.nth(1).innerText()), cents(await cells.nth(2).innerText())]).toEqual([
      v.net,
      v.tax,
      v.gross,
    ]);
  }
  await expect(page.getByTestId('figures-excluded')).toContainText('1 geannuleerde bestelling');
  const byCard = page.getByRole('table', { name: 'Per betaalmethode' }).getByRole('row').filter({ hasText: 'Cadeaubon' });
  expect(cents(await byCard.getByRole('cell').last().innerText())).toBe(100);
  await expect(page.getByRole('img', { name: 'Omzet per uur' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('figures-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^cijfers-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const bytes = readFileSync(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const euro = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;
  for (const [rate, v] of expected) expect(text).toContain(`\r\n${rate};${euro(v.net)};${euro(v.tax)};${euro(v.gross)}\r\n`);
  expect(text).toContain(`Geannuleerd;1;`);
  expect(text).toContain('\r\nCadeaubon;1;1,00\r\n');
  await context.close();
});
