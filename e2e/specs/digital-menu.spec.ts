import { expect, test } from '@playwright/test';
import { parseEuro } from './support';

test.use({ viewport: { width: 1920, height: 1080 } });

test('digital menu page 1 renders names and prices full screen', async ({ page }) => {
  await page.goto('/digital-menu/1');
  const board = page.getByTestId('digital-menu');
  await expect(board).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu openen' })).toHaveCount(0); // no shop header
  await expect(page.getByRole('contentinfo')).toHaveCount(0); // no footer
  const rows = page.getByTestId('board-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(3);
  const prices = await page.getByTestId('board-price').allTextContents();
  expect(prices.length).toBeGreaterThan(3);
  for (const p of prices) expect(parseEuro(p)).toBeGreaterThan(0);
  // Large type for reading from a distance.
  const size = await rows.first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const scale = await page.getByTestId('display-stage').evaluate((el) => el.getBoundingClientRect().width / 1920);
  expect(size * scale).toBeGreaterThanOrEqual(40);
});

test('the BKP variant shows the same content; an unknown page is explained', async ({ page }) => {
  await page.goto('/digital-menu/1');
  await expect(page.getByTestId('board-row').first()).toBeVisible();
  const standard = await page.getByTestId('board-row').allTextContents();
  expect(standard.length).toBeGreaterThan(3);
  await page.goto('/digital-menu/BKP-1');
  await expect(page.getByTestId('digital-menu')).toHaveClass(/board--bkp/);
  await expect(page.getByTestId('board-row')).toHaveText(standard);

  const response = await page.goto('/digital-menu/99');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /Menupagina 99 bestaat niet/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Menubord 1' })).toBeVisible();
});
