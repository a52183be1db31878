import { expect, test } from '@playwright/test';
import { addFromProductPage, tomorrow } from './ordering-support';
import { setLocaleCookie, waitForShop } from './support';

// Issue 31: texts without a translation say so, and long Dutch compounds break where a reader expects
// (docs/decisions/0074-untranslated-texts-hyphenation.md).

test('a phone card hyphenates a Dutch compound name by its language, and nothing sticks out', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/bestellen?search=aardappel');
  await waitForShop(page);
  const title = page.locator('[data-slug="zoete-aardappelfrieten"] .card__title');
  await expect(title).toHaveText('Zoete-aardappelfrieten');
  const layout = await title.evaluate((el) => ({
    hyphens: getComputedStyle(el).hyphens,
    wrap: getComputedStyle(el).overflowWrap,
    lang: el.closest('[lang]')?.getAttribute('lang'),
    fits: el.scrollWidth <= el.clientWidth,
  }));
  expect(layout).toEqual({ hyphens: 'auto', wrap: 'break-word', lang: 'nl-BE', fits: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("a slot's message written in Dutch is marked as Dutch on the French checkout", async ({ page, baseURL, request }) => {
  await setLocaleCookie(page, baseURL, 'fr_FR');
  await addFromProductPage(page, 'fristi', 6);
  await page.goto('/checkout');
  await page.getByTestId('fulfilment-delivery').click();
  await page.locator(`[data-testid="day-option"][data-date="${await tomorrow(request)}"]`).click();
  const message = page.getByTestId('slot-message').first();
  await expect(message).toContainText('Levering aan huis binnen 8 km');
  await expect(message.locator('[lang="nl"]')).toHaveText('Levering aan huis binnen 8 km');
  await expect(message.getByTestId('other-language')).toHaveText('(en néerlandais)');
  // The times it belongs to are described by it, note included.
  await expect(page.getByTestId('slot-option').first().getByRole('radio')).toHaveAccessibleDescription(/Levering aan huis binnen 8 km \(en néerlandais\)/);
});
