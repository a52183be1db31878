import { expect, test, type Locator, type Page } from '@playwright/test';
import { addFromProductPage, billing, pickSlot, slotAt, tomorrow } from './ordering-support';
import { StaffServer } from './staff-server';

// Its own server: a transaction cost changes every checkout total (docs/decisions/0048-transaction-cost.md).
const port = Number(process.env.E2E_PORT ?? 3210) + 121;
const ADMIN = { email: 'beheer-transactiekosten@bakje.test', password: 'Transactiekosten beheer e2e' };
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
});
test.afterAll(async () => {
  await server?.stop();
});

/** "€ 3,35" (nl-BE) as cents. */
async function cents(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  return Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
}

const surchargeForm = (page: Page) => page.getByRole('form', { name: 'Transactiekosten' });

test('the owner sets a surcharge for cash and Bancontact; the customer sees it per method at checkout and in the confirmed total', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await server.openAs(browser, ADMIN, '/dashboard/payments');
  const form = surchargeForm(admin);
  await expect(form).toBeVisible();
  const cash = form.getByRole('group', { name: 'Contant' });
  const bancontact = form.getByRole('group', { name: 'Bancontact' });

  // A percentage above 100 is refused by the field and nothing is saved.
  await bancontact.getByLabel('Percentage (%)').fill('120');
  await form.getByRole('button', { name: 'Transactiekosten opslaan' }).click();
  await expect(bancontact.getByText('Geef een percentage van 0 tot 100, met hoogstens twee decimalen.')).toBeVisible();

  await bancontact.getByLabel('Percentage (%)').fill('10');
  await cash.getByLabel('Vast bedrag (€, incl. btw)').fill('0,50');
  await cash.getByLabel('Omschrijving').fill('Kosten cash');
  await form.getByRole('button', { name: 'Transactiekosten opslaan' }).click();
  await expect(form.getByText('Transactiekosten opgeslagen.')).toBeVisible();
  await admin.reload();
  await expect(surchargeForm(admin).getByRole('group', { name: 'Contant' }).getByLabel('Vast bedrag (€, incl. btw)')).toHaveValue('0,50');
  await admin.context().close();

  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const day = await tomorrow(page.request);
  const slot = await slotAt(page.request, 'TAKEAWAY', day, '19:00');
  await addFromProductPage(page, 'fristi', 2);
  await page.goto('/checkout');
  await expect(page.getByTestId('checkout-page')).toBeVisible();
  await page.getByTestId('fulfilment-takeaway').click();
  const totals = page.getByTestId('totals');
  const subtotal = await cents(totals.locator('.totals__row').first().locator('dd'));
  expect(subtotal).toBeGreaterThan(0);

  // Cash is chosen first: its fixed surcharge with the owner's label, and the total with it.
  const fee = totals.getByTestId('totals-transaction-cost');
  await expect(fee).toContainText('Kosten cash');
  expect(await cents(fee.locator('dd'))).toBe(50);
  await expect.poll(() => cents(totals.getByTestId('totals-total'))).toBe(subtotal + 50);

  // Bancontact: 10 % of the goods, named with the default text.
  await page.getByRole('radio', { name: 'Bancontact' }).check();
  await expect(fee).toContainText('Transactiekosten');
  const tenPercent = Math.round(subtotal / 10);
  await expect.poll(() => cents(fee.locator('dd'))).toBe(tenPercent);
  await expect.poll(() => cents(totals.getByTestId('totals-total'))).toBe(subtotal + tenPercent);

  // Visa carries none.
  await page.getByRole('radio', { name: 'Visa' }).check();
  await expect(fee).toHaveCount(0);
  await expect.poll(() => cents(totals.getByTestId('totals-total'))).toBe(subtotal);

  // Back to cash, and the order is placed: the confirmation shows the surcharge in its total.
  await page.getByRole('radio', { name: 'Contant betalen' }).check();
  await expect(fee).toContainText('Kosten cash');
  await pickSlot(page, day, slot.id);
  await page.locator('#billing-firstName').fill(billing.firstName);
  await page.locator('#billing-lastName').fill(billing.lastName);
  await page.locator('#billing-phone').fill(billing.phone);
  await page.getByTestId('place-order').click();
  const summary = page.getByTestId('order-summary');
  await expect(summary).toBeVisible({ timeout: 20_000 });
  const confirmed = summary.getByTestId('totals');
  await expect(confirmed.getByTestId('totals-transaction-cost')).toContainText('Kosten cash');
  expect(await cents(confirmed.getByTestId('totals-total'))).toBe(subtotal + 50);
  await context.close();
});
