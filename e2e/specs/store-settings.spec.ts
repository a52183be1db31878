import { expect, test, type Browser, type Page } from '@playwright/test';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Its own server (E2E_PORT + 104): the spec renames the shop and changes what it shows, which the specs on the
// shared server (looking for the shop's name, the SKU, the legal pages) must not see.
const port = Number(process.env.E2E_PORT ?? 3210) + 104;
const ADMIN = { email: 'beheer-winkel@bakje.test', password: 'Winkelinstellingen beheer e2e' };
const MANAGER = { email: `chef-winkel-${Date.now()}@bakje.test`, password: 'Winkel instellen 42 keer' };
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
// Each test logs in, saves and follows the shop in a second browser: more steps than the default 45 s allow.
test.slow();
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
  await server.addStaffUser(ADMIN, { ...MANAGER, role: 'manager' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Opens a dashboard page as the manager, through the login page and back. */
async function openAsManager(browser: Browser, path: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(MANAGER.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(MANAGER.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  return page;
}

/** A shop visitor's page in its own context (own session, own language cookie). */
async function visitor(browser: Browser, locale: 'nl_BE' | 'fr_FR' = 'nl_BE'): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.base, locale: locale.replace('_', '-') });
  await context.addCookies([{ name: 'bakje-locale', value: locale, url: server.base }]);
  return context.newPage();
}

async function productWithSku(): Promise<{ slug: string; sku: string }> {
  const response = await fetch(`${server.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `{ products(first: 200) { nodes { slug sku } } }` }),
  });
  const body = (await response.json()) as { data: { products: { nodes: { slug: string; sku: string | null }[] } } };
  const product = body.data.products.nodes.find((p) => p.sku);
  if (!product?.sku) throw new Error('no demo product with a SKU');
  return { slug: product.slug, sku: product.sku };
}

test('the dashboard home shows a new shop what is left to set up, linking to each step', async ({ browser }) => {
  const page = await openAsManager(browser, '/dashboard');
  const checklist = page.getByTestId('setup-checklist');
  await expect(checklist.getByRole('heading', { name: 'Je zaak klaarmaken' })).toBeVisible();
  // The demo shop has its menu, hours and slots, but no VAT number yet.
  await expect(page.getByTestId('setup-step-identity')).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('setup-step-identity')).toContainText('Het btw-nummer ontbreekt.');
  for (const done of ['hours', 'slots', 'menu']) await expect(page.getByTestId(`setup-step-${done}`)).toHaveAttribute('data-done', 'true');
  // The demo takes cards through the payment simulator, which takes no money: the step is left to do and says
  // so (docs/decisions/0070-test-and-live-mode.md), and links to the payments page.
  await expect(page.getByTestId('setup-step-payments')).toHaveAttribute('data-done', 'false');
  await expect(page.getByTestId('setup-step-payments')).toContainText('simulator');
  await expect(page.getByTestId('setup-step-payments').getByRole('link')).toHaveAttribute('href', '/dashboard/payments');

  await page.getByTestId('setup-step-identity').getByRole('link', { name: 'Instellen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Winkelinstellingen' })).toBeVisible();
  await page.context().close();
});

test('a manager renames the shop and hides the SKU; a bad VAT number is refused at its field; the shop follows', async ({ browser }) => {
  const product = await productWithSku();
  const shop = await visitor(browser);
  await shop.goto(`/product/${product.slug}`);
  await expect(shop.locator('.product__sku')).toContainText(product.sku);

  const page = await openAsManager(browser, '/dashboard/settings');
  await expectNoSeriousA11yViolations(page);
  const name = page.getByLabel('Naam van de zaak');
  const original = await name.inputValue();
  await name.fill('Frituur De Testfriet');
  await page.getByLabel('Btw-nummer').fill('BE 0123.456.748');
  await page.getByLabel('Artikelnummer tonen').uncheck();
  await page.getByLabel('Sorteerkeuze tonen').uncheck();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Geen geldig Belgisch btw-nummer (bv. BE 0123.456.749).')).toBeVisible();
  // Nothing was saved: the shop still has its name.
  await shop.reload();
  await expect(shop.locator('.brand__name')).toHaveText(original);

  await page.getByLabel('Btw-nummer').fill('BE 0123.456.749');
  await page.getByLabel('Adres', { exact: true }).fill('Kerkstraat 12, 9000 Gent');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Opgeslagen.')).toBeVisible();
  await expect(page.getByLabel('Btw-nummer')).toHaveValue('BE0123456749');

  await shop.reload();
  await expect(shop.locator('.brand__name')).toHaveText('Frituur De Testfriet');
  await expect(shop.getByTestId('product-page')).toBeVisible();
  await expect(shop.locator('.product__sku')).toHaveCount(0);
  await shop.goto('/bestellen');
  await expect(shop.getByTestId('result-count')).toContainText(/\d/);
  await expect(shop.locator('select[name="sort"]')).toHaveCount(0);

  // The checklist ticks the identity off.
  await page.getByRole('link', { name: 'Keuken' }).click();
  await expect(page.getByTestId('setup-step-identity')).toHaveAttribute('data-done', 'true');

  // Back as it was (the SKU shown again).
  await page.goto('/dashboard/settings');
  await page.getByLabel('Naam van de zaak').fill(original);
  await page.getByLabel('Artikelnummer tonen').check();
  await page.getByLabel('Sorteerkeuze tonen').check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Opgeslagen.')).toBeVisible();
  await shop.reload();
  await expect(shop.locator('select[name="sort"]')).toBeVisible();
  await shop.goto(`/product/${product.slug}`);
  await expect(shop.locator('.product__sku')).toContainText(product.sku);
  await page.context().close();
  await shop.context().close();
});

test('the privacy policy edited in French shows in French at its route; Dutch keeps the built-in text', async ({ browser }) => {
  const page = await openAsManager(browser, '/dashboard/settings', 390);
  const privacy = page.getByTestId('page-privacy');
  await privacy.getByRole('button', { name: 'Frans' }).click();
  await privacy
    .getByRole('textbox', { name: 'Privacybeleid (FR)' })
    .fill('<h2>Vos données</h2><p>Nous ne gardons que votre numéro de commande.</p><script>alert(1)</script>');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Opgeslagen.')).toBeVisible();
  // Stored sanitized.
  await expect(privacy.getByRole('textbox', { name: 'Privacybeleid (FR)' })).toHaveValue(
    '<h2>Vos données</h2><p>Nous ne gardons que votre numéro de commande.</p>',
  );

  const fr = await visitor(browser, 'fr_FR');
  await fr.goto('/privacy-policy');
  await expect(fr.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
  await expect(fr.getByRole('heading', { level: 2, name: 'Vos données' })).toBeVisible();
  await expect(fr.getByText('Nous ne gardons que votre numéro de commande.')).toBeVisible();

  const nl = await visitor(browser, 'nl_BE');
  await nl.goto('/privacy-policy');
  await expect(nl.getByRole('heading', { level: 1, name: 'Privacybeleid' })).toBeVisible();
  await expect(nl.getByRole('heading', { level: 2, name: 'Welke gegevens' })).toBeVisible();
  await expect(nl.getByText('Nous ne gardons')).toHaveCount(0);
  await page.context().close();
  await fr.context().close();
  await nl.context().close();
});
