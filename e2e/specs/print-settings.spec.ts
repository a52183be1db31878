import { expect, test, type Browser, type Page } from '@playwright/test';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Its own server (E2E_PORT + 3): the spec changes where tickets print, which would break the printer spec
// on the shared server. Retries are fast here (1 ms back-off, 50 ms poll), so a ticket for a dead printer
// uses up its 12 attempts and is marked failed within seconds.
const port = Number(process.env.E2E_PORT ?? 3210) + 3;
const ADMIN = { email: 'beheer-print@bakje.test', password: 'Printer beheer e2e' };
const COOK = { email: `kok-print-${Date.now()}@bakje.test`, password: 'Frieten bakken 180 graden' };
// Nothing listens on the discard port: every attempt is refused at once.
const DEAD_PRINTER = '127.0.0.1:9';
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, {
    BAKJE_ADMIN_EMAIL: ADMIN.email,
    BAKJE_ADMIN_PASSWORD: ADMIN.password,
    BAKJE_PRINT_RETRY_MS: '1',
    BAKJE_JOB_POLL_MS: '50',
  });
  await server.addStaffUser(ADMIN, { ...COOK, role: 'kitchen' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Opens /dashboard/printing as `account`, through the login page and back. */
async function openPrinting(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await page.goto('/dashboard/printing');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Fprinting$/);
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(account.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/printing$/);
  return page;
}

const settingsForm = (page: Page) => page.getByRole('form', { name: 'Instellingen' });
const save = async (page: Page) => settingsForm(page).getByRole('button', { name: 'Opslaan' }).click();

test('an admin changes the kitchen copies and a printer, sees bad input refused, and the change survives a reload', async ({ browser }) => {
  const page = await openPrinting(browser, ADMIN);
  await expect(page.getByRole('heading', { level: 1, name: 'Afdrukken' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'Afdrukken', exact: true })).toBeVisible();
  const form = settingsForm(page);
  // Demo mode: both ticket kinds go to the virtual printer.
  const virtualPrinter = await form.getByLabel('Printer voor klantentickets').inputValue();
  expect(virtualPrinter).toMatch(/^127\.0\.0\.1:\d+$/);
  await expect(form.getByLabel('Printer voor keukenbonnen')).toHaveValue(virtualPrinter);
  await expect(page.getByRole('link', { name: 'Naar de taken' })).toHaveAttribute('href', '/dashboard/jobs');
  await expectNoSeriousA11yViolations(page);

  // Not a printer: the server refuses, the field says why, nothing is saved.
  await form.getByLabel('Aantal keukenbonnen per bestelling').fill('2');
  await form.getByLabel('Printer voor keukenbonnen').fill('de printer in de keuken');
  await save(page);
  await expect(form.getByRole('alert')).toHaveText('Niet opgeslagen: verbeter de aangeduide velden.');
  const kitchenPrinter = form.getByLabel('Printer voor keukenbonnen');
  await expect(kitchenPrinter).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Geef een PrintNode-printer-ID (bv. 73001) of host:poort (bv. 192.168.1.50:9100), of laat leeg.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Leaving with unsaved changes asks first; staying keeps what was typed.
  await page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'Keuken', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Pagina verlaten zonder op te slaan?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Annuleren' }).click();
  await expect(page).toHaveURL(/\/dashboard\/printing$/);
  await expect(form.getByLabel('Aantal keukenbonnen per bestelling')).toHaveValue('2');

  await kitchenPrinter.fill(DEAD_PRINTER);
  await save(page);
  await expect(form.getByText('Instellingen opgeslagen.')).toBeVisible();
  await expect(kitchenPrinter).not.toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await expect(settingsForm(page).getByLabel('Aantal keukenbonnen per bestelling')).toHaveValue('2');
  await expect(settingsForm(page).getByLabel('Printer voor keukenbonnen')).toHaveValue(DEAD_PRINTER);

  // The API key is written, never shown: only how it ends.
  await settingsForm(page).getByLabel('PrintNode API-sleutel', { exact: true }).fill('pn-e2e-sleutel-abcdefgh1234');
  await save(page);
  await expect(settingsForm(page).getByText('API-sleutel ingesteld, eindigt op 1234.')).toBeVisible();
  await expect(settingsForm(page).getByLabel('Nieuwe PrintNode API-sleutel (leeg: behouden)')).toHaveValue('');
  await page.reload();
  await expect(settingsForm(page).getByText('API-sleutel ingesteld, eindigt op 1234.')).toBeVisible();
  expect(await page.content()).not.toContain('abcdefgh1234');

  // A PrintNode printer without key: the worker's warning is on the page, until the key is back or the printer changes.
  await settingsForm(page).getByRole('button', { name: 'Sleutel wissen' }).click();
  await settingsForm(page).getByLabel('Printer voor klantentickets').fill('73001');
  await save(page);
  await expect(settingsForm(page).getByText('Geen API-sleutel ingesteld.')).toBeVisible();
  const warning = page.getByRole('alert').filter({ hasText: 'PrintNode API-sleutel of printer-ID is niet ingesteld.' });
  await expect(warning).toContainText('Niet afgedrukt: Klantenticket.');
  await settingsForm(page).getByLabel('Printer voor klantentickets').fill(virtualPrinter);
  await save(page);
  await expect(settingsForm(page).getByText('Instellingen opgeslagen.')).toBeVisible();
  await expect(warning).toHaveCount(0);

  // Test tickets go straight to the saved printers, and say whether they printed.
  const customerTest = page.getByRole('button', { name: 'Testticket op de klantenprinter' });
  await customerTest.click();
  await expect(page.getByText(`Testticket afgedrukt op lan:${virtualPrinter}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Testticket op de keukenprinter' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Het testticket werd niet afgedrukt.' })).toContainText(`lan:${DEAD_PRINTER}`);
  // Unsaved changes: the test would use the old printer, so it waits for the save.
  await settingsForm(page).getByLabel('Printer voor klantentickets').fill('73002');
  await expect(customerTest).toBeDisabled();
  await expect(page.getByText('Sla je wijzigingen eerst op: het testticket gaat naar de opgeslagen printer.')).toBeVisible();
  await settingsForm(page).getByRole('button', { name: 'Wijzigingen ongedaan maken' }).click();
  await expect(customerTest).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});

test('kitchen tickets for a dead printer fail, are listed, and print once each after the printer is fixed and Retry is pressed', async ({ browser }) => {
  const page = await openPrinting(browser, ADMIN);
  const form = settingsForm(page);
  const virtualPrinter = await form.getByLabel('Printer voor klantentickets').inputValue();
  expect(virtualPrinter).toMatch(/^127\.0\.0\.1:\d+$/);
  await form.getByLabel('Aantal keukenbonnen per bestelling').fill('2');
  await form.getByLabel('Printer voor keukenbonnen').fill(DEAD_PRINTER);
  await save(page);
  await expect(form.getByText('Instellingen opgeslagen.')).toBeVisible();
  const order = await server.placeOrder();
  // The failed tickets are on the jobs page, with every other kind of job.
  await page.getByRole('link', { name: 'Naar de taken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Taken' })).toBeVisible();
  await page.getByLabel('Toon', { exact: true }).selectOption({ label: 'Mislukt en overgeslagen' });
  await page.getByLabel('Soort', { exact: true }).selectOption({ label: 'Afdrukken' });
  const jobs = page.getByRole('region', { name: 'Taken' });
  const ofOrder = `van bestelling ${order.databaseId}`;
  const rows = jobs.getByRole('row').filter({ hasText: new RegExp(`${ofOrder}(?!\\d)`) });
  // Both copies use up their attempts against the dead printer (the list refreshes every few seconds).
  await expect(rows).toHaveCount(2, { timeout: 40_000 });
  for (const row of await rows.all()) {
    await expect(row).toContainText('Keukenbon');
    await expect(row).toContainText('Afdrukken');
    await expect(row).toContainText('Mislukt');
    await expect(row).toContainText('12');
    await expect(row).toContainText('ECONNREFUSED');
  }
  // The counts per kind and state.
  await expect(page.getByRole('region', { name: 'Aantal per soort' }).getByRole('row', { name: /Afdrukken/ })).toContainText('2');
  await expectNoSeriousA11yViolations(page);

  // Through the menu and the link (no page load), as staff go: fix the printer, back to the jobs.
  await page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'Afdrukken', exact: true }).click();
  await settingsForm(page).getByLabel('Printer voor keukenbonnen').fill(virtualPrinter);
  await save(page);
  await expect(settingsForm(page).getByText('Instellingen opgeslagen.')).toBeVisible();
  await page.getByRole('link', { name: 'Naar de taken' }).click();
  await page.getByLabel('Toon', { exact: true }).selectOption({ label: 'Mislukt en overgeslagen' });
  await jobs.getByRole('button', { name: `Opnieuw proberen: Afdrukken: Keukenbon ${ofOrder}` }).click();
  await expect(page.getByText(`Afdrukken: Keukenbon ${ofOrder} staat opnieuw in de wachtrij.`)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await jobs.getByRole('button', { name: `Opnieuw proberen: Afdrukken: Keukenbon (2) ${ofOrder}` }).click();
  await expect(page.getByText('Geen taken om te tonen')).toBeVisible();

  // The virtual printer got the customer ticket and both kitchen copies, each once.
  await page.goto('/dashboard/printer');
  for (const ref of ['c1', 'k1', 'k2']) {
    await expect(page.locator('pre', { hasText: `ref o${order.databaseId}-${ref}` })).toHaveCount(1);
  }
  await page.context().close();
});

test('the kitchen role does not see the page, in the menu or by its address', async ({ browser }) => {
  const page = await openPrinting(browser, COOK);
  await expect(page.getByRole('heading', { level: 1, name: 'Niet toegestaan voor jouw rol' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'Afdrukken', exact: true })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Instellingen' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.context().close();
});
