import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, waitForShop } from './support';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

// With reduced motion (the config's default) and without: a transition of 0.01 ms once kept the drawer hidden for a
// frame, so it never took focus.
for (const reducedMotion of ['reduce', 'no-preference'] as const) {
  test.describe(`${reducedMotion} motion`, () => {
    test.use({ reducedMotion });
    test('mobile menu: slides in with an overlay, locks the body scroll, Escape and the overlay close it', async ({ page }) => {
      await page.goto('/bestellen');
      await waitForShop(page);
      const toggle = page.getByRole('button', { name: 'Menu openen' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();

      const menu = page.getByRole('dialog', { name: 'Menu' });
      await expect(menu).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('body')).toHaveClass(/overflow-hidden/);
      const overlay = page.getByTestId('drawer-overlay');
      await expect(overlay).toBeVisible();
      // From the left, once its slide-in has ended.
      await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0);
      await expect(menu.getByRole('link', { name: 'Inloggen' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Mijn account' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Contact' })).toBeVisible();
      await expect(menu.getByRole('button', { name: /Français/ })).toBeVisible();
      // Focus moved into the menu.
      await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);

      await expectNoSeriousA11yViolations(page);

      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(page.locator('body')).not.toHaveClass(/overflow-hidden/);
      await expect(toggle).toBeFocused();

      // The overlay closes it too.
      await toggle.click();
      await expect(menu).toBeVisible();
      await overlay.click({ position: { x: 370, y: 400 } });
      await expect(menu).toBeHidden();

      // Navigating closes it.
      await toggle.click();
      await menu.getByRole('link', { name: 'Contact' }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(menu).toBeHidden();
      await expect(page.locator('body')).not.toHaveClass(/overflow-hidden/);
    });
  });
}

test('mobile search row opens and focuses the search box', async ({ page }) => {
  await page.goto('/bestellen');
  await waitForShop(page);
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Zoeken openen' }).click();
  const box = page.getByRole('searchbox', { name: 'Zoeken in de kaart' });
  await expect(box).toBeFocused();
  await box.fill('frikandel');
  await expect(page).toHaveURL(/search=frikandel/);
});

test('an allergen tip opens on a tap and closes on a tap elsewhere: it does not stay over the price (issue 17)', async ({ page }) => {
  await page.goto('/bestellen');
  await waitForShop(page);
  const card = page
    .getByTestId('product-card')
    .filter({ has: page.locator('.allergens__btn') })
    .first();
  const button = card.locator('.allergens__btn').first();
  const tip = card.locator('.allergens__tip').first();
  await button.tap();
  await expect(tip).toBeVisible();
  await page.locator('.shop__title').tap();
  await expect(tip).toBeHidden();
});
