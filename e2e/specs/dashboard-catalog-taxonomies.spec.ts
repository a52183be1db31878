import { expect, test, type Page } from '@playwright/test';
import { allProducts, expectNoSeriousA11yViolations, gql, setLocaleCookie, type Locale } from './support';

// The first admin comes from e2e/playwright.config.ts (BAKJE_ADMIN_EMAIL / BAKJE_ADMIN_PASSWORD).
const ADMIN = { email: 'beheer@bakje.test', password: 'Frituur beheer e2e' };
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const MANAGER = { email: `menu-${run}@bakje.test`, firstName: 'Mona', lastName: 'Menu', password: 'Het menu van de frituur', role: 'manager' };
const CATEGORY = { nl: `Stoofpotjes ${run}`, fr: `Mijotés ${run}`, en: `Stews ${run}` };
const ADDON = { nl: `Topping ${run}`, fr: `Garniture ${run}`, en: `Topping EN ${run}` };
const FIELD = { nl: `Kies je topping ${run}`, fr: `Choisissez votre garniture ${run}`, en: `Pick your topping ${run}` };
const OPTION = { nl: `Slagroom ${run}`, fr: `Chantilly ${run}`, en: `Whipped cream ${run}` };
const SECOND = { nl: `Chocoladesaus ${run}`, fr: `Sauce chocolat ${run}`, en: `Chocolate sauce ${run}` };

async function fillLogin(page: Page, username: string, password: string) {
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(username);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
}

test('a manager creates a category and a global add-on with options and allergens; the shop shows them in nl, fr and en', async ({
  browser,
  baseURL,
  request,
}) => {
  // The admin makes a manager (staff REST with the login cookie and CSRF token).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await fillLogin(admin, ADMIN.email, ADMIN.password);
  await expect(admin).toHaveURL(/\/dashboard$/);
  const csrf = (await adminContext.cookies()).find((c) => c.name === 'bakje_csrf')!.value;
  const created = await admin.request.post('/api/staff/users', { data: MANAGER, headers: { 'x-csrf-token': csrf } });
  expect(created.status()).toBe(201);
  await adminContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/dashboard/catalog/categories');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillLogin(page, MANAGER.email, MANAGER.password);
  await expect(page).toHaveURL(/\/dashboard\/catalog\/categories$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Categorieën' })).toBeVisible();
  // The excluded slug `opties` is listed, marked.
  await expect(page.getByTestId('category-row').filter({ hasText: 'opties' })).toContainText('Niet in de lijsten');

  // A new category in three languages.
  await page.getByRole('button', { name: 'Categorie toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Categorie toevoegen' });
  await dialog.getByRole('button', { name: 'Bewaren' }).click();
  await expect(dialog.getByText('Dit veld is verplicht')).toBeVisible();
  await dialog.getByLabel('Naam (Nederlands)', { exact: false }).fill(CATEGORY.nl);
  await dialog.getByLabel('Naam (Frans)', { exact: false }).fill(CATEGORY.fr);
  await dialog.getByLabel('Naam (Engels)', { exact: false }).fill(CATEGORY.en);
  // Closing with unsaved work asks first; keep editing.
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Verder bewerken' }).click();
  await dialog.getByRole('button', { name: 'Bewaren' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${CATEGORY.nl} is bewaard.` })).toBeVisible();
  const row = page.getByTestId('category-row').filter({ hasText: CATEGORY.nl });
  await expect(row).toBeVisible();

  // Reorder with the keyboard-reachable buttons: one place up.
  const before = await page.getByTestId('category-row').allTextContents();
  const at = before.findIndex((text) => text.includes(CATEGORY.nl));
  await row.getByRole('button', { name: `${CATEGORY.nl} hoger zetten` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Volgorde bewaard.' })).toBeVisible();
  await expect.poll(async () => (await page.getByTestId('category-row').allTextContents()).findIndex((text) => text.includes(CATEGORY.nl))).toBe(at - 1);
  // And back down by dragging it onto the row below.
  await row.dragTo(page.getByTestId('category-row').nth(at));
  await expect.poll(async () => (await page.getByTestId('category-row').allTextContents()).findIndex((text) => text.includes(CATEGORY.nl))).toBe(at);
  await expectNoSeriousA11yViolations(page, 'main');

  // The shop's API (no staff cookie) has the category's three names at once.
  const slug = `stoofpotjes-${run}`;
  const category = await gql<{ productCategory: { name: string; englishTitle: string; frenchTitle: string } | null }>(
    request,
    `query($slug: ID!) { productCategory(id: $slug, idType: SLUG) { name englishTitle frenchTitle } }`,
    { slug },
  );
  expect(category.productCategory).toEqual({ name: CATEGORY.nl, englishTitle: CATEGORY.en, frenchTitle: CATEGORY.fr });

  // A global add-on for the new category and the desserts: one field with two options, prices and allergens.
  await page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'Globale opties', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Globale opties' })).toBeVisible();
  await page.getByRole('button', { name: 'Globale optie toevoegen' }).click();
  const editor = page.getByRole('dialog', { name: 'Globale optie toevoegen' });
  await editor.getByLabel('Naam (Nederlands)').fill(ADDON.nl);
  await editor.getByLabel('Naam (Frans)').fill(ADDON.fr);
  await editor.getByLabel('Naam (Engels)').fill(ADDON.en);
  await editor.getByLabel(CATEGORY.nl, { exact: true }).check();
  await editor.getByLabel('Desserts', { exact: true }).check();
  await editor.getByRole('button', { name: 'Veld toevoegen' }).click();
  const field = editor.getByRole('group', { name: 'Veld 1' });
  await field.getByLabel('Veldnaam (Nederlands)').fill(FIELD.nl);
  await field.getByLabel('Veldnaam (Frans)').fill(FIELD.fr);
  await field.getByLabel('Veldnaam (Engels)').fill(FIELD.en);
  await field.getByLabel('Soort veld').selectOption({ label: 'Meerdere keuzes' });
  const first = field.getByRole('group', { name: 'Keuze 1' });
  await first.getByLabel('Keuze (Nederlands)').fill(OPTION.nl);
  await first.getByLabel('Keuze (Frans)').fill(OPTION.fr);
  await first.getByLabel('Keuze (Engels)').fill(OPTION.en);
  await first.getByLabel('Prijs (€)').fill('-1');
  await first.getByText('Allergenen').click();
  await first.getByLabel('Melk', { exact: true }).check();
  await field.getByRole('button', { name: 'Keuze toevoegen' }).click();
  const second = field.getByRole('group', { name: 'Keuze 2' });
  await second.getByLabel('Keuze (Nederlands)').fill(SECOND.nl);
  await second.getByLabel('Keuze (Frans)').fill(SECOND.fr);
  await second.getByLabel('Keuze (Engels)').fill(SECOND.en);
  // A second field switched to a heading: its (empty) option goes, so it does not block saving.
  await editor.getByRole('button', { name: 'Veld toevoegen' }).click();
  const heading = editor.getByRole('group', { name: 'Veld 2' });
  await heading.getByLabel('Veldnaam (Nederlands)').fill(`Extra ${run}`);
  await heading.getByLabel('Soort veld').selectOption({ label: 'Tussentitel' });
  await expect(heading.getByRole('group', { name: 'Keuze 1' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await editor.getByRole('button', { name: 'Bewaren' }).click();
  // A negative price is refused at the field.
  await expect(first.getByText('Een prijs zoals 0,50 (niet negatief).')).toBeVisible();
  await first.getByLabel('Prijs (€)').fill('0,75');
  await editor.getByRole('button', { name: 'Bewaren' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${ADDON.nl} is bewaard.` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: ADDON.nl })).toContainText(CATEGORY.nl);

  // The shop offers it on a dessert, in the three languages.
  const products = await allProducts(request, 'en_US');
  const dessert = products.find((p) => p.productCategories.nodes.some((c) => c.slug === 'desserts') && p.addons.some((a) => a.name === FIELD.en));
  expect(dessert, 'a dessert with the new add-on').toBeTruthy();
  const texts: Record<Locale, { field: string; option: string; second: string }> = {
    nl_BE: { field: FIELD.nl, option: OPTION.nl, second: SECOND.nl },
    fr_FR: { field: FIELD.fr, option: OPTION.fr, second: SECOND.fr },
    en_US: { field: FIELD.en, option: OPTION.en, second: SECOND.en },
  };
  const shop = await browser.newContext();
  const customer = await shop.newPage();
  for (const [locale, text] of Object.entries(texts) as [Locale, (typeof texts)[Locale]][]) {
    await setLocaleCookie(customer, baseURL, locale);
    await customer.goto(`/product/${dessert!.slug}`);
    const group = customer.getByRole('group', { name: new RegExp(text.field) });
    await expect(group).toBeVisible();
    await expect(group.getByRole('checkbox', { name: new RegExp(text.option) })).toBeVisible();
    await expect(group.getByRole('checkbox', { name: new RegExp(text.second) })).toBeVisible();
    if (locale === 'en_US') await expect(group).toContainText('+€0.75');
  }
  await shop.close();

  // Usable at 390 px: no page-wide sideways scrolling on the three screens.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/dashboard/catalog/categories', '/dashboard/catalog/allergens', '/dashboard/catalog/add-ons']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /bewerken$/ }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }

  // Clean up, so other specs see the demo menu as it was.
  await page.getByRole('button', { name: `${ADDON.nl} verwijderen` }).click();
  await page.getByRole('dialog', { name: 'Globale optie verwijderen?' }).getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${ADDON.nl} is verwijderd.` })).toBeVisible();
  await context.close();
});
