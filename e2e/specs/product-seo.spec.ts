import { expect, test } from '@playwright/test';

/**
 * A product page loaded straight from the server carries the product's SEO head (the same markup as the
 * GraphQL field fullYoastHead), so link previews and crawlers see the product; the app then runs under the
 * CSP without a violation from the JSON-LD block.
 */
test('a product page opened directly has its title, Open Graph tags and JSON-LD Product, under the CSP', async ({ page, request }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  // What a crawler without script gets.
  const html = await (await request.get('/product/frieten')).text();
  expect(html).toMatch(/<title>Frieten \| [^<]+<\/title>/);
  expect(html).toContain('<meta property="og:type" content="product" />');

  await page.goto('/product/frieten');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /^Frieten \| /);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/product\/frieten$/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'Product', name: 'Frieten', offers: { '@type': 'AggregateOffer', priceCurrency: 'EUR' } });
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
