import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, gradientPng, setLocaleCookie, waitForShop, type Locale } from './support';

// Issue 12's whole scenario on the shared server: a manager builds a category, a global add-on and a variable
// product with an image in three languages from the dashboard alone; the shop shows it; the kitchen marks an
// add-on option sold out and the open product page and menu board follow within a second.
const ADMIN = { email: 'beheer@bakje.test', password: 'Frituur beheer e2e' };
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const MANAGER = { email: `scenario-${run}@bakje.test`, firstName: 'Sien', lastName: 'Scenario', password: 'Het hele menu in een keer', role: 'manager' };
const COOK = { email: `kok-${run}@bakje.test`, firstName: 'Koen', lastName: 'Kok', password: 'Frieten bakken op 180 graden', role: 'kitchen' };
const CATEGORY = { nl: `Stoofvlees ${run}`, fr: `Carbonnade ${run}`, en: `Beef stew ${run}` };
const PRODUCT = { nl: `Stoofvleesschotel ${run}`, fr: `Assiette carbonnade ${run}`, en: `Stew plate ${run}` };
const FIELD = { nl: `Kies je bijgerecht ${run}`, fr: `Choisissez l'accompagnement ${run}`, en: `Pick a side ${run}` };
const OPTION = { nl: `Appelmoes ${run}`, fr: `Compote ${run}`, en: `Apple sauce ${run}` };
const SECOND = { nl: `Sla ${run}`, fr: `Salade ${run}`, en: `Salad ${run}` };
const SLUG = `stoofvleesschotel-${run}`;

async function logIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
}

async function staffPage(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await logIn(page, who.email, who.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

test('a manager builds a menu item from the dashboard alone; the shop, kitchen and menu board follow', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  // The admin makes a manager and a cook (staff REST with the login cookie and CSRF token).
  const admin = await staffPage(browser, ADMIN);
  const csrf = (await admin.context.cookies()).find((c) => c.name === 'bakje_csrf')!.value;
  for (const user of [MANAGER, COOK]) {
    expect((await admin.page.request.post('/api/staff/users', { data: user, headers: { 'x-csrf-token': csrf } })).status()).toBe(201);
  }
  await admin.context.close();

  const { context, page } = await staffPage(browser, MANAGER);
  const nav = page.getByRole('navigation', { name: 'Beheermenu' });

  // 1. A category in three languages.
  await nav.getByRole('link', { name: 'Categorieën', exact: true }).click();
  await page.getByRole('button', { name: 'Categorie toevoegen' }).click();
  const categoryDialog = page.getByRole('dialog', { name: 'Categorie toevoegen' });
  await categoryDialog.getByLabel('Naam (Nederlands)', { exact: false }).fill(CATEGORY.nl);
  await categoryDialog.getByLabel('Naam (Frans)', { exact: false }).fill(CATEGORY.fr);
  await categoryDialog.getByLabel('Naam (Engels)', { exact: false }).fill(CATEGORY.en);
  await categoryDialog.getByRole('button', { name: 'Bewaren' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${CATEGORY.nl} is bewaard.` })).toBeVisible();

  // 2. A global add-on for that category: one field with two options, in three languages.
  await nav.getByRole('link', { name: 'Globale opties', exact: true }).click();
  await page.getByRole('button', { name: 'Globale optie toevoegen' }).click();
  const addon = page.getByRole('dialog', { name: 'Globale optie toevoegen' });
  await addon.getByLabel('Naam (Nederlands)').fill(`Bijgerechten ${run}`);
  await addon.getByLabel(CATEGORY.nl, { exact: true }).check();
  await addon.getByRole('button', { name: 'Veld toevoegen' }).click();
  const field = addon.getByRole('group', { name: 'Veld 1' });
  await field.getByLabel('Veldnaam (Nederlands)').fill(FIELD.nl);
  await field.getByLabel('Veldnaam (Frans)').fill(FIELD.fr);
  await field.getByLabel('Veldnaam (Engels)').fill(FIELD.en);
  await field.getByLabel('Soort veld').selectOption({ label: 'Meerdere keuzes' });
  for (const [index, option] of [OPTION, SECOND].entries()) {
    if (index > 0) await field.getByRole('button', { name: 'Keuze toevoegen' }).click();
    const group = field.getByRole('group', { name: `Keuze ${index + 1}` });
    await group.getByLabel('Keuze (Nederlands)').fill(option.nl);
    await group.getByLabel('Keuze (Frans)').fill(option.fr);
    await group.getByLabel('Keuze (Engels)').fill(option.en);
    await group.getByLabel('Prijs (€)').fill('0,50');
  }
  await addon.getByRole('button', { name: 'Bewaren' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Bijgerechten ${run} is bewaard.` })).toBeVisible();

  // 3. A variable product in that category, with an image, translations, allergens and a sale price.
  await nav.getByRole('link', { name: 'Producten', exact: true }).click();
  await page.getByRole('link', { name: 'Nieuw product' }).click();
  const form = page.getByRole('form', { name: 'Nieuw product' });
  await form.getByLabel('Naam (NL)').fill(PRODUCT.nl);
  await form.getByLabel('Naam (FR)').fill(PRODUCT.fr);
  await form.getByLabel('Naam (EN)').fill(PRODUCT.en);
  await form.getByLabel('Producttype').selectOption({ label: 'Met variaties' });
  await form.getByRole('button', { name: 'Kenmerk toevoegen' }).click();
  await form.getByLabel('Kenmerk 1', { exact: true }).fill('Portie');
  await form.getByLabel('Opties van kenmerk 1').fill('Normaal, Groot');
  await form.getByRole('button', { name: 'Variaties maken' }).click();
  await form.getByLabel('Prijs van Normaal', { exact: true }).fill('14,50');
  await form.getByLabel('Actieprijs van Normaal').fill('12,90');
  await form.getByLabel('Prijs van Groot', { exact: true }).fill('17,50');
  await form.getByRole('checkbox', { name: CATEGORY.nl, exact: true }).check();
  // The allergens come from the server's list (GET /products/allergens).
  await form.getByRole('checkbox', { name: 'Gluten' }).check();
  await form.getByRole('checkbox', { name: 'Selder' }).check();
  const mainImage = form.getByRole('group', { name: 'Hoofdafbeelding' });
  await mainImage.getByLabel('Alternatieve tekst (wat er op de foto staat)').fill('Stoofvlees met frietjes');
  await mainImage.getByTestId('media-file-input').setInputFiles({ name: 'stoofvlees.png', mimeType: 'image/png', buffer: gradientPng(800, 600) });
  await expect(mainImage.getByRole('img', { name: 'Voorbeeld: Hoofdafbeelding' })).toBeVisible();
  await form.getByRole('button', { name: 'Product opslaan' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: `${PRODUCT.nl} opgeslagen.` })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/products\/\d+$/);
  await expectNoSeriousA11yViolations(page);
  await context.close();

  // 4. The shop shows it in three languages: card with the image and the sale badge, the add-on on its page.
  const shopContext = await browser.newContext();
  const shop = await shopContext.newPage();
  const texts: Record<Locale, { product: string; field: string; option: string }> = {
    nl_BE: { product: PRODUCT.nl, field: FIELD.nl, option: OPTION.nl },
    fr_FR: { product: PRODUCT.fr, field: FIELD.fr, option: OPTION.fr },
    en_US: { product: PRODUCT.en, field: FIELD.en, option: OPTION.en },
  };
  for (const [locale, text] of Object.entries(texts) as [Locale, (typeof texts)[Locale]][]) {
    await setLocaleCookie(shop, baseURL, locale);
    await shop.goto(`/bestellen?search=${encodeURIComponent(text.product)}`);
    await waitForShop(shop);
    const card = shop.getByTestId('product-card').filter({ has: shop.getByRole('heading', { name: text.product, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.locator('.badge--sale')).toBeVisible();
    await expect(card.locator('img').first()).toHaveAttribute('src', /\/media\/u\/[0-9a-f]{32}\//);
    await shop.goto(`/product/${SLUG}`);
    const group = shop.getByRole('group', { name: new RegExp(text.field) });
    await expect(group.getByRole('checkbox', { name: new RegExp(text.option) })).toBeVisible();
  }

  // 5. With the product page (Dutch) and a menu board open, the kitchen marks an option sold out.
  await setLocaleCookie(shop, baseURL, 'nl_BE');
  await shop.goto(`/product/${SLUG}`);
  const option = shop.getByRole('group', { name: new RegExp(FIELD.nl) }).getByRole('checkbox', { name: new RegExp(OPTION.nl) });
  await expect(option).toBeEnabled();
  const boardContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const board = await boardContext.newPage();
  await board.goto('/digital-menu/1');
  await expect(board.getByTestId('digital-menu')).toBeVisible();

  const kitchen = await staffPage(browser, COOK);
  await kitchen.page.getByTestId('kitchen-soldout').click();
  const dialog = kitchen.page.getByRole('dialog', { name: 'Vandaag uitverkocht' });
  await dialog.getByLabel('Zoek een product').fill(PRODUCT.nl);
  const toggle = dialog.getByRole('region', { name: PRODUCT.nl, exact: true }).getByRole('button', { name: new RegExp(`${FIELD.nl}: ${OPTION.nl}$`) });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(option).toBeDisabled({ timeout: 1_000 });
  await expect(board.getByTestId('board-soldout-options')).toContainText(OPTION.nl, { timeout: 1_000 });

  // Available again, so the rest of the run sees the menu as it was.
  await dialog
    .getByTestId('soldout-now')
    .getByRole('button', { name: /Weer beschikbaar/ })
    .click();
  await expect(option).toBeEnabled({ timeout: 1_000 });
  await kitchen.context.close();
  await boardContext.close();
  await shopContext.close();
});
