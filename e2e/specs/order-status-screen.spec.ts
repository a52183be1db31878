import { expect, test } from '@playwright/test';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Its own server (E2E_PORT + 1): the kitchen action needs staff, which the shared server refuses to everyone.
const port = Number(process.env.E2E_PORT ?? 3210) + 1;
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port);
});
test.afterAll(async () => {
  await server?.stop();
});

test('the status screen shows a new order under "In bereiding" and moves it to "Klaar" when the kitchen marks it ready', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`${server.base}/order-status-scherm`);
  const preparing = page.getByRole('region', { name: 'In bereiding' });
  const ready = page.getByRole('region', { name: 'Klaar' });
  await expect(preparing).toBeVisible();
  await expect(ready).toBeVisible();
  await expect(preparing.getByText('Geen bestellingen in bereiding')).toBeVisible();

  const order = await server.placeOrder();
  const number = String(order.pickupNumber);
  await expect(preparing.getByTestId('status-number').filter({ hasText: new RegExp(`^${number}$`) })).toBeVisible();
  await expect(ready.getByTestId('status-number')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const marked = await server.kitchen(`/api/kitchen/orders/${order.databaseId}/ready`);
  expect(marked).toEqual({ status: 200, body: { orders: [order.databaseId] } });
  await expect(ready.getByTestId('status-number').filter({ hasText: new RegExp(`^${number}$`) })).toBeVisible();
  await expect(preparing.getByTestId('status-number')).toHaveCount(0);

  // Nothing personal on the public screen.
  await expect(page.getByTestId('order-status-screen')).not.toContainText('Klant');

  // A reload shows the same board (from the snapshot), and the kitchen can take it back (recover).
  await page.reload();
  await expect(ready.getByTestId('status-number').filter({ hasText: new RegExp(`^${number}$`) })).toBeVisible();
  expect((await server.kitchen(`/api/kitchen/orders/${order.databaseId}/recover`)).status).toBe(200);
  await expect(preparing.getByTestId('status-number').filter({ hasText: new RegExp(`^${number}$`) })).toBeVisible();
});
