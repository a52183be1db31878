import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { KIOSK_ADMIN, KIOSK_ADMIN_ENV, openKiosk } from './kiosk-support';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// The kiosk's attract loop with the owner's own video (docs/decisions/0049-kiosk-video-suggestions-keyboard.md):
// uploaded in the dashboard's media library, chosen in /dashboard/kiosks, played muted in a loop on /videooverlay.
// Its own server (E2E_PORT + 119): the loop is shop-wide and would replace the demo photos other kiosk specs see.
const port = Number(process.env.E2E_PORT ?? 3210) + 119;
/** A real 2-second H.264 MP4 of 96 x 64 pixels (ffmpeg's test pattern, 5 KB). */
const MP4 = fs.readFileSync(new URL('../fixtures/attract-loop.mp4', import.meta.url));
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, KIOSK_ADMIN_ENV);
});
test.afterAll(async () => {
  await server?.stop();
});

test('an owner uploads an MP4, puts it in the attract loop, and the paired kiosk plays it muted in a loop', async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(KIOSK_ADMIN.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(KIOSK_ADMIN.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The library takes the video (judged by its bytes, whatever the name) and lists it with a video preview.
  await page.goto('/dashboard/media');
  const picker = page.getByRole('group', { name: 'Nieuwe afbeelding of video' });
  await picker.getByTestId('media-file-input').setInputFiles({ name: 'notities.mp4', mimeType: 'video/mp4', buffer: Buffer.from('Geen video.\n'.repeat(30)) });
  await expect(picker.getByRole('alert')).toHaveText('Dit bestand is geen afbeelding (JPEG, PNG, WebP, AVIF) of video (MP4, WebM).');
  await picker.getByLabel('Alternatieve tekst (wat er op de foto staat)').fill('Frieten in de friteuse');
  await picker.getByTestId('media-file-input').setInputFiles({ name: 'reclame.mp4', mimeType: 'video/mp4', buffer: MP4 });
  await expect(picker.getByTestId('media-video')).toHaveAccessibleName('Video: Voorbeeld: Nieuwe afbeelding of video');
  const library = page.getByRole('region', { name: 'Bibliotheek' });
  const listed = library.getByTestId('media-video');
  await expect(listed).toHaveCount(1);
  const src = await listed.getAttribute('src');
  expect(src).toMatch(/^\/media\/u\/[0-9a-f]{32}\/video\.mp4$/);
  await expect.poll(() => listed.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(1);
  await expectNoSeriousA11yViolations(page, 'main');

  // The attract loop's picker offers videos (the product pickers only images).
  await page.goto('/dashboard/kiosks');
  const loop = page.getByRole('region', { name: 'Videolus' });
  await loop.getByRole('button', { name: 'Media toevoegen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kies een afbeelding of video' });
  await expect(dialog.getByTestId('media-video')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'reclame kiezen' }).click();
  await expect(dialog).toBeHidden();
  await expect(loop.getByTestId('attract-item')).toHaveCount(1);
  await loop.getByRole('button', { name: 'Lus opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Lus opgeslagen' })).toHaveText('Lus opgeslagen; de kiosken tonen ze meteen.');
  await context.close();

  // A paired kiosk, idle on its start screen, opens /videooverlay and plays the uploaded video.
  const { page: kiosk } = await openKiosk(browser, server.base, { device: { attractSeconds: 10 } });
  await kiosk.goto('/videooverlay');
  const video = kiosk.getByTestId('kiosk-attract-video');
  await expect(video).toBeVisible();
  expect(await video.getAttribute('src')).toBe(src);
  const state = () =>
    video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop, readyState: v.readyState, time: v.currentTime, error: v.error?.code ?? null }));
  await expect.poll(async () => (await state()).readyState).toBeGreaterThanOrEqual(2);
  const first = await state();
  expect(first).toMatchObject({ muted: true, loop: true, error: null });
  await expect.poll(async () => (await state()).time).not.toBe(first.time);
  // The browser asked for byte ranges and got them.
  const ranged = await kiosk.request.get(src!, { headers: { range: 'bytes=0-15' } });
  expect(ranged.status()).toBe(206);
  expect(ranged.headers()['content-range']).toBe(`bytes 0-15/${MP4.length}`);
  await expectNoSeriousA11yViolations(kiosk);

  // Touch anywhere starts an order.
  await kiosk.getByTestId('kiosk-attract-start').tap();
  await expect(kiosk).toHaveURL(/\/bestellenkiosk$/);
  await kiosk.context().close();
});
