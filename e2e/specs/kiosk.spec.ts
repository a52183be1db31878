import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { KIOSK_ADMIN_ENV, openKiosk, visibleControlBoxes } from './kiosk-support';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// The kiosk screens (issue 15) at 1080x1920 with touch only, on a server of their own that is open around the clock.
// Every test opens its own kiosk; with the kiosk server routes the page is paired through the dashboard REST API first.
const fr = JSON.parse(fs.readFileSync(new URL('../../web/src/i18n/messages/fr-FR.json', import.meta.url), 'utf8')) as Record<string, string>;

// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

let server: StaffServer;
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(Number(process.env.E2E_PORT ?? 3210) + 114, KIOSK_ADMIN_ENV);
});
test.afterAll(async () => {
  await server?.stop();
});

async function startOrder(page: Page) {
  await page.getByTestId('kiosk-tap-to-order').tap();
  await expect(page).toHaveURL(/\/bestellenkiosk$/);
  await expect(page.getByTestId('kiosk-product').first()).toBeVisible({ timeout: 20_000 });
}

/** Opens a product's sheet from the menu (its category first), waiting for its form. */
async function openProduct(page: Page, category: string, slug: string) {
  await page.getByTestId(`kiosk-category-${category}`).tap();
  await page.locator(`[data-testid="kiosk-product"][data-slug="${slug}"]`).tap();
  const sheet = page.getByTestId('kiosk-product-sheet');
  await expect(sheet.getByTestId('kiosk-add')).toBeVisible({ timeout: 20_000 });
  return sheet;
}

async function addSimple(page: Page, category: string, slug: string) {
  const lines = await page.getByTestId('kiosk-cart-line').count();
  const sheet = await openProduct(page, category, slug);
  await sheet.getByTestId('kiosk-add').tap();
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('kiosk-cart-line')).toHaveCount(lines + 1);
}

/** Every visible control is a finger's target: at least 64 px high and wide. */
async function expectFingerTargets(page: Page) {
  const small = (await visibleControlBoxes(page)).filter((b) => b.height < 64 || b.width < 64);
  expect(small).toEqual([]);
}

test.describe('the kiosk', () => {
  test('start screen in three languages, the attract loop after idle, and a touch starts an order', async ({ browser }) => {
    test.setTimeout(90_000);
    const { page } = await openKiosk(browser, server.base, { clock: true });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom!');
    await expect(page.getByText('Bestel hier')).toBeVisible();
    await expect(page.getByText('Cash betalen kan ook')).toBeVisible();
    await expectFingerTargets(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId('kiosk-lang-fr_FR').tap();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr['kiosk.welcome']!);
    await expect(page.getByTestId('kiosk-tap-to-order')).toHaveText(fr['kiosk.tapToOrder']!);
    await expect(page.getByTestId('kiosk-lang-fr_FR')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('kiosk-lang-nl_BE').tap();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom!');

    // Left alone past the device's attract time (60 s by default): the attract loop.
    await page.clock.fastForward(61_000);
    await expect(page).toHaveURL(/\/videooverlay$/);
    const media = page.getByTestId('kiosk-attract-image').or(page.getByTestId('kiosk-attract-video'));
    await expect(media).toBeVisible();
    const first = await media.getAttribute('src');
    await expectNoSeriousA11yViolations(page);
    // The next item after its seconds (demo images: 6 s).
    await page.clock.fastForward(7_000);
    await expect(media).not.toHaveAttribute('src', first!);
    await page.getByTestId('kiosk-attract-start').tap({ position: { x: 540, y: 900 } });
    await expect(page).toHaveURL(/\/bestellenkiosk$/);
    await expect(page.getByTestId('kiosk-product').first()).toBeVisible({ timeout: 20_000 });
    await page.context().close();
  });

  test('orders fries with a sauce and a drink, by touch, up to where to eat; leaving asks first', async ({ browser }) => {
    test.setTimeout(180_000);
    const { page } = await openKiosk(browser, server.base);
    await startOrder(page);
    await expect(page.getByText('Je bestelling is nog leeg.')).toBeVisible();
    await expectFingerTargets(page);

    // Fries: the size is a required choice, first in the sheet; adding without it says so.
    const sheet = await openProduct(page, 'frieten', 'frieten');
    await expectFingerTargets(page);
    await sheet.getByTestId('kiosk-add').tap();
    await expect(sheet.getByText('Vul de verplichte velden in.')).toBeVisible();
    await sheet.locator('label', { hasText: /middel/i }).tap();
    // The remark is free text: touching the field opens the on-screen keyboard (AZERTY in Dutch), no device keyboard.
    const remark = sheet.getByRole('textbox', { name: 'Opmerking' });
    await expect(remark).toHaveAttribute('inputmode', 'none');
    await remark.tap();
    const keyboard = sheet.getByRole('group', { name: 'Toetsenbord voor Opmerking' });
    await expect(keyboard).toBeVisible();
    await expect(keyboard.locator('.kiosk-keyboard__row').nth(1)).toHaveText('AZERTYUIOP');
    await expectFingerTargets(page);
    for (const key of ['z', 'o', 'n', 'd', 'e', 'r']) await keyboard.locator(`[data-key="${key}"]`).tap();
    await keyboard.getByTestId('kiosk-keyboard-space').tap();
    for (const key of ['u', 'i', 'i']) await keyboard.locator(`[data-key="${key}"]`).tap();
    await keyboard.getByTestId('kiosk-keyboard-backspace').tap();
    await expect(remark).toHaveValue('Zonder ui');
    await expectNoSeriousA11yViolations(page);
    await keyboard.getByTestId('kiosk-keyboard-done').tap();
    await expect(keyboard).toBeHidden();
    await sheet.getByTestId('kiosk-more').tap();
    await expect(sheet.locator('.kiosk-stepper__value')).toHaveText('2');
    await sheet.getByTestId('kiosk-add').tap();
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId('kiosk-cart-line')).toHaveCount(1);
    await expect(page.getByTestId('kiosk-cart-line').first()).toContainText(/middel/i);
    await expect(page.getByTestId('kiosk-cart-line').first()).toContainText('Zonder ui');
    await expect(page.getByTestId('kiosk-cart-total')).toContainText('7,60');

    await addSimple(page, 'sauzen', 'mayonaise');
    await expect(page.getByTestId('kiosk-cart-total')).toContainText('8,50');

    // The allergen filter hides the sauces with egg.
    await page.getByTestId('kiosk-allergen-toggle').tap();
    await page.getByTestId('kiosk-allergen-eggs').tap();
    await expect(page.locator('[data-testid="kiosk-product"][data-slug="mayonaise"]')).toBeHidden();
    await expect(page.getByText(/verborgen/)).toBeVisible();
    await page.getByTestId('kiosk-allergen-eggs').tap();
    await expect(page.locator('[data-testid="kiosk-product"][data-slug="mayonaise"]')).toBeVisible();

    // Before paying: sauces and drinks not in the order yet.
    await page.getByTestId('kiosk-pay').tap();
    const suggestions = page.getByTestId('kiosk-suggestions');
    await expect(suggestions).toBeVisible();
    await expect(suggestions.locator('[data-slug="mayonaise"]')).toHaveCount(0);
    await suggestions.locator('[data-slug="fristi"]').tap();
    await page.getByTestId('kiosk-product-sheet').getByTestId('kiosk-add').tap();
    await expect(page.getByTestId('kiosk-product-sheet')).toBeHidden();
    await expect(page.getByTestId('kiosk-cart-line')).toHaveCount(3);
    await page.getByTestId('kiosk-suggest-next').tap();

    const where = page.getByTestId('kiosk-fulfilment');
    await expect(where.getByTestId('kiosk-fulfilment-takeaway')).toBeVisible();
    await expect(where.getByTestId('kiosk-fulfilment-dinein')).toBeVisible();
    await expectFingerTargets(page);
    await where.getByTestId('kiosk-fulfilment-back').tap();

    // Leaving asks; continuing keeps the order, returning loses it.
    await page.getByTestId('kiosk-leave').tap();
    const dialog = page.getByRole('dialog', { name: 'Terug naar het hoofdscherm?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Verder bestellen' }).tap();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('kiosk-cart-line')).toHaveCount(3);
    await page.getByTestId('kiosk-leave').tap();
    await dialog.getByRole('button', { name: 'Terug naar hoofdscherm' }).tap();
    await expect(page.getByTestId('kiosk-start')).toBeVisible();
    await startOrder(page);
    await expect(page.getByText('Je bestelling is nog leeg.')).toBeVisible();
    await expect(page.getByTestId('kiosk-cart-line')).toHaveCount(0);
    await page.context().close();
  });

  test("inactivity: 'Are you still here?' counts down; staying keeps the order, zero empties it and returns to start", async ({ browser }) => {
    test.setTimeout(90_000);
    const { page } = await openKiosk(browser, server.base, { clock: true });
    await startOrder(page);
    await addSimple(page, 'sauzen', 'mayonaise');

    // From here the page's time moves only when the test moves it (a slow machine must not eat the countdown).
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10_000));
    // A touch on no control restarts the idle time at a known moment.
    await page.getByRole('heading', { name: 'Jouw bestelling' }).tap();
    await page.clock.runFor(44_500);
    const warning = page.getByRole('alertdialog', { name: 'Ben je er nog?' });
    await expect(warning).toBeHidden();
    await page.clock.runFor(1_000);
    await expect(warning).toBeVisible();
    await expect(page.getByTestId('kiosk-idle-seconds')).toHaveText('20');
    await page.clock.runFor(5_000);
    await expect(page.getByTestId('kiosk-idle-seconds')).toHaveText('15');
    await expect(warning).toContainText('Je bestelling wordt over 15 seconden geannuleerd.');
    await warning.getByRole('button', { name: 'Ja, ik ben er nog' }).tap();
    await expect(warning).toBeHidden();
    await expect(page.getByTestId('kiosk-cart-line')).toHaveCount(1);

    await page.clock.runFor(46_000);
    await expect(warning).toBeVisible();
    // axe needs the page's timers: the countdown runs on in real time while it checks the dialog.
    await page.clock.resume();
    await expectNoSeriousA11yViolations(page, '[data-testid="kiosk-idle-warning"]');
    await expect(page.getByTestId('kiosk-start')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/kioskindex$/);
    await startOrder(page);
    await expect(page.getByText('Je bestelling is nog leeg.')).toBeVisible();
    await page.context().close();
  });

  test('a reload mid-order (power cut, staff refresh) starts the next customer with an empty basket', async ({ browser }) => {
    test.setTimeout(60_000);
    const { page } = await openKiosk(browser, server.base);
    await startOrder(page);
    await addSimple(page, 'sauzen', 'mayonaise');
    await expect(page.getByTestId('kiosk-cart-line')).toContainText('Mayonaise');

    await page.reload();
    await expect(page.getByTestId('kiosk-product').first()).toBeVisible({ timeout: 20_000 });
    // What the next customer adds is alone in the basket: the previous customer's mayonnaise is gone.
    await addSimple(page, 'snacks', 'frikandel');
    await expect(page.getByTestId('kiosk-cart-line')).toHaveCount(1);
    await expect(page.getByTestId('kiosk-cart-line')).not.toContainText('Mayonaise');

    // A reload on the start screen too: "Tik om te bestellen" opens an empty basket.
    await page.goto('/kioskindex');
    await startOrder(page);
    await addSimple(page, 'sauzen', 'mayonaise');
    await expect(page.getByTestId('kiosk-cart-line')).toHaveCount(1);
    await expect(page.getByTestId('kiosk-cart-line')).not.toContainText('Frikandel');
    await page.context().close();
  });

  test('axe: the menu, a product sheet with its errors, the suggestions, where to eat and the leave dialog', async ({ browser }) => {
    test.setTimeout(180_000);
    const { page } = await openKiosk(browser, server.base);
    await startOrder(page);
    await expectNoSeriousA11yViolations(page);
    const sheet = await openProduct(page, 'frieten', 'frieten');
    await sheet.getByTestId('kiosk-add').tap();
    await expect(sheet.getByText('Vul de verplichte velden in.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await sheet.getByTestId('kiosk-sheet-close').tap();
    await addSimple(page, 'snacks', 'frikandel');
    await page.getByTestId('kiosk-pay').tap();
    await expect(page.getByTestId('kiosk-suggestions')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('kiosk-suggest-next').tap();
    await expect(page.getByTestId('kiosk-fulfilment')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('kiosk-fulfilment-back').tap();
    await page.getByTestId('kiosk-leave').tap();
    await expect(page.getByTestId('kiosk-leave-dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });

  test('accessibility mode moves every control into the lower half, larger and in high contrast', async ({ browser }) => {
    test.setTimeout(90_000);
    const { page } = await openKiosk(browser, server.base);
    const half = 1920 / 2;
    const expectLowerHalf = async () => {
      const above = (await visibleControlBoxes(page)).filter((b) => b.top < half);
      expect(above).toEqual([]);
    };
    await page.getByTestId('kiosk-a11y-toggle').tap();
    await expect(page.getByTestId('kiosk-a11y-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expectLowerHalf();
    await expectNoSeriousA11yViolations(page);

    await startOrder(page);
    await expectLowerHalf();
    await expectNoSeriousA11yViolations(page);
    const sheet = await openProduct(page, 'frieten', 'frieten');
    await expectLowerHalf();
    await sheet.locator('label', { hasText: /klein/i }).tap();
    await sheet.getByTestId('kiosk-add').tap();
    await expect(page.getByTestId('kiosk-cart-line')).toHaveCount(1);
    await expectLowerHalf();
    await page.getByTestId('kiosk-leave').tap();
    await expect(page.getByTestId('kiosk-leave-dialog')).toBeVisible();
    await expectLowerHalf();
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('kiosk-leave-confirm').tap();
    // The next customer starts in the normal layout.
    await expect(page.getByTestId('kiosk-a11y-toggle')).toHaveAttribute('aria-pressed', 'false');
    await page.context().close();
  });
  test('accessibility mode in French: every category label fits its tab, and every tab is on screen without scrolling', async ({ browser }) => {
    test.setTimeout(60_000);
    const { page } = await openKiosk(browser, server.base);
    await page.getByTestId('kiosk-lang-fr_FR').tap();
    await page.getByTestId('kiosk-a11y-toggle').tap();
    await startOrder(page);
    const rail = page.getByRole('navigation', { name: fr['kiosk.categories']! });
    await expect(rail.getByRole('button').first()).toBeVisible();
    const measured = await rail.evaluate((nav) => {
      const box = nav.getBoundingClientRect();
      return Array.from(nav.querySelectorAll('button')).map((tab) => {
        const r = tab.getBoundingClientRect();
        const label = tab.querySelector('span')!;
        return {
          name: label.textContent,
          clipped: label.scrollWidth > label.clientWidth || tab.scrollWidth > tab.clientWidth,
          // A word cut over two lines ("Végétari / en"): its text spans more than one line box.
          brokenWord: [...(label.textContent ?? '').matchAll(/\S+/g)].some((word) => {
            const range = document.createRange();
            range.setStart(label.firstChild!, word.index);
            range.setEnd(label.firstChild!, word.index + word[0].length);
            return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size > 1;
          }),
          offScreen: r.top < Math.max(0, box.top) - 1 || r.bottom > Math.min(window.innerHeight, box.bottom) + 1 || r.left < 0 || r.right > window.innerWidth,
        };
      });
    });
    expect(measured.length).toBeGreaterThan(5);
    expect(measured.filter((m) => m.clipped || m.brokenWord || m.offScreen)).toEqual([]);
    await page.context().close();
  });
});
