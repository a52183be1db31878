import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

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
  await expect(problems.getByRole('row', { name: /3 Sale price/ })).toContainText('The sale price is above the regular price.');
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

  // The export, in the language now chosen (French): the imported products are in it.
  await page.goto('/dashboard/catalog/import');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger le CSV' }).click();
  const file = await (await download).path();
  expect(fs.readFileSync(file, 'utf8')).toContain('IMP-1,Stoverij met frietjes');
  await page.context().close();
});
