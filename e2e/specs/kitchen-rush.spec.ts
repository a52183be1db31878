import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { StaffServer } from './staff-server';

// The Friday rush (issue 30) with fire times (docs/decisions/0068-fire-times.md). Its own server (E2E_PORT + 127),
// open around the clock. Every time is relative to now and every order's day is today or within the kitchen's
// two-day window, so the spec passes at any hour (also just before midnight) and on any weekday.
const port = Number(process.env.E2E_PORT ?? 3210) + 127;
const ADMIN = { email: 'beheer-drukte@bakje.test', password: 'Vrijdagavond drukte e2e' };
const MINUTE = 60_000;
let server: StaffServer;
let api: APIRequestContext;

/** `day`: the shop day (Europe/Brussels) the order is for. Pickup numbers count per day: tomorrow's 1 is not today's 1. */
type Placed = { id: number; number: number; day: string };
const shopDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(date);
/** Placed first, so they hold the lowest numbers: shown by mistake they would head the status screen. */
const later: Placed[] = [];
/** Pre-orders for a slot 10 minutes away: they fire (8 minutes' preparation) two minutes from now. */
const soon: Placed[] = [];
const fired: Placed[] = [];
const asap: Placed[] = [];

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
  api = await playwrightRequest.newContext({ baseURL: server.base });
  const login = await api.post('/graphql', {
    data: {
      query: `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`,
      variables: { u: ADMIN.email, p: ADMIN.password },
    },
  });
  expect(await login.json()).toEqual({ data: { login: { viewer: { role: 'admin' } } } });
  const csrf = (await api.storageState()).cookies.find((c) => c.name === 'bakje_csrf')!.value;
  const products = (await (await api.get('/wp-json/wc/v3/products?per_page=100')).json()) as {
    id: number;
    type: string;
    stock_status: string;
    manage_stock: boolean;
  }[];
  const productId = products.find((p) => p.type === 'simple' && p.stock_status === 'instock' && !p.manage_stock)!.id;

  // 60 orders through the store API, as a till or phone would: takeaway, delivery and dine-in for a slot, and
  // orders "for now" without one (as a kiosk's), cash, already in the kitchen.
  const FULFILMENT = ['takeaway', 'delivery', 'dinein'] as const;
  const place = async (n: number, slotStart: Date | null): Promise<Placed> => {
    const meta = [{ key: 'fulfilment_type', value: FULFILMENT[n % 3]! }, ...(slotStart ? [{ key: 'slot_start', value: slotStart.toISOString() }] : [])];
    const response = await api.post('/wp-json/wc/v3/orders', {
      headers: { 'x-csrf-token': csrf },
      data: {
        status: 'processing',
        billing: { first_name: 'Klant', last_name: `Drukte ${n}` },
        line_items: [{ product_id: productId, quantity: 1 + (n % 3) }],
        meta_data: meta,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const body = (await response.json()) as { id: number; number: string };
    return { id: body.id, number: Number(body.number), day: shopDay(slotStart ?? new Date()) };
  };
  const now = Date.now();
  // One at a time for the numbers' order, then in parallel groups.
  for (let n = 0; n < 20; n++) later.push(await place(n, new Date(now + (n % 2 ? 3 * 60 : 6 * 60) * MINUTE)));
  for (let n = 20; n < 24; n++) soon.push(await place(n, new Date(now + 10 * MINUTE)));
  const rest = await Promise.all(Array.from({ length: 36 }, (_, i) => place(24 + i, i % 2 ? new Date(now) : null)));
  rest.forEach((p, i) => (i % 2 ? fired : asap).push(p));
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

const numbersIn = (page: Page, region: string) =>
  page
    .getByRole('region', { name: region })
    .getByTestId('status-number')
    .allTextContents()
    .then((list) => list.map(Number));

test('pre-orders stay off the status screen and in "Later"; "Alles klaar" asks, takes only fired orders, and its undo restores them', async ({ browser }) => {
  test.setTimeout(90_000);
  const nowOrders = [...fired, ...asap];
  // The status screen shows today's numbers: pre-orders for tomorrow (run late in the evening) have numbers of
  // their own day, which today's orders may also have.
  const today = shopDay(new Date());
  const preOrders = new Set([...later, ...soon].filter((p) => p.day === today).map((p) => p.number));
  const nowNumbers = new Set(nowOrders.map((p) => p.number));

  const statusContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const status = await statusContext.newPage();
  await status.goto(`${server.base}/order-status-scherm`);
  const first = Math.min(...nowOrders.map((p) => p.number));
  await expect.poll(() => numbersIn(status, 'In bereiding')).toContain(first);
  const shown = await numbersIn(status, 'In bereiding');
  expect(shown.filter((n) => preOrders.has(n))).toEqual([]);
  expect(shown.filter((n) => !nowNumbers.has(n))).toEqual([]);
  // Every tile lies inside the screen, at each of the three sizes (the same page resized; polled: the grid
  // settles once the stage has its orientation and the columns their measured boxes).
  const tilesOutside = (size: { width: number; height: number }) =>
    status.getByTestId('status-number').evaluateAll(
      (tiles, view) =>
        tiles
          .map((tile) => ({ n: tile.textContent, r: tile.getBoundingClientRect() }))
          .filter(({ r }) => r.left < 0 || r.top < 0 || r.right > view.width || r.bottom > view.height)
          .map(({ n }) => n),
      size,
    );
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 1280, height: 720 },
    { width: 1080, height: 1920 },
  ]) {
    await status.setViewportSize(size);
    await expect(status.getByTestId('status-number').first()).toBeVisible();
    await expect.poll(() => tilesOutside(size), { message: `tiles outside ${size.width}x${size.height}` }).toEqual([]);
  }
  await status.setViewportSize({ width: 1920, height: 1080 });

  // The kitchen on a clock the test moves (Playwright's page clock): no waiting for a fire time.
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1400, height: 1000 } });
  const kitchen = await context.newPage();
  await kitchen.clock.install();
  await kitchen.goto('/dashboard');
  const form = kitchen.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(ADMIN.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(kitchen.getByTestId('kitchen-stream')).toHaveText('Live');
  const card = (p: Placed) => kitchen.locator(`article[data-order-id="${p.id}"]`);

  await expect(kitchen.getByRole('tab', { name: /^In bereiding/ })).toHaveText('In bereiding (36)');
  await expect(kitchen.getByRole('tab', { name: /^Later/ })).toHaveText('Later (24)');
  await expect(card(later[0]!)).toHaveCount(0);
  // An order for now says "nu", not the slot it was booked into.
  await expect(card(asap[0]!).locator('.kcard__slot')).toHaveText('nu');
  // The next quarter hours' load: the 36 orders for now and the 4 firing soon (the others are hours away).
  const quarters = await kitchen
    .getByTestId('kitchen-rush')
    .locator('li')
    .evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-orders'))));
  expect(quarters.reduce((a, b) => a + b, 0)).toBe(40);
  await expect(kitchen.getByTestId('pause-button')).toBeVisible();

  // "Alles klaar" asks with the count of fired orders and names the ones it leaves.
  await kitchen.getByRole('button', { name: 'Alles klaar' }).click();
  const dialog = kitchen.getByRole('dialog', { name: '36 bestellingen klaarzetten?' });
  await expect(dialog).toContainText('24 bestellingen onder "Later" (nog niet gestart) blijven in bereiding.');
  await dialog.getByRole('button', { name: 'Klaarzetten' }).click();
  const undo = kitchen.getByTestId('kitchen-undo');
  await expect(undo).toContainText('36 bestellingen klaar');
  await expect(kitchen.getByRole('tab', { name: /^In bereiding/ })).toHaveText('In bereiding (0)');
  await expect(kitchen.getByRole('tab', { name: /^Later/ })).toHaveText('Later (24)');
  await expect(status.getByText('Geen bestellingen in bereiding')).toBeVisible();
  await expect.poll(() => numbersIn(status, 'Klaar').then((list) => list.filter((n) => preOrders.has(n)))).toEqual([]);
  expect((await numbersIn(status, 'Klaar')).length).toBeGreaterThan(0);

  // The undo restores them on the kitchen and the public screen.
  await undo.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(kitchen.getByRole('tab', { name: /^In bereiding/ })).toHaveText('In bereiding (36)');
  await expect.poll(() => numbersIn(status, 'In bereiding')).toContain(first);
  expect((await numbersIn(status, 'In bereiding')).filter((n) => preOrders.has(n))).toEqual([]);

  // Three minutes on, the four pre-orders for the slot 10 minutes away have fired: they move in by themselves,
  // with the new-order alert; the others stay under "Later".
  await kitchen
    .getByRole('button', { name: 'Gezien' })
    .click({ timeout: 1_000 })
    .catch(() => undefined);
  await kitchen.clock.fastForward('03:00');
  await expect(kitchen.getByRole('tab', { name: /^In bereiding/ })).toHaveText('In bereiding (40)');
  await expect(kitchen.getByRole('tab', { name: /^Later/ })).toHaveText('Later (20)');
  for (const p of soon) {
    await expect(card(p)).toBeVisible();
    await expect(kitchen.getByTestId('kitchen-alert-order').filter({ hasText: `nr. ${p.number}` })).toBeVisible();
  }
  await Promise.all([context.close(), statusContext.close()]);
});
