import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, gradientPng, setLocaleCookie, waitForShop, type Locale } from './support';

// The first admin comes from e2e/playwright.config.ts; the admin creates the manager who runs the menu.
const ADMIN = { email: 'beheer@bakje.test', password: 'Frituur beheer e2e' };
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const MANAGER = { email: `menu-${run}@bakje.test`, password: 'Stoofvlees met frietjes' };
// Names in three languages, unique to this run so the shop's search finds only this product.
const NAME = { nl: `Bicky ${run}`, fr: `Hamburger belge ${run}`, en: `Belgian burger ${run}` };

async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function managerPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, MANAGER.email, MANAGER.password);
  return { context, page };
}

/** The product's card in the shop list, searched by its name in `locale`. */
async function shopCard(page: Page, baseURL: string | undefined, locale: Locale, name: string) {
  await setLocaleCookie(page, baseURL, locale);
  await page.goto(`/bestellen?search=${encodeURIComponent(name)}`);
  await waitForShop(page);
  return page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

test.describe.serial('dashboard: the products list and the product editor', () => {
  let productPath = '';

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/staff');
    const form = page.getByRole('form', { name: 'Nieuwe medewerker' });
    await form.getByLabel('E-mailadres').fill(MANAGER.email);
    await form.getByLabel('Voornaam').fill('Mieke');
    await form.getByLabel('Achternaam').fill('Menu');
    await form.getByLabel('Rol').selectOption({ label: 'Manager' });
    await form.getByLabel('Wachtwoord', { exact: true }).fill(MANAGER.password);
    await form.getByLabel('Bevestig het wachtwoord').fill(MANAGER.password);
    await form.getByRole('button', { name: 'Medewerker aanmaken' }).click();
    await expect(form.getByRole('status')).toHaveText(`Account aangemaakt voor ${MANAGER.email}.`);
    await context.close();
  });

  test('a manager creates a variable product in three languages with allergens and a sale price; the shop shows it', async ({ browser, baseURL }) => {
    const { context, page } = await managerPage(browser);
    await page.goto('/dashboard/products');
    await page.getByRole('link', { name: 'Nieuw product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuw product' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Nieuw product' });

    // Saving an empty form names the missing field and sends nothing.
    await form.getByRole('button', { name: 'Product opslaan' }).click();
    await expect(form.getByLabel('Naam (NL)')).toBeFocused();
    await expect(form.getByText('Dit veld is verplicht').first()).toBeVisible();

    await form.getByLabel('Naam (NL)').fill(NAME.nl);
    await form.getByLabel('Naam (FR)').fill(NAME.fr);
    await form.getByLabel('Naam (EN)').fill(NAME.en);
    await form.getByRole('textbox', { name: 'Korte beschrijving (NL)' }).fill('Met <strong>bickysaus</strong> en uitjes');
    await form.getByRole('textbox', { name: 'Korte beschrijving (FR)' }).fill('Avec sauce bicky et oignons');
    await form.getByRole('textbox', { name: 'Korte beschrijving (EN)' }).fill('With bicky sauce and onions');
    await form.getByLabel('Producttype').selectOption({ label: 'Met variaties' });
    await form.getByRole('button', { name: 'Kenmerk toevoegen' }).click();
    await form.getByLabel('Kenmerk 1', { exact: true }).fill('Maat');
    await form.getByLabel('Opties van kenmerk 1').fill('Klein, Groot');
    await form.getByRole('button', { name: 'Variaties maken' }).click();
    await form.getByLabel('Prijs van Klein', { exact: true }).fill('3,50');
    await form.getByLabel('Actieprijs van Klein').fill('4,00');
    await form.getByLabel('Prijs van Groot', { exact: true }).fill('4,50');
    await form.getByLabel('Actieprijs van Groot').fill('3,90');
    await form.getByRole('checkbox', { name: 'Gluten' }).check();
    await form.getByRole('checkbox', { name: 'Selder' }).check();
    // An upsell, found by searching.
    await form.getByRole('searchbox', { name: 'Producten zoeken voor Upsells' }).fill('frikandel');
    await form.getByRole('button', { name: 'Frikandel toevoegen aan Upsells', exact: true }).click();
    await expect(form.getByRole('button', { name: 'Frikandel verwijderen', exact: true })).toBeVisible();
    // The main image: alt text first, then the file, uploaded through the media library.
    const mainImage = form.getByRole('group', { name: 'Hoofdafbeelding' });
    await mainImage.getByLabel('Alternatieve tekst (wat er op de foto staat)').fill('Een bicky met uitjes');
    await mainImage.getByTestId('media-file-input').setInputFiles({ name: 'bicky.png', mimeType: 'image/png', buffer: gradientPng(640, 480) });
    await expect(mainImage.getByRole('img', { name: 'Voorbeeld: Hoofdafbeelding' })).toBeVisible();
    // Replacing it: an upload on the main image goes into the main image, not the gallery (issue 31).
    const mainPreview = mainImage.getByRole('img', { name: 'Voorbeeld: Hoofdafbeelding' });
    const firstSrc = (await mainPreview.getAttribute('src')) ?? '';
    await mainImage.getByLabel('Alternatieve tekst (wat er op de foto staat)').fill('Een bicky van dichtbij');
    await mainImage.getByTestId('media-file-input').setInputFiles({ name: 'bicky-2.png', mimeType: 'image/png', buffer: gradientPng(800, 600) });
    await expect(mainPreview).not.toHaveAttribute('src', firstSrc);
    await expect(form.getByTestId('media-gallery-picker').locator('.media-grid__item')).toHaveCount(0);
    // The demo's pictures are in the library to choose from.
    await mainImage.getByRole('button', { name: 'Andere kiezen' }).click();
    const library = page.getByRole('dialog', { name: 'Kies een afbeelding' });
    await library.getByRole('searchbox', { name: 'Zoeken op naam of alternatieve tekst' }).fill('Zoete');
    await expect(library.getByRole('button', { name: 'Product Image Zoete-aardappelfrieten kiezen' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(library).toBeHidden();

    // A sale price above the price is refused at its field, in the staff member's language.
    await form.getByRole('button', { name: 'Product opslaan' }).click();
    await expect(form.getByLabel('Actieprijs van Klein')).toBeFocused();
    await expect(form.getByText('De actieprijs mag niet hoger zijn dan de prijs.')).toBeVisible();
    await form.getByLabel('Actieprijs van Klein').fill('2,90');

    // The live preview shows the card as the shop will: the sale and the "from" price.
    const preview = page.getByTestId('card-preview');
    await expect(preview.getByRole('heading', { name: NAME.nl })).toBeVisible();
    await expect(preview.locator('.badge--sale')).toBeVisible();
    await page.getByRole('group', { name: 'Taal van het voorbeeld' }).getByRole('button', { name: 'FR' }).click();
    await expect(preview.getByRole('heading', { name: NAME.fr })).toBeVisible();

    await form.getByRole('button', { name: 'Product opslaan' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: `${NAME.nl} opgeslagen.` })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/products\/\d+$/);
    productPath = new URL(page.url()).pathname;
    await expect(page.getByTestId('last-changed')).toContainText('Laatst gewijzigd door Mieke');
    // What was saved comes back: comma prices, translations, allergens.
    const saved = page.getByRole('form', { name: 'Product bewerken' });
    await expect(saved.getByLabel('Naam (FR)')).toHaveValue(NAME.fr);
    await expect(saved.getByLabel('Prijs van Klein', { exact: true })).toHaveValue('3,50');
    await expect(saved.getByLabel('Actieprijs van Klein')).toHaveValue('2,90');
    await expect(saved.getByRole('checkbox', { name: 'Gluten' })).toBeChecked();
    await expect(saved.getByRole('button', { name: 'Frikandel verwijderen', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await context.close();

    // The shop, in each language, with the sale badge.
    const shop = await browser.newContext();
    const visitor = await shop.newPage();
    for (const [locale, name] of [
      ['nl_BE', NAME.nl],
      ['fr_FR', NAME.fr],
      ['en_US', NAME.en],
    ] as const) {
      const card = await shopCard(visitor, baseURL, locale, name);
      await expect(card).toBeVisible();
      await expect(card.locator('.badge--sale')).toBeVisible();
      // The uploaded image, served as a resized copy.
      await expect(card.locator('img').first()).toHaveAttribute('src', /\/media\/u\/[0-9a-f]{32}\//);
    }
    await shop.close();
  });

  test('a second save from another browser over a stale copy gets the conflict message and keeps its input', async ({ browser }) => {
    const first = await managerPage(browser);
    const second = await managerPage(browser);
    for (const { page } of [first, second]) {
      await page.goto(productPath);
      await expect(page.getByRole('form', { name: 'Product bewerken' }).getByLabel('Naam (NL)')).toHaveValue(NAME.nl);
    }
    const one = first.page.getByRole('form', { name: 'Product bewerken' });
    await one.getByLabel('SKU').fill(`BICKY-${run}`);
    await one.getByRole('button', { name: 'Product opslaan' }).click();
    await expect(first.page.getByTestId('toast').filter({ hasText: 'opgeslagen' })).toBeVisible();

    const two = second.page.getByRole('form', { name: 'Product bewerken' });
    await two.getByLabel('SKU').fill(`OTHER-${run}`);
    await two.getByRole('button', { name: 'Product opslaan' }).click();
    await expect(two.getByRole('alert')).toContainText('Iemand anders heeft dit product opgeslagen');
    await expect(two.getByLabel('SKU')).toHaveValue(`OTHER-${run}`);
    await two.getByRole('button', { name: 'Hun versie laden' }).click();
    await expect(two.getByLabel('SKU')).toHaveValue(`BICKY-${run}`);
    // Unsaved work: leaving asks first; staying keeps the typing.
    await two.getByLabel('Naam (EN)').fill('Something else');
    await second.page.getByRole('link', { name: 'Terug naar de producten' }).click();
    const leave = second.page.getByRole('dialog', { name: 'Pagina verlaten zonder op te slaan?' });
    await leave.getByRole('button', { name: 'Annuleren' }).click();
    await expect(two.getByLabel('Naam (EN)')).toHaveValue('Something else');
    await first.context.close();
    await second.context.close();
  });

  test('the list: search, category filter, reorder by keyboard and by dragging, bulk hide, price change with preview', async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page } = await managerPage(browser);
    await page.goto('/dashboard/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Productbeheer' })).toBeVisible();
    const table = page.getByRole('region', { name: 'Producten' });
    await expect(table.getByRole('row').nth(2)).toBeVisible();

    // Reorder: the first product moves down one place, and stays there after a reload.
    const names = async () => (await table.getByRole('rowheader').locator('a').allTextContents()).slice(0, 2);
    const [top, next] = await names();
    await table.getByRole('button', { name: `${top} omlaag` }).click();
    await expect(page.getByTestId('toast').filter({ hasText: `${top} staat nu op plaats 2` })).toBeVisible();
    await page.reload();
    await expect.poll(names).toEqual([next, top]);
    // And back by dragging the row with the mouse.
    await table.getByRole('row').nth(2).dragTo(table.getByRole('row').nth(1));
    await expect(page.getByTestId('toast').filter({ hasText: `${top} staat nu op plaats 1` })).toBeVisible();
    await page.reload();
    await expect.poll(names).toEqual([top, next]);

    // The category filter keeps that category's products.
    await page.getByLabel('Categorie', { exact: true }).selectOption({ label: 'Sauzen' });
    await expect(table.getByRole('link', { name: 'Mayonaise', exact: true })).toBeVisible();
    await expect(table.getByRole('link', { name: 'Frikandel', exact: true })).toHaveCount(0);
    await page.getByLabel('Categorie', { exact: true }).selectOption({ label: 'Alle categorieën' });

    // Search finds the new product; bulk hide hides it.
    await page.getByLabel('Producten zoeken').fill(NAME.nl);
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(NAME.nl) }) });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row).toContainText('Gepubliceerd');
    await expect(row).toContainText('Met bickysaus en uitjes');
    await row.getByRole('checkbox', { name: `${NAME.nl} selecteren` }).check();
    await page.getByRole('region', { name: 'Geselecteerde producten wijzigen' }).getByRole('button', { name: 'Verbergen' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '1 product gewijzigd.' })).toBeVisible();
    await expect(row).toContainText('Verborgen');
    await expectNoSeriousA11yViolations(page);

    // A price change by percentage: a preview of every new price, then the change.
    const SAUCE = `Stoofvleessaus ${run}`;
    await page.getByRole('link', { name: 'Nieuw product' }).click();
    const form = page.getByRole('form', { name: 'Nieuw product' });
    await form.getByLabel('Naam (NL)').fill(SAUCE);
    await form.getByLabel('Prijs (€)', { exact: true }).fill('1,20');
    // The server refuses a SKU another product has: shown at the field, in the staff member's language.
    await form.getByLabel('SKU').fill(`BICKY-${run}`);
    await form.getByRole('button', { name: 'Product opslaan' }).click();
    await expect(form.getByLabel('SKU')).toBeFocused();
    await expect(form.getByText('Een ander product heeft al deze SKU.')).toBeVisible();
    await form.getByLabel('SKU').fill(`SAUS-${run}`);
    await form.getByRole('button', { name: 'Product opslaan' }).click();
    await expect(page).toHaveURL(/\/dashboard\/products\/\d+$/);
    await page.getByRole('link', { name: 'Terug naar de producten' }).click();
    // The editor's own product searches ("Producten zoeken voor Upsells") are gone once the list is back.
    await expect(page).toHaveURL(/\/dashboard\/products$/);
    await page.getByLabel('Producten zoeken', { exact: true }).fill(SAUCE);
    const sauce = table.getByRole('row').filter({ has: page.getByRole('link', { name: SAUCE }) });
    await expect(table.getByRole('row')).toHaveCount(2);
    await sauce.getByRole('checkbox').check();
    const bulk = page.getByRole('region', { name: 'Geselecteerde producten wijzigen' });
    await bulk.getByLabel('Prijzen wijzigen met %').fill('10');
    await bulk.getByRole('button', { name: 'Voorbeeld' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prijzen wijzigen met 10%' });
    await expect(dialog.getByRole('row').filter({ hasText: SAUCE })).toContainText('€ 1,20€ 1,32');
    await dialog.getByRole('button', { name: '1 prijs wijzigen' }).click();
    await expect(dialog).toBeHidden();
    await expect(sauce).toContainText('1,32');

    // At phone width the list and the editor fit: only the table scrolls sideways, in its own region.
    await page.setViewportSize({ width: 390, height: 800 });
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await expect.poll(pageWidth).toBeLessThanOrEqual(390);
    await page.goto(productPath);
    await expect(page.getByRole('form', { name: 'Product bewerken' }).getByLabel('Naam (NL)')).toHaveValue(NAME.nl);
    await expect.poll(pageWidth).toBeLessThanOrEqual(390);
    await context.close();
  });
});
