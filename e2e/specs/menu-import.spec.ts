import fs from 'node:fs';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations, gradientPng } from './support';

// Its own server (E2E_PORT + 62): the spec adds products, which the shared server's shop lists must not see.
const port = Number(process.env.E2E_PORT ?? 3210) + 62;
const ADMIN = { email: 'beheer-import@bakje.test', password: 'Menu import e2e 42' };
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password, BAKJE_JOB_POLL_MS: '100' });
});
test.afterAll(async () => {
  await server?.stop();
});

const HEADER = 'Type,SKU,Name,Published,Regular price,Sale price,Categories,Meta: french_translation';
const csvFile = (lines: string[]) => ({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\n')) });

async function chooseFile(page: Page, lines: string[]) {
  await page.getByLabel('CSV-bestand').setInputFiles(csvFile(lines));
}

test('a manager sees the bad rows of a menu file, fixes it, imports it all at once, and the shop sells it in two languages', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await server.openAs(browser, ADMIN, '/dashboard/catalog/import', 1400);
  await expect(page.getByRole('heading', { level: 1, name: 'Menu importeren en exporteren' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await chooseFile(page, [
    'simple,IMP-1,Stoverij met frietjes,1,12.50,,Huisgemaakt,Carbonnade et frites',
    'simple,IMP-2,Vol-au-vent,1,11.00,14.00,Huisgemaakt,Vol-au-vent',
  ]);
  await expect(page.getByText('1 probleem: verbeter ze in het bestand en kies het opnieuw. Er is niets geïmporteerd.')).toBeVisible();
  const problems = page.getByRole('table', { name: 'Rijen met een probleem' });
  await expect(problems.getByRole('row', { name: /3 Sale price/ })).toContainText('De actieprijs ligt boven de gewone prijs.');
  await expect(page.getByRole('button', { name: '2 rijen importeren' })).toBeDisabled();

  await chooseFile(page, [
    'simple,IMP-1,Stoverij met frietjes,1,12.50,,Huisgemaakt,Carbonnade et frites',
    'simple,IMP-2,Vol-au-vent,1,14.00,11.00,Huisgemaakt,Vol-au-vent',
  ]);
  await expect(page.getByText('Klaar: 2 producten en 0 varianten, geen problemen.')).toBeVisible();
  await page.getByRole('button', { name: '2 rijen importeren' }).click();
  await expect(page.getByText('Geïmporteerd: 2 nieuw, 0 bijgewerkt, 0 varianten, 1 nieuwe categorieën.')).toBeVisible({ timeout: 30_000 });

  await page.goto('/bestellen');
  await expect(page.getByRole('main').getByText('Stoverij met frietjes')).toBeVisible();
  await page.getByRole('button', { name: 'Menu openen' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Français/ })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('main').getByText('Carbonnade et frites')).toBeVisible();

  // The export: the dashboard speaks the account's language (Dutch), whatever the shop's (decision 0071); the
  // imported products are in it.
  await page.goto('/dashboard/catalog/import');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSV downloaden' }).click();
  const file = await (await download).path();
  expect(fs.readFileSync(file, 'utf8')).toContain('IMP-1,Stoverij met frietjes');
  await page.context().close();
});

// The source shop of the import: another Bakje on its own port (E2E_PORT + 115), empty but for what this spec adds.
const sourcePort = Number(process.env.E2E_PORT ?? 3210) + 115;
const SOURCE_ADMIN = { email: 'bron-import@bakje.test', password: 'Bron winkel e2e 42' };

/** In the source: a category, a product with a picture and a global add-on, through its REST API; a read key for the import. */
async function fillSource(source: StaffServer) {
  const api = await playwrightRequest.newContext({ baseURL: source.base });
  try {
    const login = await api.post('/graphql', {
      data: {
        query: `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`,
        variables: { u: SOURCE_ADMIN.email, p: SOURCE_ADMIN.password },
      },
    });
    expect(login.ok()).toBe(true);
    const headers = { 'x-csrf-token': (await api.storageState()).cookies.find((c) => c.name === 'bakje_csrf')!.value };
    type Answer = { id: number; consumer_key: string; consumer_secret: string };
    const ok = async (response: Awaited<ReturnType<typeof api.post>>): Promise<Answer> => {
      expect(response.status(), await response.text()).toBeLessThan(300);
      return (await response.json()) as Answer;
    };
    const category = await ok(await api.post('/wp-json/wc/v3/products/categories', { headers, data: { name: 'Streekbieren' } }));
    const image = await ok(
      await api.post('/wp-json/wc/v3/media', {
        headers,
        multipart: { file: { name: 'tripel.png', mimeType: 'image/png', buffer: gradientPng(320, 240) } },
      }),
    );
    await ok(
      await api.post('/wp-json/wc/v3/products', {
        headers,
        data: { name: 'Westmalle Tripel', regular_price: '4.20', categories: [{ id: category.id }], images: [{ id: image.id }] },
      }),
    );
    await ok(
      await api.post('/wp-json/wc-product-add-ons/v2/global-add-ons', {
        headers,
        data: {
          name: 'Glas',
          restrict_to_categories: [category.id],
          fields: [
            {
              name: 'Glas',
              type: 'multiple_choice',
              options: [
                { label: 'Kelk', price: '0.00' },
                { label: 'Statiefglas', price: '1.00' },
              ],
            },
          ],
        },
      }),
    );
    // Awaited here: returned as a promise, the finally below would dispose of the answer before it is read.
    return await ok(await api.post('/api/admin/api-keys', { headers, data: { scope: 'read', description: 'menu naar de nieuwe winkel' } }));
  } finally {
    await api.dispose();
  }
}

test('a manager brings the menu of a running shop in: a refused key, resuming with the right one, progress, pictures and add-ons', async ({ browser }) => {
  test.setTimeout(180_000);
  const source = await StaffServer.start(sourcePort, {
    BAKJE_ADMIN_EMAIL: SOURCE_ADMIN.email,
    BAKJE_ADMIN_PASSWORD: SOURCE_ADMIN.password,
    BAKJE_SEED_DEMO: 'false',
  });
  try {
    const key = (await fillSource(source)) as { consumer_key: string; consumer_secret: string };
    const page = await server.openAs(browser, ADMIN, '/dashboard/catalog/import', 390);
    const section = page.getByRole('region', { name: 'Een menu uit een draaiende winkel halen' });
    await expect(section).toBeVisible();

    // An address that is not one: said at the field, nothing started.
    await section.getByLabel('Adres van de winkel').fill('frituur-zonder-adres');
    await section.getByLabel('Consumer key').fill(key.consumer_key);
    await section.getByLabel('Consumer secret').fill('verkeerd geheim');
    await section.getByRole('button', { name: 'Importeren' }).click();
    await expect(section.getByText('Geef het adres van de winkel, beginnend met https:// of http://.')).toBeVisible();
    await expect(section.getByLabel('Adres van de winkel')).toBeFocused();

    // A wrong secret: the source refuses, the import stops and says so; resuming asks the key again, by keyboard.
    await section.getByLabel('Adres van de winkel').fill(source.base);
    await section.getByLabel('Consumer secret').press('Enter');
    await expect(section.getByRole('alert')).toContainText('De import is gestopt', { timeout: 60_000 });
    await section.getByRole('button', { name: 'Opnieuw starten en verdergaan' }).click();
    await expect(section.getByLabel('Adres van de winkel')).toHaveValue(source.base);
    await expect(section.getByLabel('Consumer key')).toBeFocused();
    await page.keyboard.type(key.consumer_key);
    await page.keyboard.press('Tab');
    await page.keyboard.type(key.consumer_secret);
    await page.keyboard.press('Enter');

    await expect(section.getByRole('status').filter({ hasText: 'Klaar: het menu van' })).toContainText(
      /1 extra's, 1 producten, 0 varianten, 0 tijdsloten, 1 afbeeldingen\./,
      { timeout: 90_000 },
    );
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The product sells here with its picture from this shop's own library, and the add-on group came along.
    await page.goto('/dashboard/catalog/add-ons');
    await expect(page.getByRole('main').getByText('Glas', { exact: true }).first()).toBeVisible();
    await page.goto('/bestellen');
    const card = page.getByRole('main').getByRole('article').filter({ hasText: 'Westmalle Tripel' });
    await expect(card).toBeVisible();
    await expect(card.locator('img').first()).toHaveAttribute('src', /\/media\/u\/[0-9a-f]{32}\//);
    await page.context().close();
  } finally {
    await source.stop();
  }
});
