import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support';

const PASSWORD = 'Stoofvlees met frietjes';
const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.be`;

const loginForm = (page: Page) => page.getByRole('form', { name: 'Inloggen' });
const registerForm = (page: Page) => page.getByRole('form', { name: 'Registreren' });

async function register(page: Page, email: string, firstName = 'An') {
  await page.goto('/login');
  const form = registerForm(page);
  await form.getByLabel('E-mailadres').fill(email);
  await form.getByLabel('Voornaam').fill(firstName);
  await form.getByLabel('Achternaam').fill('Peeters');
  await form.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Bevestig het wachtwoord').fill(PASSWORD);
  await form.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.locator('#main').getByText(`Welkom, ${firstName}!`)).toBeVisible();
}

async function login(page: Page, username: string, password: string) {
  await page.goto('/login');
  const form = loginForm(page);
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(username);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
}

async function logout(page: Page) {
  await page.locator('#main').getByRole('button', { name: 'Uitloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Places a cash takeaway order as this browser (the checkout screen is another issue's work). */
async function placeOrder(context: BrowserContext) {
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
  const products = await call(`{ products(first: 100) { nodes { databaseId type addons { required } ... on SimpleProduct { stockStatus } } } }`);
  const product = products.products.nodes.find(
    (p: { type: string; stockStatus?: string; addons: { required: boolean }[] }) =>
      p.type === 'SIMPLE' && p.stockStatus === 'IN_STOCK' && !p.addons.some((a) => a.required),
  );
  await call(`mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 1}) { cart { isEmpty } } }`, { id: product.databaseId });
  const days = await call(`{ orderingDays(type: TAKEAWAY, count: 7) { date hasSlots } }`);
  const day = days.orderingDays.find((d: { hasSlots: boolean }) => d.hasSlots);
  const slots = await call(`query($d: String!) { availableTimeSlots(type: TAKEAWAY, date: $d) { id isFullyBooked } }`, { d: day.date });
  const slot = slots.availableTimeSlots.find((s: { isFullyBooked: boolean }) => !s.isFullyBooked);
  const result = await call(`mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId } } }`, {
    input: {
      billing: { firstName: 'An', lastName: 'Peeters', phone: '0470 12 34 56' },
      metaData: [
        { key: 'fulfilment_type', value: 'takeaway' },
        { key: 'time_slot', value: slot.id },
      ],
    },
  });
  return result.checkout.order.databaseId as number;
}

test('register, log out, log in, and see an order in the history', async ({ page, context }) => {
  const email = uniqueEmail('an');
  await register(page, email);
  await expectNoSeriousA11yViolations(page);
  await logout(page);

  // Wrong password first: the message of docs/product.md §8, in Dutch.
  await login(page, email, 'niet mijn wachtwoord');
  await expect(page.getByRole('alert')).toHaveText('Onjuist wachtwoord; probeer opnieuw.');
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/my-account$/);

  const orderId = await placeOrder(context);
  await page.goto('/my-account?tab=orders');
  await expect(page).toHaveTitle(/^Mijn bestellingen/);
  const row = page.getByTestId('account-order');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`#${orderId}`);
  // The summary's name for the status and the one money format: "€ 2,50", never "€ 2.50" (issue 17).
  await expect(row).toContainText('In bereiding');
  await expect(row).toContainText(/€\s\d+,\d{2}/);
  await expect(row).not.toContainText(/€\s?\d+\.\d{2}/);
  await expectNoSeriousA11yViolations(page);
});

test('lost password: the reset mail arrives in the local mailbox and its link sets a new password', async ({ page, browser }) => {
  const email = uniqueEmail('bert');
  await register(page, email, 'Bert');
  await logout(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page).toHaveURL(/\/my-account\/lost-password$/);
  await page.getByLabel('Gebruikersnaam of e-mailadres').fill(email);
  await page.getByRole('button', { name: 'Wachtwoord opnieuw instellen' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('herstellink');

  // The mailbox holds reset links, so only staff may read it: the admin logs in and lands on the dashboard.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, 'beheer@bakje.test', 'Frituur beheer e2e');
  await expect(admin).toHaveURL(/\/dashboard/);
  let link = '';
  await expect(async () => {
    await admin.goto('/dashboard/mailbox');
    const mail = admin.locator('article', { hasText: email }).first();
    await expect(mail).toBeVisible();
    link = (await mail.getByRole('link').first().getAttribute('href')) ?? '';
    expect(link).toContain('/my-account/reset-password?key=');
  }).toPass({ timeout: 20_000 });
  // A proper staff page in the staff language (issue 17): the old address leads there.
  await admin.goto('/dev/mailbox');
  await expect(admin).toHaveURL(/\/dashboard\/mailbox$/);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('Lokale mailbox');
  await expect(admin.getByRole('link', { name: 'Mailbox' })).toHaveAttribute('aria-current', 'page');
  await adminContext.close();
  // Anonymous visitors are asked to log in instead of getting raw JSON.
  await page.goto('/dev/mailbox');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fmailbox$/);

  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('Nieuw wachtwoord').fill('Nieuw wachtwoord voor Bert');
  await page.getByLabel('Bevestig het wachtwoord').fill('Iets anders');
  await page.getByRole('button', { name: 'Nieuw wachtwoord opslaan' }).click();
  await expect(page.getByText('De wachtwoorden komen niet overeen.')).toBeVisible();
  await page.getByLabel('Bevestig het wachtwoord').fill('Nieuw wachtwoord voor Bert');
  await page.getByRole('button', { name: 'Nieuw wachtwoord opslaan' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Je wachtwoord is gewijzigd');

  await login(page, email, 'Nieuw wachtwoord voor Bert');
  await expect(page).toHaveURL(/\/my-account$/);
});

test('change password and update the address', async ({ page }) => {
  const email = uniqueEmail('carla');
  await register(page, email, 'Carla');

  await page.getByRole('link', { name: 'Adressen' }).click();
  const billing = page.getByRole('form', { name: 'Factuuradres' });
  await billing.getByLabel('Straat en huisnummer').fill('Korenmarkt 1');
  await billing.getByLabel('Postcode').fill('9000');
  await billing.getByLabel('Gemeente').fill('Gent');
  await billing.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(billing.getByRole('status')).toHaveText('Je account is bijgewerkt.');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Factuuradres' }).getByLabel('Gemeente')).toHaveValue('Gent');

  await page.getByRole('link', { name: 'Wachtwoord', exact: true }).click();
  // The current password is asked for first (issue 17).
  await page.getByLabel('Nieuw wachtwoord').fill('Carla haar nieuwe wachtwoord');
  await page.getByLabel('Bevestig het wachtwoord').fill('Carla haar nieuwe wachtwoord');
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByText('Vul je huidige wachtwoord in.').first()).toBeVisible();
  await page.getByLabel('Huidig wachtwoord').fill('niet het mijne');
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByText('Het huidige wachtwoord klopt niet.').first()).toBeVisible();
  await page.getByLabel('Huidig wachtwoord').fill(PASSWORD);
  await page.getByLabel('Nieuw wachtwoord').fill('password');
  await page.getByLabel('Bevestig het wachtwoord').fill('password');
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByRole('alert')).toHaveText('Dit wachtwoord is te bekend; kies een ander.');
  await page.getByLabel('Nieuw wachtwoord').fill('Carla haar nieuwe wachtwoord');
  await page.getByLabel('Bevestig het wachtwoord').fill('Carla haar nieuwe wachtwoord');
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Je account is bijgewerkt.');
  await expectNoSeriousA11yViolations(page);

  await logout(page);
  await login(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Onjuist wachtwoord; probeer opnieuw.');
  await login(page, email, 'Carla haar nieuwe wachtwoord');
  await expect(page).toHaveURL(/\/my-account$/);
});

async function simpleProduct(context: BrowserContext) {
  // Logged in: every POST carries the CSRF token, as the web app sends it.
  const csrf = (await context.cookies()).find((c) => c.name === 'bakje_csrf')?.value ?? '';
  const response = await context.request.post('/graphql', {
    headers: { 'x-csrf-token': csrf },
    data: { query: `{ products(first: 100) { nodes { databaseId slug name type addons { required } ... on SimpleProduct { stockStatus } } } }` },
  });
  const body = await response.json();
  return body.data.products.nodes.find(
    (p: { type: string; stockStatus?: string; addons: { required: boolean }[] }) =>
      p.type === 'SIMPLE' && p.stockStatus === 'IN_STOCK' && !p.addons.some((a) => a.required),
  ) as { databaseId: number; slug: string; name: string };
}

test('wishlist to cart, and a written review shows on the product page', async ({ page, context }) => {
  const email = uniqueEmail('dirk');
  await register(page, email, 'Dirk');
  const product = await simpleProduct(context);

  await page.goto(`/product/${product.slug}`);
  await page.getByRole('button', { name: 'Op mijn verlanglijst' }).click();
  await expect(page.getByRole('button', { name: 'Op je verlanglijst gezet' })).toBeDisabled();

  await page.goto('/my-account?tab=wishlist');
  await expect(page.getByRole('link', { name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'In winkelmandje' }).click();
  await expect(page.getByText('Het product zit in je winkelmandje.')).toBeVisible();
  await expect(page.getByText('Je verlanglijst is leeg.')).toBeVisible();
  const csrf = (await context.cookies()).find((c) => c.name === 'bakje_csrf')?.value ?? '';
  const cart = await (
    await context.request.post('/graphql', { data: { query: '{ cart { contents { itemCount } } }' }, headers: { 'x-csrf-token': csrf } })
  ).json();
  expect(cart.data.cart.contents.itemCount).toBe(1);
  // A verified buyer's review is published at once (the shop's default); anyone else's waits for moderation.
  await placeOrder(context);

  await page.goto(`/product/${product.slug}`);
  const form = page.getByRole('form', { name: 'Schrijf een beoordeling' });
  await form.getByRole('button', { name: 'Beoordeling versturen' }).click();
  await expect(form.getByText('Dit veld is verplicht').first()).toBeVisible();
  await form.getByLabel('4 sterren').check();
  await form.getByLabel('Je beoordeling').fill('Lekker krokant, vlot geholpen.');
  await form.getByRole('button', { name: 'Beoordeling versturen' }).click();
  await expect(page.getByText('Bedankt voor je beoordeling!')).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.locator('#reviews').getByText('Lekker krokant, vlot geholpen.')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('#reviews').getByText('Dirk Peeters')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
