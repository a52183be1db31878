import { expect, test } from '@playwright/test';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Its own server (E2E_PORT + 61): switching the till sync on queues work after every catalogue write, which the
// shared server's specs should not carry. Demo mode starts the point-of-sale simulator and points the settings at it.
const port = Number(process.env.E2E_PORT ?? 3210) + 61;
const ADMIN = { email: 'beheer-kassa@bakje.test', password: 'Kassa beheer e2e 42' };
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password, BAKJE_JOB_POLL_MS: '100' });
});
test.afterAll(async () => {
  await server?.stop();
});

test('a manager connects the till, refuses a bad address, syncs the whole menu with progress and finds every product linked', async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await server.openAs(browser, ADMIN, '/dashboard/pos', 1400);
  await expect(page.getByRole('heading', { level: 1, name: 'Kassa' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Verbinding' });
  await expect(form.getByLabel('Adres van de API van de kassa')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+$/);
  await expect(form.getByText('Er is een API-sleutel ingesteld, eindigend op ator.')).toBeVisible();
  await expect(page.getByText('De synchronisatie staat uit')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nu alles synchroniseren' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Not an http address: refused at the field, nothing saved.
  const address = await form.getByLabel('Adres van de API van de kassa').inputValue();
  await form.getByLabel('Adres van de API van de kassa').fill('ftp://kassa');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('Geef een adres dat begint met http:// of https://.')).toBeVisible();
  await form.getByLabel('Adres van de API van de kassa').fill(address);

  await form.getByLabel('Producten en categorieën naar de kassa sturen').check();
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('Opgeslagen.')).toBeVisible();
  await expect(page.getByText('De synchronisatie staat uit')).toHaveCount(0);

  await page.getByRole('button', { name: 'Nu alles synchroniseren' }).click();
  await expect(page.getByText(/Laatste volledige synchronisatie .*: (\d+) van \1 klaar, 0 mislukt\./)).toBeVisible({ timeout: 60_000 });
  const table = page.getByRole('table', { name: 'Producten en categorieën met hun koppeling' });
  await expect(table.getByRole('row').filter({ hasText: 'Niet gesynchroniseerd' })).toHaveCount(0);
  await page.getByLabel('Zoeken op naam of kassa-id').fill('frikandel');
  const row = table
    .getByRole('row')
    .filter({ hasText: /frikandel/i })
    .first();
  await expect(row).toContainText('Toegevoegd aan de kassa');
  await expect(row.getByRole('cell').nth(1)).toHaveText(/^\d+$/);
  await page.context().close();
});
