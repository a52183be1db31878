import { expect, test, type Browser, type Page } from '@playwright/test';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Its own server: the spec changes which card methods the shop offers.
const port = Number(process.env.E2E_PORT ?? 3210) + 83;
const ADMIN = { email: 'beheer-betalingen@bakje.test', password: 'Betalingen beheer e2e' };
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Opens /dashboard/payments as the admin, through the login page and back. */
async function openPayments(browser: Browser, viewport = { width: 1400, height: 1000 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.base, viewport });
  const page = await context.newPage();
  await page.goto('/dashboard/payments');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fpayments$/);
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(ADMIN.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments$/);
  return page;
}

const settingsForm = (page: Page) => page.getByRole('form', { name: 'Betaalmethoden' });

test('an admin turns Bancontact off for the kiosk and changes the cut-off; bad input is refused; the change survives a reload', async ({ browser }) => {
  const page = await openPayments(browser);
  await expect(page.getByRole('heading', { level: 1, name: 'Kaartbetalingen' })).toBeVisible();
  const form = settingsForm(page);
  const bancontact = form.getByRole('group', { name: 'Bancontact' });
  await expect(bancontact.getByLabel('Aangeboden')).toBeChecked();
  await expect(form.getByRole('group', { name: 'Cartes Bancaires' }).getByLabel('Aangeboden')).not.toBeChecked();
  await expect(form.getByLabel('Uiterste tijd (minuten voor het tijdslot)')).toHaveValue('10');
  await expectNoSeriousA11yViolations(page);

  // Not a number of minutes: the field says why and nothing is sent.
  await form.getByLabel('Uiterste tijd (minuten voor het tijdslot)').fill('5000');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('Geef een geheel aantal minuten van 0 tot 1440.')).toBeVisible();

  await form.getByLabel('Uiterste tijd (minuten voor het tijdslot)').fill('15');
  // Keyboard only: the kiosk box of Bancontact is a real checkbox.
  await bancontact.getByLabel('Kiosk').focus();
  await page.keyboard.press('Space');
  await expect(bancontact.getByLabel('Kiosk')).not.toBeChecked();
  await expect(form.getByText('Je hebt niet-opgeslagen wijzigingen.')).toBeVisible();
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('Betaalinstellingen opgeslagen.')).toBeVisible();

  await page.reload();
  await expect(settingsForm(page).getByLabel('Uiterste tijd (minuten voor het tijdslot)')).toHaveValue('15');
  const reloaded = settingsForm(page).getByRole('group', { name: 'Bancontact' });
  await expect(reloaded.getByLabel('Kiosk')).not.toBeChecked();
  await expect(reloaded.getByLabel('Webwinkel')).toBeChecked();
  await page.context().close();
});

const providersForm = (page: Page) => page.getByRole('form', { name: 'Betaalproviders' });

test('an admin sets the Stripe keys: write-only, only the last 4 characters shown; a live key in the test environment is refused', async ({ browser }) => {
  const page = await openPayments(browser);
  const form = providersForm(page);
  const stripe = form.getByRole('group', { name: 'Stripe' });
  await expect(form.getByLabel('Omgeving')).toHaveValue('test');
  await expect(form.getByText('Betalingen gaan naar /simulators/multisafepay/v1/json.')).toBeVisible();
  await expect(stripe.getByText('Stripe geheime sleutel: niet ingesteld')).toBeVisible();

  // A live key while the shop is in test: refused, nothing saved.
  await stripe.getByLabel('Stripe geheime sleutel', { exact: true }).fill('sk_live_e2eLiveKey9999');
  await form.getByRole('button', { name: 'Providers bewaren' }).click();
  await expect(form.getByText('Geweigerd: geef een geheime sleutel van de gekozen omgeving (test of live) voor je Stripe aanzet.')).toBeVisible();
  // A malformed key is stopped before it is sent.
  await stripe.getByLabel('Stripe publieke sleutel', { exact: true }).fill('not-a-key');
  await form.getByRole('button', { name: 'Providers bewaren' }).click();
  await expect(form.getByText('Een Stripe publieke sleutel begint met pk_test_ of pk_live_.')).toBeVisible();

  await stripe.getByLabel('Stripe geheime sleutel', { exact: true }).fill('sk_test_e2eSecretKey1234');
  await stripe.getByLabel('Stripe publieke sleutel', { exact: true }).fill('pk_test_e2ePublishable5678');
  await form.getByRole('button', { name: 'Providers bewaren' }).click();
  await expect(form.getByText('Betaalproviders bewaard. De wijziging geldt vanaf de volgende betaling.')).toBeVisible();
  await expect(stripe.getByText('Stripe geheime sleutel: ingesteld, eindigt op 1234')).toBeVisible();
  await expect(stripe.getByText('Stripe publieke sleutel: ingesteld, eindigt op 5678')).toBeVisible();
  await expect(stripe.getByText('Gebruikt de hier bewaarde sleutels. Ontvangt geen betalingen.')).toBeVisible();

  // After a reload the key is nowhere on the page: only its end.
  await page.reload();
  const reloaded = providersForm(page).getByRole('group', { name: 'Stripe' });
  await expect(reloaded.getByText('Stripe geheime sleutel: ingesteld, eindigt op 1234')).toBeVisible();
  await expect(reloaded.getByLabel('Nieuwe Stripe geheime sleutel (leeg laten om de huidige te houden)')).toHaveValue('');
  expect(await page.content()).not.toContain('sk_test_e2eSecretKey1234');
  const answer = await page.request.get('/api/settings/payment-providers');
  expect(await answer.text()).not.toContain('e2eSecretKey');

  // Removing the stored keys: back on the server's default (the simulator in this demo).
  await reloaded.getByLabel('Bewaarde Stripe geheime sleutel verwijderen').check();
  await reloaded.getByLabel('Bewaarde Stripe publieke sleutel verwijderen').check();
  await providersForm(page).getByRole('button', { name: 'Providers bewaren' }).click();
  await expect(reloaded.getByText('Stripe geheime sleutel: niet ingesteld')).toBeVisible();
  await expect(reloaded.getByText('Gebruikt de simulator (demo: geen echte betalingen). Ontvangt geen betalingen.')).toBeVisible();
  await page.context().close();
});

test('fits a 390 px phone without sideways scrolling', async ({ browser }) => {
  const page = await openPayments(browser, { width: 390, height: 844 });
  await expect(settingsForm(page).getByRole('group', { name: 'Visa' })).toBeVisible();
  await expect(providersForm(page).getByRole('group', { name: 'Stripe' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.context().close();
});
