import { expect, test } from '@playwright/test';
import { StaffServer } from './staff-server';

// Web push needs the full Chromium: the headless shell the other specs use reports notifications as denied
// (e2e/playwright.config.ts, project "full-chromium"). Its own server (E2E_PORT + 45), open all day.
const port = Number(process.env.E2E_PORT ?? 3210) + 45;
let server: StaffServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port);
});
test.afterAll(async () => {
  await server?.stop();
});

test('a customer allows notifications on the order page; "ready" reaches the page\'s service worker as a notification', async ({ browser }) => {
  const order = await server.placeOrder({ minutesAhead: 1 });
  // Headless Chromium reaches no real push service, so its PushManager.subscribe is replaced by a subscription the
  // shop's push service simulator issues (and can decrypt for); the rest is the page's own code and the real
  // service worker (docs/decisions/0086-order-web-push.md).
  const customerContext = await browser.newContext({ baseURL: server.base, permissions: ['notifications'] });
  await customerContext.addInitScript(() => {
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async function () {
      const issued = (await (await fetch('/simulators/webpush/subscriptions', { method: 'POST' })).json()) as PushSubscriptionJSON;
      return { endpoint: issued.endpoint, toJSON: () => issued } as unknown as PushSubscription;
    };
  });
  const customer = await customerContext.newPage();
  await customer.goto(`/checkout/order-received/${order.databaseId}?key=${order.orderKey}`);
  await expect(customer.getByTestId('order-status')).toHaveText('In bereiding');
  await customer.getByRole('button', { name: 'Laat me weten wanneer mijn bestelling klaar is' }).click();
  await expect(customer.getByTestId('order-push-state')).toHaveAttribute('data-state', 'on');

  expect((await server.kitchen(`/api/kitchen/orders/${order.databaseId}/ready`)).status).toBe(200);
  await expect(customer.getByTestId('order-status')).toHaveText('Klaar', { timeout: 25_000 });

  // The shop pushed "ready": encrypted, VAPID-signed, decrypted by the push service simulator. Its payload reaches
  // the page's service worker through DevTools, as the browser's push service would deliver it, and the worker
  // shows the notification.
  const readyPushes = async () =>
    ((await (await fetch(`${server.base}/simulators/webpush/pushes.json`)).json()) as { payload: string }[])
      .map((p) => p.payload)
      .filter((p) => p.includes(`"kind":"ready"`) && p.includes(`order-${order.databaseId}`));
  await expect.poll(async () => (await readyPushes()).length).toBe(1);
  const [ready] = await readyPushes();
  const cdp = await customerContext.newCDPSession(customer);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${server.base}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.base, registrationId: await registered, data: ready! });
  await expect
    .poll(() => customer.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body, n.tag])))
    .toEqual([[`Bestelling #${order.pickupNumber} is klaar`, expect.stringContaining('Je bestelling ligt klaar bij'), `order-${order.databaseId}`]]);
  await customerContext.close();
});
