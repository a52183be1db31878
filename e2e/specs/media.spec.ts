import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, gradientPng } from './support';

// The first admin comes from e2e/playwright.config.ts; the manager is made through the staff API.
const ADMIN = { email: 'beheer@bakje.test', password: 'Frituur beheer e2e' };
const run = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const MANAGER = { email: `beeld-${run}@bakje.test`, password: 'Mooie foto van de frieten' };

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a manager uploads an image through the MediaPicker, sees the preview, and Chromium gets a modern format', async ({ browser }, testInfo) => {
  // Its own name per attempt: a retry must not find the first attempt's upload in the shared library.
  const NAME = `friet-met-mayo-${testInfo.retry}`;
  // The admin adds a manager through the staff API (cookie session + CSRF).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, ADMIN.email, ADMIN.password);
  const csrf = (await adminContext.cookies()).find((c) => c.name === 'bakje_csrf')?.value ?? '';
  const created = await admin.request.post('/api/staff/users', {
    data: { email: MANAGER.email, password: MANAGER.password, role: 'manager' },
    headers: { 'x-csrf-token': csrf },
  });
  expect(created.status()).toBe(201);
  await adminContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, MANAGER.email, MANAGER.password);
  await page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'Afbeeldingen', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/media$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Afbeeldingen' })).toBeVisible();
  const picker = page.getByRole('group', { name: 'Nieuwe afbeelding' });

  // A text file dressed up as a JPEG is refused, with the reason in Dutch, and nothing is shown.
  await picker
    .getByTestId('media-file-input')
    .setInputFiles({ name: 'menu.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('geen foto, maar tekst\n'.repeat(50)) });
  await expect(picker.getByRole('alert')).toHaveText('Dit bestand is geen afbeelding (JPEG, PNG, WebP, AVIF) of video (MP4, WebM).');
  await expect(picker.getByRole('img')).toHaveCount(0);

  // A real image with its alt text, through the file button (keyboard: the button opens the file chooser).
  await picker.getByLabel('Alternatieve tekst (wat er op de foto staat)').fill('Een bakje friet met mayonaise');
  const chooser = page.waitForEvent('filechooser');
  await picker.getByRole('button', { name: 'Kies een bestand' }).focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: `${NAME}.png`, mimeType: 'image/png', buffer: gradientPng(1200, 900) });

  const preview = picker.getByRole('img', { name: 'Voorbeeld: Nieuwe afbeelding' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // The <picture> offers AVIF, then WebP, then PNG: Chromium takes a modern one, never the PNG.
  const current = await preview.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(current).toMatch(/\/media\/u\/[0-9a-f]{32}\/(320|640|1280|full)\.(avif|webp)$/);
  // The WebP copy of that image is served as WebP with an immutable cache header.
  const webpUrl = current.replace(/\.(avif|webp)$/, '.webp');
  const webp = await page.request.get(webpUrl);
  expect(webp.status()).toBe(200);
  expect(webp.headers()['content-type']).toBe('image/webp');
  expect(webp.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const webpInPage = await page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth;
  }, webpUrl);
  expect(webpInPage).toBeGreaterThan(0);

  // The library lists it; remove it from the picker and choose it again from the library (keyboard only).
  const library = page.getByRole('region', { name: 'Bibliotheek' });
  await expect(library.getByTestId('media-grid').getByText(NAME)).toBeVisible();
  await picker.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(preview).toHaveCount(0);
  await picker.getByRole('button', { name: 'Kies uit de bibliotheek' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kies een afbeelding' });
  await dialog
    .getByRole('button', { name: `${NAME} kiezen` })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(preview).toBeVisible();

  await expectNoSeriousA11yViolations(page, 'main');

  // The library edits the alt text (a form in a dialog) and deletes an image after a confirmation.
  await library.getByRole('button', { name: `${NAME} bewerken` }).click();
  const edit = page.getByRole('dialog', { name: `Afbeelding ${NAME}` });
  await edit.getByLabel('Alternatieve tekst (wat er op de foto staat)').fill('Friet met mayonaise in een bakje');
  await edit.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Afbeelding opgeslagen.')).toBeVisible();
  await expect(edit).toHaveCount(0);
  await expect(library.getByRole('img', { name: 'Friet met mayonaise in een bakje' })).toBeVisible();

  // Usable at 390 px: nothing sticks out sideways (the library shows this upload only: other specs add to the
  // shared server's library meanwhile).
  await library.getByLabel('Zoeken op naam of alternatieve tekst').fill(NAME);
  await expect(library.getByTestId('media-grid').getByRole('listitem')).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(preview).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await library.getByRole('button', { name: `${NAME} verwijderen` }).click();
  await page.getByRole('dialog', { name: 'Afbeelding verwijderen?' }).getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByText(`${NAME} is verwijderd.`)).toBeVisible();
  await expect(library.getByText('Nog geen afbeeldingen. Upload er een hierboven.')).toBeVisible();
  await context.close();
});
