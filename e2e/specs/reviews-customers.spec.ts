import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Its own server and database (E2E_PORT + 118), open all day, so today's figures are exactly this spec's orders.
const port = Number(process.env.E2E_PORT ?? 3210) + 118;
const ADMIN = { email: 'beheer-klanten@bakje.test', password: 'Klanten beheer e2e' };
const PASSWORD = 'Stoofvlees met frietjes';
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  // Its orders are placed on the simulators (test mode): count them as a live shop's in the figures (decision 0070).
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password, BAKJE_TEST_ORDERS_LIVE: 'true' });
});
test.afterAll(async () => {
  await server?.stop();
});

async function simpleProduct(context: BrowserContext) {
  const csrf = (await context.cookies()).find((c) => c.name === 'bakje_csrf')?.value ?? '';
  const response = await context.request.post('/graphql', {
    headers: { 'x-csrf-token': csrf },
    data: { query: `{ products(first: 100) { nodes { databaseId slug name type addons { required } ... on SimpleProduct { stockStatus } } } }` },
  });
  const nodes = (await response.json()).data.products.nodes as {
    databaseId: number;
    slug: string;
    name: string;
    type: string;
    stockStatus?: string;
    addons: { required: boolean }[];
  }[];
  return nodes.find((p) => p.type === 'SIMPLE' && p.stockStatus === 'IN_STOCK' && !p.addons.some((a) => a.required))!;
}

async function register(page: Page, email: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Registreren' });
  await form.getByLabel('E-mailadres').fill(email);
  await form.getByLabel('Voornaam').fill('Elke');
  await form.getByLabel('Achternaam').fill('Vermeulen');
  await form.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Bevestig het wachtwoord').fill(PASSWORD);
  await form.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
}

/** The logged-in customer places a cash takeaway order (the cart and checkout over GraphQL, as the shop does). */
async function placeOrder(context: BrowserContext, productId: number): Promise<number> {
  const csrf = (await context.cookies()).find((c) => c.name === 'bakje_csrf')?.value ?? '';
  let token = '';
  const call = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await context.request.post('/graphql', {
      data: { query, variables },
      headers: { 'x-csrf-token': csrf, ...(token ? { 'woocommerce-session': `Session ${token}` } : {}) },
    });
    token = response.headers()['woocommerce-session'] ?? token;
    const body = await response.json();
    expect(body.errors ?? []).toEqual([]);
    return body.data;
  };
  await call(`mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 2}) { cart { isEmpty } } }`, { id: productId });
  const days = await call(`{ orderingDays(type: TAKEAWAY, count: 7) { date hasSlots } }`);
  const day = days.orderingDays[0];
  const slots = await call(`query($d: String!) { availableTimeSlots(type: TAKEAWAY, date: $d) { id isFullyBooked } }`, { d: day.date });
  const slot = slots.availableTimeSlots.find((s: { isFullyBooked: boolean }) => !s.isFullyBooked);
  const result = await call(`mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId } } }`, {
    input: {
      billing: { firstName: 'Elke', lastName: 'Vermeulen', phone: '0471 98 76 54', address1: 'Kouter 7', city: 'Gent', postcode: '9000' },
      metaData: [
        { key: 'fulfilment_type', value: 'takeaway' },
        { key: 'time_slot', value: slot.id },
      ],
    },
  });
  return result.checkout.order.databaseId as number;
}

test('a guest review waits, is approved with a reply in the dashboard, and shows on the product page', async ({ browser }) => {
  const guest = await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 } });
  const page = await guest.newPage();
  const product = await simpleProduct(guest);
  await page.goto(`/product/${product.slug}`);
  const form = page.getByRole('form', { name: 'Schrijf een beoordeling' });
  await form.getByLabel('5 sterren').check();
  await form.getByLabel('Naam').fill('Gast Gerda');
  await form.getByLabel('E-mailadres').fill('gerda@example.be');
  await form.getByLabel('Je beoordeling').fill('De beste frietjes van Gent.');
  await form.getByRole('button', { name: 'Beoordeling versturen' }).click();
  await expect(page.getByText('Bedankt! Je beoordeling verschijnt nadat we ze hebben nagekeken.')).toBeVisible();
  await page.reload();
  await expect(page.locator('#reviews').getByText('De beste frietjes van Gent.')).toHaveCount(0);

  const staff = await server.openAs(browser, ADMIN, '/dashboard/reviews', 390);
  await expect(staff.getByRole('heading', { level: 1, name: 'Beoordelingen' })).toBeVisible();
  await expect(staff.getByRole('tab', { name: /Te beoordelen/ })).toHaveAttribute('aria-selected', 'true');
  const row = staff.getByTestId('review-row').filter({ hasText: 'De beste frietjes van Gent.' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('gerda@example.be');
  await row.getByRole('button', { name: 'Antwoorden' }).click();
  await row.getByLabel('Antwoord van de zaak').fill('Merci Gerda, tot snel!');
  await row.getByRole('button', { name: 'Antwoord bewaren' }).click();
  await expect(row.getByText('Merci Gerda, tot snel!')).toBeVisible();
  await row.getByRole('button', { name: 'Publiceren' }).click();
  await expect(staff.getByText('Beoordeling gepubliceerd')).toBeVisible();
  await expect(staff.getByText('Geen beoordelingen die wachten.')).toBeVisible();
  await staff.getByRole('tab', { name: /Gepubliceerd/ }).click();
  await expect(staff.getByTestId('review-row').filter({ hasText: 'De beste frietjes van Gent.' })).toBeVisible();
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(staff);

  await expect(async () => {
    await page.reload();
    await expect(page.locator('#reviews').getByText('De beste frietjes van Gent.')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('#reviews').getByText('Gast Gerda')).toBeVisible();
  await expect(page.locator('#reviews').getByText('Merci Gerda, tot snel!')).toBeVisible();
  await guest.close();
  await staff.context().close();
});

test("a customer downloads their data and asks for erasure; staff confirm; the order stays in the day's figures without the personal data", async ({
  browser,
}) => {
  const email = `elke-${Date.now()}@example.be`;
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const page = await context.newPage();
  await register(page, email);
  const product = await simpleProduct(context);
  const orderId = await placeOrder(context, product.databaseId);

  await page.goto('/my-account?tab=privacy');
  await expect(page.getByRole('heading', { level: 2, name: 'Privacy' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download mijn gegevens (JSON)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(data.profile).toMatchObject({ email, firstName: 'Elke', lastName: 'Vermeulen' });
  expect(data.orders).toEqual([expect.objectContaining({ id: orderId, billing: expect.objectContaining({ lastName: 'Vermeulen', phone: '0471 98 76 54' }) })]);
  expect(data).toHaveProperty('reviews');
  expect(data).toHaveProperty('wishlist');

  await page.getByRole('button', { name: 'Vraag om mijn gegevens te wissen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Je gegevens laten wissen?' });
  await dialog.getByRole('button', { name: 'Vraag om mijn gegevens te wissen' }).click();
  await expect(page.getByText(/Je vroeg op .* om je gegevens te wissen/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const staff = await server.openAs(browser, ADMIN, '/dashboard/figures', 390);
  await expect(staff.getByTestId('figures-orders')).toHaveText('1');
  const gross = await staff.getByTestId('figures-gross').innerText();

  await staff.goto('/dashboard/customers');
  const request = staff.getByTestId('erasure-request').filter({ hasText: email });
  await expect(request).toBeVisible();
  // The customer's page: order history, total spent, a staff note.
  await request.getByRole('link', { name: 'Elke Vermeulen' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Elke Vermeulen' })).toBeVisible();
  await expect(staff.getByTestId('customer-total-spent')).toContainText('1 betaalde bestelling');
  await expect(staff.getByRole('row', { name: new RegExp(product.name) })).toBeVisible();
  await staff.getByLabel('Nieuwe notitie').fill('Vraagt altijd extra mayonaise.');
  await staff.getByRole('button', { name: 'Notitie toevoegen' }).click();
  await expect(staff.getByTestId('customer-note')).toContainText('Vraagt altijd extra mayonaise.');
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(staff);
  await staff.getByRole('link', { name: 'Naar alle klanten' }).click();
  await request.getByRole('button', { name: 'Wissen bevestigen' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Gegevens van deze klant wissen?' });
  await expect(confirm).toContainText(email);
  await confirm.getByRole('button', { name: 'Wissen bevestigen' }).click();
  await expect(staff.getByText('Gegevens gewist; 1 bestelling geanonimiseerd')).toBeVisible();
  await expect(staff.getByText('Geen openstaande verzoeken.')).toBeVisible();
  await expect(staff.getByText(email)).toHaveCount(0);
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(staff);

  // The order is still in today's figures, the same amount; its personal data is gone.
  await staff.goto('/dashboard/figures');
  await expect(staff.getByTestId('figures-orders')).toHaveText('1');
  await expect(staff.getByTestId('figures-gross')).toHaveText(gross);
  const order = await (await staff.request.get(`/api/orders/${orderId}`)).text();
  expect(order).toContain('Anonymised');
  expect(order).not.toMatch(/Vermeulen|Elke|0471 98 76 54|Kouter|elke-/);

  // The customer's session ended with the account.
  await page.goto('/my-account');
  await expect(page.getByRole('form', { name: 'Inloggen' })).toBeVisible();
  await context.close();
  await staff.context().close();
});
