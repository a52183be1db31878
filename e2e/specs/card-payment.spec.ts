import { expect, test, type Browser, type Page } from '@playwright/test';
import { addFromProductPage, billing, pickSlot, slotAt, tomorrow } from './ordering-support';

// Card payments against the built-in MultiSafepay simulator (demo mode), docs/decisions/0030-card-payments-multisafepay.md.
const ADMIN = { email: 'beheer@bakje.test', password: 'Frituur beheer e2e' };

/** The kitchen view (/dashboard) as the first admin, in its own browser context. */
async function openKitchen(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await page.goto('/login?redirect=%2Fdashboard');
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(ADMIN.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('kitchen-stream')).toHaveText('Live');
  return page;
}

/** A customer fills the basket and the checkout and pays by `method` (its title); ends on the payment page. */
async function checkoutWithCard(page: Page, clock: string, method: string) {
  const day = await tomorrow(page.request);
  const slot = await slotAt(page.request, 'TAKEAWAY', day, clock);
  await addFromProductPage(page, 'fristi');
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-page')).toBeVisible();
  await page.getByTestId('fulfilment-takeaway').click();
  await pickSlot(page, day, slot.id);
  await page.locator('#billing-firstName').fill(billing.firstName);
  await page.locator('#billing-lastName').fill(billing.lastName);
  await page.locator('#billing-phone').fill(billing.phone);
  const card = page.getByRole('radio', { name: method });
  await card.check();
  await expect(card).toBeChecked();
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/simulators\/multisafepay\/pay\/[0-9a-f]+$/);
  await expect(page.getByRole('heading', { name: 'MultiSafepay simulator' })).toBeVisible();
}

test('pays by Bancontact on the simulator; the kitchen gets the paid order once', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const kitchen = await openKitchen(browser, baseURL!);
  await checkoutWithCard(page, '19:00', 'Bancontact');
  await page.getByRole('button', { name: 'Completed (paid)' }).click();
  // Back on the shop: the page waits for our server's word, then shows the order as being prepared.
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/, { timeout: 20_000 });
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByTestId('order-status')).toHaveText('In bereiding');
  const number = await summary.locator('.pickup__number').textContent();
  // This order's card, by its id: other specs on the shared server may have an order with the same number
  // (another day or kind).
  const orderId = /\/order-received\/(\d+)/.exec(page.url())![1]!;
  // For tomorrow evening, it waits under "Later" until its fire time (docs/decisions/0068-fire-times.md).
  await kitchen.getByRole('tab', { name: /^Later/ }).click();
  const cards = kitchen.locator(`[data-testid="kitchen-order"][data-order-id="${orderId}"]`);
  await expect(cards).toHaveCount(1);
  await expect(cards).toBeVisible();
  await expect(
    cards
      .getByRole('heading', { name: `Nr. ${number}` })
      .or(cards.getByText(`Nr. ${number}`, { exact: true }))
      .first(),
  ).toBeVisible();
  await kitchen.context().close();
});

test('a declined card offers trying again and paying cash', async ({ page }) => {
  await checkoutWithCard(page, '19:15', 'Visa');
  await page.getByRole('button', { name: 'Declined' }).click();
  await expect(page).toHaveURL(/\/confirm-payment\?order=\d+&key=/);
  await expect(page.getByRole('alert').filter({ hasText: 'Betaling geannuleerd, mislukt of te lang gewacht; probeer opnieuw.' })).toBeVisible({
    timeout: 20_000,
  });
  // Trying again goes to a new payment page, which this time succeeds.
  await page.getByRole('button', { name: 'Opnieuw proberen' }).click();
  await expect(page).toHaveURL(/\/simulators\/multisafepay\/pay\/[0-9a-f]+$/);
  await page.getByRole('button', { name: 'Completed (paid)' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/, { timeout: 20_000 });
  await expect(page.getByTestId('order-summary').getByTestId('order-status')).toHaveText('In bereiding');
});

test('a cancelled payment, then paying cash instead', async ({ page }) => {
  await checkoutWithCard(page, '19:30', 'Mastercard');
  await page.getByRole('button', { name: 'Cancelled by the customer' }).click();
  await expect(page).toHaveURL(/\/confirm-payment\?order=\d+&key=.*cancelled=1/);
  await expect(page.getByRole('alert').filter({ hasText: 'Betaling geannuleerd' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Toch contant betalen' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByTestId('order-status')).toHaveText('In bereiding');
});
