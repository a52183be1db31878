import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support';

// The first admin comes from e2e/playwright.config.ts (BAKJE_ADMIN_EMAIL / BAKJE_ADMIN_PASSWORD).
const ADMIN = { email: 'beheer@bakje.test', password: 'Frituur beheer e2e' };
const run = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const KITCHEN = { email: `keuken-${run}@bakje.test`, firstName: 'Kobe', password: 'Frietketel op 175 graden' };
const MANAGER = { email: `chef-${run}@bakje.test`, firstName: 'Mira', password: 'Stoofvlees van de chef' };

async function fillLogin(page: Page, username: string, password: string) {
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(username);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
}

async function loggedIn(browser: Browser, username: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

async function createStaff(page: Page, person: { email: string; firstName: string; password: string }, role: string) {
  const form = page.getByRole('form', { name: 'Nieuwe medewerker' });
  await form.getByLabel('E-mailadres').fill(person.email);
  await form.getByLabel('Voornaam').fill(person.firstName);
  await form.getByLabel('Achternaam').fill('Test');
  await form.getByLabel('Rol').selectOption({ label: role });
  await form.getByLabel('Wachtwoord', { exact: true }).fill(person.password);
  await form.getByLabel('Bevestig het wachtwoord').fill(person.password);
  await form.getByRole('button', { name: 'Medewerker aanmaken' }).click();
  await expect(form.getByRole('status')).toHaveText(`Account aangemaakt voor ${person.email}.`);
  const row = page.getByRole('row').filter({ hasText: person.email });
  await expect(row).toContainText(role);
  await expect(row).toContainText('Nooit');
}

/** A real REST call with HTTP Basic, as an integration makes it (no cookies). */
async function listProductsWithKey(baseURL: string, key: string, secret: string) {
  const response = await fetch(`${baseURL}/wp-json/wc/v3/products?per_page=5`, {
    headers: { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}` },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

test.describe.serial('dashboard: staff, API keys and the role gate', () => {
  test('the first admin creates a kitchen user and a manager on the staff screen', async ({ page }) => {
    // Not logged in: the staff screen sends to /login, and the login comes back to it.
    await page.goto('/dashboard/staff');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fstaff$/);
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard\/staff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Medewerkers' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toContainText('Beheerder');

    // The admin's navigation lists every page.
    const nav = page.getByRole('navigation', { name: 'Beheermenu' });
    for (const name of ['Keuken', 'Producten', 'Medewerkers', 'API-sleutels', 'Printer', 'Mailbox']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }

    // The password rules, with their messages: too short (checked here), too common (checked by the server).
    const form = page.getByRole('form', { name: 'Nieuwe medewerker' });
    await form.getByLabel('E-mailadres').fill(KITCHEN.email);
    await form.getByLabel('Voornaam').fill(KITCHEN.firstName);
    await form.getByLabel('Wachtwoord', { exact: true }).fill('kort');
    await form.getByLabel('Bevestig het wachtwoord').fill('kort');
    await form.getByRole('button', { name: 'Medewerker aanmaken' }).click();
    await expect(form.getByText('Het wachtwoord moet minstens 8 tekens lang zijn.')).toBeVisible();
    await form.getByLabel('Wachtwoord', { exact: true }).fill('password123');
    await form.getByLabel('Bevestig het wachtwoord').fill('password123');
    await form.getByRole('button', { name: 'Medewerker aanmaken' }).click();
    await expect(form.getByRole('alert')).toHaveText('Dit wachtwoord is te bekend; kies een ander.');
    await expect(page.getByRole('row').filter({ hasText: KITCHEN.email })).toHaveCount(0);

    await createStaff(page, KITCHEN, 'Keuken');
    await createStaff(page, MANAGER, 'Manager');
    await expectNoSeriousA11yViolations(page);
  });

  test('the admin creates an API key, it works with a real REST call, and stops working once revoked', async ({ browser, baseURL }) => {
    const { context, page } = await loggedIn(browser, ADMIN.email, ADMIN.password);
    // /dashboard itself is the kitchen view (another branch); start from the staff screen's navigation.
    await page.goto('/dashboard/staff');
    await page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'API-sleutels' }).click();
    await expect(page).toHaveURL(/\/dashboard\/api-keys$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API-sleutels' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Nieuwe sleutel' });
    const description = `Kassa ${run}`;
    await form.getByLabel('Omschrijving').fill(description);
    await form.getByRole('radio', { name: 'Lezen', exact: true }).check();
    await form.getByRole('button', { name: 'Sleutel aanmaken' }).click();

    const created = page.getByRole('region', { name: `Sleutel aangemaakt: ${description}` });
    await expect(created.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(created.getByRole('alert')).toContainText('Je ziet het geheim hierna nooit meer');
    const key = await created.getByLabel('Consumer key', { exact: true }).inputValue();
    const secret = await created.getByLabel('Consumer secret', { exact: true }).inputValue();
    expect(key).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(secret).toMatch(/^cs_[0-9a-f]{40}$/);
    await expect(created.getByRole('button', { name: 'Consumer secret kopiëren' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const row = page.getByRole('row').filter({ hasText: description });
    await expect(row).toContainText('Lezen');
    await expect(row).toContainText(`…${key.slice(-7)}`);
    await expect(row).toContainText('Actief');

    const allowed = await listProductsWithKey(baseURL!, key, secret);
    expect(allowed.status).toBe(200);
    expect(Array.isArray(allowed.body) && allowed.body.length).toBeGreaterThan(0);

    // The secret is gone for good once the panel is closed.
    await created.getByRole('button', { name: 'Ik heb ze bewaard' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.reload();
    await expect(row).toContainText('Actief');

    // Keyboard: Enter opens the confirmation, Escape closes it without revoking.
    await row.getByRole('button', { name: `Sleutel ${description} intrekken` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sleutel intrekken?' });
    await expect(dialog).toContainText(description);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Actief');
    await row.getByRole('button', { name: `Sleutel ${description} intrekken` }).click();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Ja, intrekken' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Ingetrokken op');
    await expect(row.getByRole('button', { name: /intrekken/ })).toHaveCount(0);

    const refused = await listProductsWithKey(baseURL!, key, secret);
    expect(refused.status).toBe(401);
    await context.close();
  });

  test('the kitchen user gets the not-allowed page for product management; the API answers 403', async ({ browser }) => {
    const { context, page } = await loggedIn(browser, KITCHEN.email, KITCHEN.password);
    const nav = page.getByRole('navigation', { name: 'Beheermenu' });
    await page.goto('/dashboard/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Niet toegestaan voor jouw rol' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Je rol (Keuken) laat deze pagina niet toe.');
    await expect(nav.getByRole('link', { name: 'Keuken' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Printer' })).toBeVisible();
    for (const name of ['Producten', 'Medewerkers', 'API-sleutels', 'Mailbox']) await expect(nav.getByRole('link', { name })).toHaveCount(0);
    expect((await context.request.get('/api/dashboard/products')).status()).toBe(403);
    await expectNoSeriousA11yViolations(page);

    await page.goto('/dashboard/api-keys');
    await expect(page.getByRole('heading', { level: 1, name: 'Niet toegestaan voor jouw rol' })).toBeVisible();
    // Staff screens follow the account's own language (docs/decisions/0071-age-restricted-products-staff-language.md).
    await page.getByTestId('staff-language').selectOption('fr');
    await expect(page.getByRole('alert')).toContainText('Votre rôle (Cuisine) ne permet pas');
    // Back to Dutch: other tests log in as this account.
    await page.getByTestId('staff-language').selectOption('nl');
    await expect(page.getByRole('alert')).toContainText('Je rol (Keuken) laat deze pagina niet toe.');
    await context.close();
  });

  test('the manager sees the product list, but not the staff screen', async ({ browser }) => {
    const { context, page } = await loggedIn(browser, MANAGER.email, MANAGER.password);
    await page.goto('/dashboard/api-keys');
    await expect(page.getByRole('heading', { level: 1, name: 'Niet toegestaan voor jouw rol' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'Producten' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Productbeheer' })).toBeVisible();
    const frikandel = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Frikandel', exact: true }) });
    await expect(frikandel).toContainText('€');
    await expect(frikandel).toContainText('Gepubliceerd');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/dashboard/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Niet toegestaan voor jouw rol' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Je rol (Manager) laat deze pagina niet toe.');
    await context.close();
  });

  test("the admin ends the kitchen user's sessions after confirming; the kitchen browser is logged out", async ({ browser }) => {
    const kitchen = await loggedIn(browser, KITCHEN.email, KITCHEN.password);
    const admin = await loggedIn(browser, ADMIN.email, ADMIN.password);
    await admin.page.goto('/dashboard/staff');
    const row = admin.page.getByRole('row').filter({ hasText: KITCHEN.email });
    await expect(row).not.toContainText('Nooit');
    await row.getByRole('button', { name: `Sessies van ${KITCHEN.email} beëindigen` }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Sessies beëindigen?' });
    await expect(dialog).toContainText(`${KITCHEN.email} wordt meteen uitgelogd`);
    // Cancelling changes nothing.
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(dialog).toBeHidden();
    await kitchen.page.goto('/dashboard/printer');
    await expect(kitchen.page.getByRole('heading', { level: 1, name: 'Virtuele printer' })).toBeVisible();

    await row.getByRole('button', { name: `Sessies van ${KITCHEN.email} beëindigen` }).click();
    await dialog.getByRole('button', { name: 'Ja, overal uitloggen' }).click();
    await expect(admin.page.getByRole('status').filter({ hasText: `van ${KITCHEN.email} beëindigd` })).toBeVisible();
    await expect(row.getByRole('cell').nth(4)).toHaveText('0');

    await kitchen.page.goto('/dashboard/products');
    await expect(kitchen.page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fproducts$/);
    await kitchen.context.close();
    await admin.context.close();
  });

  test('a customer gets no access, a guest is sent to the login', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const registered = await context.request.post('/graphql', {
      data: {
        query: `mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { customer { databaseId } } }`,
        variables: { input: { email: `klant-${run}@example.be`, password: 'Mosselen met friet', firstName: 'Kim' } },
      },
    });
    expect((await registered.json()).errors).toBeUndefined();
    for (const path of ['/dashboard/products', '/dashboard/staff', '/dashboard/api-keys']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
    }
    await expect(page.getByRole('alert')).toContainText('alleen voor medewerkers');
    expect((await context.request.get('/api/dashboard/products')).status()).toBe(401);
    await expectNoSeriousA11yViolations(page);
    // The same page in French and English.
    for (const [locale, title] of [
      ['fr-FR', 'Accès refusé'],
      ['en-US', 'No access'],
    ] as const) {
      await context.addCookies([{ name: 'bakje-locale', value: locale, url: page.url() }]);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
    await context.close();

    const guest = await browser.newPage();
    await guest.goto('/dashboard/products');
    await expect(guest).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fproducts$/);
    await guest.close();
  });
});
