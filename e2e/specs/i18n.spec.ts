import { expect, test } from '@playwright/test';
import { allProducts, waitForShop } from './support';

test.describe('browsing the menu in each language', () => {
  test('names, prices and <html lang> follow the language switcher and the choice is kept in a cookie', async ({ page, request }) => {
    const [nl, fr, en] = await Promise.all([allProducts(request, 'nl_BE'), allProducts(request, 'fr_FR'), allProducts(request, 'en_US')]);
    // A product whose name differs in all three languages (e.g. Frieten / Frites / Fries).
    const index = nl.findIndex((p, i) => p.name !== fr[i]!.name && p.name !== en[i]!.name && fr[i]!.name !== en[i]!.name);
    expect(index).toBeGreaterThanOrEqual(0);
    test.skip(index >= 24, 'needs a translated product on the first page');
    const names = { nl: nl[index]!.name, fr: fr[index]!.name, en: en[index]!.name };

    await page.goto('/bestellen');
    await waitForShop(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl-BE');
    await expect(page.getByRole('heading', { name: names.nl, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Onze kaart');
    await expect(page.getByTestId('product-price').first()).toContainText('€ ');

    const switchTo = async (label: RegExp, code: string) => {
      await page.getByRole('button', { name: /Menu openen|Ouvrir le menu|Open menu/ }).click();
      const menu = page.getByRole('dialog');
      await expect(menu).toBeVisible();
      await menu.getByRole('button', { name: label }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    };

    await switchTo(/Français/, 'fr-FR');
    await expect(page.getByRole('heading', { name: names.fr, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: names.nl, exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notre carte');
    await expect(page.getByTestId('product-price').first()).toContainText(/\d,\d\d\s€/);
    expect((await page.context().cookies()).find((c) => c.name === 'bakje-locale')?.value).toBe('fr_FR');

    await switchTo(/English/, 'en-US');
    await expect(page.getByRole('heading', { name: names.en, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our menu');
    await expect(page.getByTestId('product-price').first()).toContainText(/€\d+\.\d\d/);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'bakje-locale');
    expect(cookie?.value).toBe('en_US');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

    // The cookie survives a reload.
    await page.reload();
    await waitForShop(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('heading', { name: names.en, exact: true })).toBeVisible();

    await switchTo(/Nederlands/, 'nl-BE');
    await expect(page.getByRole('heading', { name: names.nl, exact: true })).toBeVisible();
  });
});

// Issue 31: a browser set to French got Dutch on its first visit. Until the customer chooses, the shop speaks the
// browser's language, from the server's first paint on (no Dutch flash), and stores no choice for them.
test('a browser set to French gets the shop in French on its first visit', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  try {
    const page = await context.newPage();
    const response = await page.goto('/bestellen');
    expect(await response!.text()).toContain('<html lang="fr-FR"');
    await waitForShop(page);
    await expect(page.locator('#first-paint')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notre carte');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    expect((await context.cookies()).find((c) => c.name === 'bakje-locale')).toBeUndefined();
  } finally {
    await context.close();
  }
});
