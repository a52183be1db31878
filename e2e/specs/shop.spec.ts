import { expect, test, type Page } from '@playwright/test';
import { allProducts, parseEuro, waitForShop } from './support';

async function cardNames(page: Page): Promise<string[]> {
  return page.getByTestId('product-card').getByRole('heading').allTextContents();
}

/** Prices shown on the cards; "from" prices of products with sizes are left out (the list sorts on their highest price). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('product-card').getByTestId('product-price').allTextContents();
  return texts.filter((t) => !/vanaf|from|partir/i.test(t)).map(parseEuro);
}

test.describe('shop list', () => {
  test('a card of a product with required choices says "Kiezen" and opens its page (issue 17)', async ({ page, request }) => {
    const products = await allProducts(request);
    const needsChoices = products.filter((p) => p.addons.some((a) => a.required));
    expect(needsChoices.length).toBeGreaterThan(0);
    const product = needsChoices[0]!;
    await page.goto(`/bestellen?search=${encodeURIComponent(product.name)}`);
    await waitForShop(page);
    const card = page.locator(`[data-testid="product-card"][data-slug="${product.slug}"]`);
    await expect(card.getByRole('link', { name: `Opties kiezen voor ${product.name}` })).toHaveText('Kiezen');
    await expect(card.getByTestId('card-add')).toHaveCount(0);
    // Every card on the first page that needs choices says so.
    await page.goto('/bestellen');
    await waitForShop(page);
    for (const slug of await page.getByTestId('product-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-slug')))) {
      if (needsChoices.some((p) => p.slug === slug))
        await expect(page.locator(`[data-testid="product-card"][data-slug="${slug}"]`).getByTestId('card-add')).toHaveCount(0);
    }
    await page.goto(`/bestellen?search=${encodeURIComponent(product.name)}`);
    await card.getByRole('link', { name: 'Kiezen' }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  });

  test('search "frikandel" finds it, clearing the search shows everything again', async ({ page, request }) => {
    const products = await allProducts(request);
    const expected = products.filter((p) => /frikandel/i.test(p.name)).map((p) => p.name);
    expect(expected.length).toBeGreaterThan(0);

    await page.goto('/bestellen');
    await waitForShop(page);
    const search = page.getByRole('searchbox', { name: 'Zoeken in de kaart' });
    await search.fill('frikandel');
    await expect(page).toHaveURL(/search=frikandel/);
    // The list follows the URL a moment later: wait until the count is no longer the whole menu's and every hit
    // is shown (the first page of the whole menu is shorter than the menu, so the number of cards says nothing).
    await expect(page.getByTestId('result-count')).not.toContainText(`van ${products.length} producten`);
    await expect
      .poll(async () => {
        const shown = await cardNames(page);
        return expected.filter((name) => !shown.includes(name));
      })
      .toEqual([]);
    const names = await cardNames(page);
    for (const name of expected) expect(names).toContain(name);
    // Every hit mentions it (name or description); "Frikandel" itself is there.
    expect(names.some((n) => /frikandel/i.test(n))).toBe(true);
    expect(names.length).toBeLessThan(products.length);

    await search.fill('');
    await expect(page).not.toHaveURL(/search=/);
    await expect(page.getByTestId('result-count')).toContainText(`van ${products.length} producten`);
  });

  test('a search without hits shows the empty state with a way out', async ({ page }) => {
    await page.goto('/bestellen?search=zzzgeenproduct');
    await expect(page.getByRole('heading', { name: 'Geen producten gevonden' })).toBeVisible();
    await page.getByRole('link', { name: 'Filters wissen' }).click();
    await expect(page).toHaveURL(/\/bestellen$/);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });

  test('filter by category with the category chips and by price with the filter panel', async ({ page, request }) => {
    const products = await allProducts(request);
    const snacks = products.filter((p) => p.productCategories.nodes.some((c) => c.slug === 'snacks'));
    expect(snacks.length).toBeGreaterThan(1);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/bestellen');
    await waitForShop(page);
    await page.getByRole('navigation', { name: 'Categorieën' }).getByRole('link', { name: 'Snacks', exact: true }).click();
    await expect(page).toHaveURL(/filter=category%5Bsnacks%5D|filter=category\[snacks\]/);
    await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`van ${snacks.length} product`));
    const names = await cardNames(page);
    expect(names.sort()).toEqual(
      snacks
        .map((p) => p.name)
        .slice(0, 24)
        .sort(),
    );
    await expect(page.getByRole('link', { name: 'Snacks', exact: true })).toHaveAttribute('aria-current', 'page');

    // Price between 2 and 3 euro, inclusive, on top of the category.
    const panel = page.getByRole('complementary', { name: 'Filters' });
    await panel.getByLabel('Van', { exact: true }).fill('2');
    await panel.getByLabel('Tot', { exact: true }).fill('3');
    await panel.getByRole('button', { name: 'Prijs toepassen' }).click();
    await expect(page).toHaveURL(/price%5B2%2C3%5D|price\[2,3\]/);
    const inRange = snacks.filter((p) => {
      const prices = (p.rawPrice ?? '').split(',').map(Number);
      const highest = Math.max(...prices);
      return highest >= 2 && highest <= 3;
    });
    await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`van ${inRange.length} product`));
    for (const price of await cardPrices(page)) {
      expect(price).toBeGreaterThanOrEqual(2);
      expect(price).toBeLessThanOrEqual(3);
    }

    // Back restores the category-only list.
    await page.goBack();
    await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`van ${snacks.length} product`));
  });

  test('sort by price ascending', async ({ page }) => {
    await page.goto('/bestellen');
    await waitForShop(page);
    await page.getByLabel('Sorteren').selectOption({ label: 'Prijs: laag naar hoog' });
    await expect(page).toHaveURL(/orderby=price&order=ASC/);
    await expect(async () => {
      const prices = await cardPrices(page);
      expect(prices.length).toBeGreaterThan(5);
      const sorted = [...prices].sort((a, b) => a - b);
      expect(prices).toEqual(sorted);
      expect(prices[0]).toBeLessThan(prices[prices.length - 1]!);
    }).toPass();
  });

  test('paging: page 2 shows other products; back and forward restore each page', async ({ page, request }) => {
    const products = await allProducts(request);
    test.skip(products.length <= 24, 'needs more than one page of products');

    await page.goto('/bestellen');
    await waitForShop(page);
    const first = await cardNames(page);
    expect(first).toHaveLength(24);
    expect(first).toEqual(products.slice(0, 24).map((p) => p.name));

    await page.getByRole('navigation', { name: 'Paginering' }).getByRole('link', { name: 'Pagina 2' }).click();
    await expect(page).toHaveURL(/\/bestellen\/page\/2$/);
    await expect(page.getByTestId('result-count')).toHaveText(/^25–/);
    const second = await cardNames(page);
    expect(second).toEqual(products.slice(24, 48).map((p) => p.name));
    expect(second.some((n) => first.includes(n))).toBe(false);
    await expect(page.getByRole('link', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');

    await page.goBack();
    await expect(page).toHaveURL(/\/bestellen$/);
    await expect(page.getByTestId('result-count')).toHaveText(/^1–24/);
    expect(await cardNames(page)).toEqual(first);

    await page.goForward();
    await expect(page).toHaveURL(/\/bestellen\/page\/2$/);
    await expect(page.getByTestId('result-count')).toHaveText(/^25–/);
    expect(await cardNames(page)).toEqual(second);
  });

  test('a failing request shows the error state; retry loads the list', async ({ page }) => {
    let failing = true;
    await page.route(/\/graphql(\?|$)/, async (route) => {
      // The menu is a catalogue read: sent by GET, its operation in the URL (web/src/api/client.ts).
      if (failing && (route.request().postData() ?? route.request().url()).includes('GetProducts')) {
        await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errors: [{ message: 'Something went wrong.' }] }) });
        return;
      }
      await route.continue();
    });
    await page.goto('/bestellen');
    const alert = page.getByRole('alert').filter({ hasText: 'Laden is mislukt' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(alert).toContainText('Something went wrong.');
    failing = false;
    await alert.getByRole('button', { name: 'Opnieuw proberen' }).click();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });

  test('a malformed filter is ignored and the list still shows', async ({ page, request }) => {
    const products = await allProducts(request);
    await page.goto('/bestellen?filter=category[snacks');
    await expect(page.getByTestId('result-count')).toContainText(`van ${products.length} producten`);
    await expect(page.getByTestId('product-card')).toHaveCount(Math.min(24, products.length));
  });

  test('sold-out products are marked and allergen names show on tap', async ({ page, request }) => {
    const products = await allProducts(request);
    const soldOut = products.find((p) => p.stockStatus === 'OUT_OF_STOCK');
    test.skip(!soldOut, 'no sold-out product in the demo data');
    await page.goto(`/bestellen?search=${encodeURIComponent(soldOut!.name)}`);
    const card = page.locator(`[data-slug="${soldOut!.slug}"]`);
    await expect(card).toContainText('Uitverkocht');
    const allergen = card.getByRole('button').first();
    if (await allergen.count()) {
      const name = await allergen.getAttribute('aria-label');
      await allergen.click();
      await expect(card.getByRole('tooltip', { includeHidden: true }).filter({ hasText: name! })).toBeVisible();
    }
  });
});
