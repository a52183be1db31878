import { expect, test, type Browser, type Page } from '@playwright/test';
import { StaffServer } from './staff-server';
import { addFromProductPage, billing, pickSlot, slotAt, tomorrow } from './ordering-support';

// Stripe in the web checkout (docs/decisions/0040-provider-keys-stripe-checkout.md): the card is typed on the
// checkout page into Stripe.js, here the Stripe simulator's stand-in, and confirmed with Stripe's test cards.
// Its own server: the spec turns Stripe on.
const port = Number(process.env.E2E_PORT ?? 3210) + 111;
const ADMIN = { email: 'beheer-stripe@bakje.test', password: 'Stripe beheer e2e' };
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
  await turnStripeOn(browser);
});
test.afterAll(async () => {
  await server?.stop();
});

/** The owner turns Stripe on in /dashboard/payments (the demo's keys are the simulator's). */
async function turnStripeOn(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await page.goto('/login?redirect=%2Fdashboard%2Fpayments');
  const login = page.getByRole('form', { name: 'Inloggen' });
  await login.getByLabel('Gebruikersnaam of e-mailadres').fill(ADMIN.email);
  await login.getByLabel('Wachtwoord', { exact: true }).fill(ADMIN.password);
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payments$/);
  const form = page.getByRole('form', { name: 'Betaalproviders' });
  const stripe = form.getByRole('group', { name: 'Stripe' });
  await expect(stripe.getByText('Gebruikt de simulator (demo: geen echte betalingen). Ontvangt geen betalingen.')).toBeVisible();
  await stripe.getByLabel('Kaartbetaling via Stripe aanbieden in de webshop').check();
  await form.getByRole('button', { name: 'Providers bewaren' }).click();
  await expect(form.getByText('Betaalproviders bewaard. De wijziging geldt vanaf de volgende betaling.')).toBeVisible();
  await expect(stripe.getByText('Gebruikt de simulator (demo: geen echte betalingen). Ontvangt betalingen.')).toBeVisible();
  await context.close();
}

/** A customer fills the basket and the checkout and chooses Stripe; the card fields are on the page. */
async function checkoutWithStripe(page: Page, clock: string) {
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
  const method = page.getByRole('radio', { name: 'Kaart (Stripe)' });
  await method.check();
  await expect(method).toBeChecked();
  await expect(page.getByTestId('stripe-card').getByLabel('Kaartnummer')).toBeVisible();
}

async function typeCard(page: Page, number: string) {
  const card = page.getByTestId('stripe-card');
  await card.getByLabel('Kaartnummer').fill(number);
  await card.getByLabel('Vervaldatum (MM / JJ)').fill('12 / 34');
  await card.getByLabel('Beveiligingscode (CVC)').fill('123');
}

const orderReceived = /\/(checkout\/order-received|order-summary)\/\d+/;

test('pays by card through Stripe with 4242 4242 4242 4242: the order is paid and being prepared', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  // The page loads Stripe.js from the address the server gives; the policy allows nothing else.
  const csp = (await page.request.get('/checkout')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  await checkoutWithStripe(page, '19:00');
  await typeCard(page, '4242 4242 4242 4242');
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(orderReceived, { timeout: 20_000 });
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByTestId('order-status')).toHaveText('In bereiding');
  // Bakje's own method in the page's language (docs/decisions/0071-age-restricted-products-staff-language.md).
  await expect(summary.getByText('Kredietkaart (Stripe)')).toBeVisible();
  await context.close();
});

test('a declined card (4000 0000 0000 0002) says so and places nothing; then 4242 pays', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  await checkoutWithStripe(page, '19:15');
  await typeCard(page, '4000 0000 0000 0002');
  await page.getByTestId('place-order').click();
  await expect(page.getByText('Je kaart werd geweigerd. Probeer een andere kaart of kies een andere betaalwijze.')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/checkout$/);
  // The same page, another card: paid.
  await typeCard(page, '4242 4242 4242 4242');
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(orderReceived, { timeout: 20_000 });
  await expect(page.getByTestId('order-summary').getByTestId('order-status')).toHaveText('In bereiding');
  await context.close();
});

test('the card fields fit a 390 px phone', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await checkoutWithStripe(page, '19:30');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // Issue 31: right under the chosen method, not below the whole list of methods (sorted by name, Stripe's is not last).
  const placement = await page.getByTestId('stripe-card').evaluate((card) => {
    const block = card.closest('fieldset > *')!;
    const methods = Array.from(block.parentElement!.querySelectorAll('label.payment'));
    return {
      before: block.previousElementSibling?.querySelector('input')?.value,
      methodsAfter: methods.filter((m) => block.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING).length,
    };
  });
  expect(placement.before).toBe('stripe');
  expect(placement.methodsAfter).toBeGreaterThan(0);
  await context.close();
});
