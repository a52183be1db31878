import { expect, test } from '@playwright/test';
import { setLocaleCookie } from './support';

// The terms name only the payment methods the shop offers (issue 17: they promised "Bancontact, kaart" while
// only cash existed); the list comes from the same gateways the checkout shows.
test('the terms list the payment methods the shop offers, in the visitor language', async ({ page, baseURL, request }) => {
  const offered = async () =>
    (
      (await (await request.post('/graphql', { data: { query: '{ paymentGateways { nodes { title } } }' } })).json()).data.paymentGateways.nodes as {
        title: string;
      }[]
    ).map((gateway) => gateway.title);
  await page.goto('/terms-conditions');
  const payment = page.getByRole('heading', { name: 'Prijzen en betaling' }).locator('xpath=following-sibling::p[1]');
  await expect(payment).toHaveText(/^Alle prijzen zijn in euro en inclusief btw\. Je betaalt met: .+\.$/);
  // The demo shop takes cash and, through the payment simulator, cards: each offered method is named, nothing else.
  const titles = await offered();
  expect(titles).toContain('Bancontact');
  for (const title of titles) await expect(payment).toContainText(title);
  await expect(page.locator('main')).not.toContainText(/kaart/);

  await setLocaleCookie(page, baseURL, 'en_US');
  await page.goto('/terms-conditions');
  const english = page.getByRole('heading', { name: 'Prices and payment' }).locator('xpath=following-sibling::p[1]');
  await expect(english).toHaveText(/^All prices are in euro and include VAT\. You pay by .+\.$/);
  await expect(english).toContainText('Cash');
  await expect(english).toContainText('Bancontact');
});
