import { expect, test } from '@playwright/test';
import { StaffServer } from './staff-server';
import { loginTo, placeOrder, type PlacedOrder } from './orders-support';
import { expectNoSeriousA11yViolations } from './support';

// Its own server (E2E_PORT + 51), open all day, with a first admin (orders.manage and kitchen.view).
const port = Number(process.env.E2E_PORT ?? 3210) + 51;
const ADMIN = { email: 'beheer-bestellingen@bakje.test', password: 'Bestellingen beheer e2e' };
let server: StaffServer;
let today: PlacedOrder;
let later: PlacedOrder;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
  await placeOrder(server.base, { lastName: 'Janssens' });
  today = await placeOrder(server.base, { lastName: 'Vermeulen', products: 2 });
  // Five days ahead: beyond the kitchen's live window (2 days).
  later = await placeOrder(server.base, { lastName: 'Dewilde', day: 5 });
});
test.afterAll(async () => {
  await server?.stop();
});

test('a manager finds an order by name and number, reads its details, changes its status and cancels it with a reason; the customer sees cancelled', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginTo(page, '/dashboard/orders', ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellingen' })).toBeVisible();
  await expect(page.getByTestId('order-row')).toHaveCount(3);
  // Nothing scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByLabel('Zoeken').fill('vermeul');
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await page.getByLabel('Zoeken').fill(`${today.databaseId}`);
  await expect(page.locator(`[data-testid="order-row"][data-order-id="${today.databaseId}"]`)).toBeVisible();
  await page.getByRole('button', { name: `Bestelling ${today.pickupNumber} openen` }).click();

  const details = page.getByTestId('order-details');
  await expect(details.getByRole('heading', { name: `Bestelling ${today.pickupNumber} (#${today.databaseId})` })).toBeVisible();
  await expect(details.getByTestId('order-status')).toHaveText('In bereiding');
  await expect(details.getByText('Test Vermeulen')).toBeVisible();
  await expect(details.locator('.orders__lines li')).toHaveCount(2);
  await expect(details.getByText(/waarvan btw \d+ %/).first()).toBeVisible();

  await expectNoSeriousA11yViolations(page);
  await details.getByLabel('Status wijzigen').selectOption('completed');
  await expect(details.getByTestId('order-status')).toHaveText('Klaar');
  await expect(details.locator('.orders__history li')).toHaveCount(2);

  await details.getByRole('button', { name: 'Bestelling annuleren' }).click();
  const dialog = page.getByRole('dialog', { name: `Bestelling ${today.pickupNumber} annuleren` });
  // No reason: the field says so and nothing is sent.
  await dialog.getByRole('button', { name: 'Annuleren', exact: true }).click();
  await expect(dialog.getByText('Geef een reden (minstens 3 tekens).')).toBeVisible();
  await dialog.getByLabel('Reden').fill('De frituur is stuk');
  await dialog.getByRole('button', { name: 'Annuleren', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(details.getByTestId('order-status')).toHaveText('Geannuleerd');
  await expect(details.getByText('De frituur is stuk').first()).toBeVisible();

  // It moves to the archive.
  await page.getByLabel('Zoeken').fill('');
  await expect(page.getByTestId('order-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Archief' }).click();
  await expect(page.locator(`[data-testid="order-row"][data-order-id="${today.databaseId}"]`)).toBeVisible();

  // The customer's summary page says cancelled.
  const customer = await browser.newPage();
  await customer.goto(`${server.base}/checkout/order-received/${today.databaseId}?key=${encodeURIComponent(today.orderKey)}`);
  await expect(customer.getByText('Geannuleerd').first()).toBeVisible();
  await context.close();
  await customer.close();
});

test('the kitchen shows pre-orders beyond two days under "Later", counting down to their slot, and cancels one with a reason', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await loginTo(page, '/dashboard', ADMIN);
  await expect(page.getByTestId('kitchen-stream')).toHaveText('Live');
  // Not among the live tabs.
  const card = page.locator(`[data-testid="kitchen-order"][data-order-id="${later.databaseId}"]`);
  await expect(page.getByTestId('kitchen-order').first()).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.getByRole('tab', { name: /^Later/ }).click();
  await expect(card).toBeVisible();
  // Timed from its slot five days ahead: a countdown in days, not an age turning red.
  const countdown = card.getByTestId('kitchen-countdown');
  await expect(countdown).toHaveText(/^[45]d \d\d:\d\d$/);
  await expect(countdown).toHaveAttribute('data-tone', 'fresh');
  await expect(card.getByTestId('kitchen-age')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('button', { name: 'Annuleren' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reden').fill('Klant belde af');
  await dialog.getByRole('button', { name: 'Annuleren', exact: true }).click();
  await expect(card).toHaveCount(0);
  await context.close();
});
