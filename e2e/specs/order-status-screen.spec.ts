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

test('one screen can be set to another language with ?lang= (issue 17)', async ({ page }) => {
  await page.goto(`${server.base}/order-status-scherm?lang=fr`);
  await expect(page.getByRole('region', { name: 'En préparation' })).toBeVisible();
  await page.goto(`${server.base}/order-status-scherm?lang=en`);
  await expect(page.getByRole('region', { name: 'Preparing' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ready' })).toBeVisible();
});

test("the customer's order summary shows the ready status live, without a reload", async ({ page }) => {
  const order = await server.placeOrder();
  const stream = page.waitForRequest((r) => r.url().includes(`/api/events/order/${order.databaseId}?key=`));
  await page.goto(`${server.base}/checkout/order-received/${order.databaseId}?key=${order.orderKey}`);
  const status = page.getByTestId('order-status');
  await expect(status).toHaveText('In bereiding');
  await stream;
  // A mark on the window survives only if the page is not reloaded.
  await page.evaluate(() => Object.assign(window, { bakjeNoReload: true }));

  expect((await server.kitchen(`/api/kitchen/orders/${order.databaseId}/ready`)).status).toBe(200);
  // Well within the 15 s of the fallback polling: this comes from the event stream.
  await expect(status).toHaveText('Klaar', { timeout: 5_000 });
  expect(await page.evaluate(() => (window as { bakjeNoReload?: boolean }).bakjeNoReload)).toBe(true);

  // And back when the kitchen recovers it.
  expect((await server.kitchen(`/api/kitchen/orders/${order.databaseId}/recover`)).status).toBe(200);
  await expect(status).toHaveText('In bereiding', { timeout: 5_000 });
});

test('without the event stream the order summary falls back to polling', async ({ page }) => {
  test.setTimeout(60_000);
  await page.route('**/api/events/order/**', (route) => route.abort());
  const order = await server.placeOrder();
  await page.goto(`${server.base}/checkout/order-received/${order.databaseId}?key=${order.orderKey}`);
  const status = page.getByTestId('order-status');
  await expect(status).toHaveText('In bereiding');
  expect((await server.kitchen(`/api/kitchen/orders/${order.databaseId}/ready`)).status).toBe(200);
  // The next poll (every 15 s while the stream is down) brings it.
  await expect(status).toHaveText('Klaar', { timeout: 25_000 });
});
