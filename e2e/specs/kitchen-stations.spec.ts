import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { StaffServer } from './staff-server';

// Kitchen stations (docs/decisions/0069-kitchen-stations.md), on its own server (E2E_PORT + 137): two stations, an
// order with items of both, each station screen shows only its own lines, the order is ready when both bumped,
// all by keyboard (the bump bar), with axe on the station screen and its tablet mode; and the preparation times screen.
const port = Number(process.env.E2E_PORT ?? 3210) + 137;
const ADMIN = { email: 'beheer-stations@bakje.test', password: 'Stations beheer e2e' };
const COOK = { email: `kok-stations-${Date.now()}@bakje.test`, password: 'Frieten bakken 180 graden' };
let server: StaffServer;
let admin: APIRequestContext;
let csrf: string;

interface Product {
  databaseId: number;
  name: string;
  type: string;
  stockStatus?: string;
  addons: { required: boolean }[];
  productCategories: { nodes: { databaseId: number }[] };
}

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
  await server.addStaffUser(ADMIN, { ...COOK, role: 'kitchen' });
  admin = await playwrightRequest.newContext({ baseURL: server.base });
  await admin.post('/graphql', {
    data: {
      query: `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`,
      variables: { u: ADMIN.email, p: ADMIN.password },
    },
  });
  csrf = (await admin.storageState()).cookies.find((c) => c.name === 'bakje_csrf')!.value;
});
test.afterAll(async () => {
  await admin?.dispose();
  await server?.stop();
});

/** A customer orders these products (one each) for today's first free takeaway slot, as the shop would. */
async function placeOrder(productIds: number[]): Promise<{ databaseId: number; pickupNumber: number }> {
  const api = await playwrightRequest.newContext({ baseURL: server.base });
  let token: string | undefined;
  const call = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const response = await api.post('/graphql', { data: { query, variables }, headers: token ? { 'woocommerce-session': `Session ${token}` } : {} });
    token = response.headers()['woocommerce-session'] ?? token;
    const body = (await response.json()) as { data: T; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  try {
    for (const id of productIds) await call(`mutation($id: Int!) { addToCart(input: {productId: $id, quantity: 1}) { cart { isEmpty } } }`, { id });
    const { orderingDays } = await call<{ orderingDays: { date: string }[] }>(`{ orderingDays(type: TAKEAWAY, count: 1) { date } }`);
    const { availableTimeSlots } = await call<{ availableTimeSlots: { id: string; isFullyBooked: boolean }[] }>(
      `query($date: String!) { availableTimeSlots(type: TAKEAWAY, date: $date) { id isFullyBooked } }`,
      { date: orderingDays[0]!.date },
    );
    const slot = availableTimeSlots.find((s) => !s.isFullyBooked)!;
    const { checkout } = await call<{ checkout: { order: { databaseId: number; pickupNumber: number } } }>(
      `mutation($input: CheckoutInput!) { checkout(input: $input) { order { databaseId pickupNumber } } }`,
      {
        input: {
          paymentMethod: 'cod',
          billing: { firstName: 'Test', lastName: 'Klant', phone: '0470 00 00 00', address1: 'Korenmarkt 1', city: 'Gent', postcode: '9000' },
          metaData: [
            { key: 'fulfilment_type', value: 'takeaway' },
            { key: 'time_slot', value: slot.id },
          ],
        },
      },
    );
    return checkout.order;
  } finally {
    await api.dispose();
  }
}

async function expectNoA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

const orderStatus = async (id: number) => ((await (await admin.get(`/api/orders/${id}`)).json()) as { status: string }).status;

test('an order with items of two stations shows on each station with only its items, and is ready when both bumped (keyboard only)', async ({ browser }) => {
  // Two simple products of different categories: the fryer takes the first one's category, the grill the second product.
  const guest = await playwrightRequest.newContext({ baseURL: server.base });
  const catalogue = await guest.post('/graphql', {
    data: {
      query: `{ products(first: 9999) { nodes { databaseId name type addons { required } productCategories { nodes { databaseId } } ... on SimpleProduct { stockStatus } } } }`,
    },
  });
  const answer = (await catalogue.json()) as { data: { products: { nodes: Product[] } }; errors?: unknown };
  await guest.dispose();
  expect(answer.errors, JSON.stringify(answer)).toBeUndefined();
  const { products } = answer.data;
  const orderable = products.nodes.filter((p) => p.type === 'SIMPLE' && p.stockStatus === 'IN_STOCK' && !p.addons.some((a) => a.required));
  const fries = orderable.find((p) => p.productCategories.nodes.length > 0)!;
  const friesCategory = fries.productCategories.nodes[0]!.databaseId;
  const grilled = orderable.find((p) => !p.productCategories.nodes.some((c) => c.databaseId === friesCategory))!;
  const create = async (data: unknown) => {
    const response = await admin.post('/api/dashboard/stations', { data, headers: { 'x-csrf-token': csrf } });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const friteuse = await create({ name: 'Friteuse', categoryIds: [friesCategory] });
  const grill = await create({ name: 'Grill', productIds: [grilled.databaseId] });

  const order = await placeOrder([fries.databaseId, grilled.databaseId]);
  const fryer = await server.openAs(browser, COOK, `/dashboard/kitchen?station=${friteuse}`);
  const grillTablet = await server.openAs(browser, COOK, `/dashboard/kitchen?station=${grill}&mode=tablet`);

  const cardOn = (page: Page) =>
    page.getByTestId('station-order').filter({ has: page.getByRole('heading', { name: `Nr. ${order.pickupNumber}`, exact: true }) });
  // Each station sees the order with only its own line.
  await expect(cardOn(fryer).getByTestId('station-line')).toHaveText([new RegExp(fries.name)]);
  await expect(cardOn(grillTablet).getByTestId('station-line')).toHaveText([new RegExp(grilled.name)]);
  await expect(fryer.getByTestId('bump-legend')).toContainText('Enter');
  await expectNoA11yViolations(fryer);

  // Tablet mode: no dashboard menu, targets of at least 64 px.
  await expect(grillTablet.getByRole('navigation', { name: 'Beheermenu' })).toHaveCount(0);
  const bumpBox = await cardOn(grillTablet).getByTestId('station-bump').boundingBox();
  expect(bumpBox!.height).toBeGreaterThanOrEqual(64);
  await expectNoA11yViolations(grillTablet);

  // Keyboard only on the fryer: 1 selects the order, Enter bumps its part, Backspace recalls it, Enter again.
  const first = fryer.getByTestId('station-order').first();
  await expect(first).toHaveAttribute('data-order-id', String(order.databaseId));
  await fryer.keyboard.press('1');
  await expect(first).toBeFocused();
  await fryer.keyboard.press('Enter');
  await expect(cardOn(fryer)).toHaveCount(0);
  expect(await orderStatus(order.databaseId)).toBe('processing');
  await fryer.keyboard.press('Backspace');
  await expect(cardOn(fryer)).toHaveCount(1);
  await fryer.keyboard.press('1');
  await fryer.keyboard.press('Enter');
  await expect(cardOn(fryer)).toHaveCount(0);
  // The grill's part is still open: not ready yet.
  await expect(cardOn(grillTablet)).toHaveCount(1);
  expect(await orderStatus(order.databaseId)).toBe('processing');

  // The grill bumps by keyboard as well: the last part makes the order ready.
  await grillTablet.keyboard.press('1');
  await grillTablet.keyboard.press('Enter');
  await expect(cardOn(grillTablet)).toHaveCount(0);
  await expect.poll(() => orderStatus(order.databaseId)).toBe('completed');
  // "0" recalls the last bumped part: the order goes back to preparing and the grill shows it again.
  await grillTablet.keyboard.press('0');
  await expect(cardOn(grillTablet)).toHaveCount(1);
  await expect.poll(() => orderStatus(order.databaseId)).toBe('processing');
});

// Preparation times (docs/decisions/0073-preparation-time-per-product.md): the manager's screen, on a phone, by keyboard.
test("a manager sets a category's preparation time on the prep-times screen; a bad value is named at its field", async ({ browser }) => {
  const categories = (await (await admin.get('/wp-json/wc/v3/products/categories?per_page=100')).json()) as { id: number; name: string; count: number }[];
  const category = categories.find((c) => c.count > 0)!;
  const page = await server.openAs(browser, ADMIN, '/dashboard/prep-times', 390);
  await expect(page.getByRole('heading', { name: 'Bereidingstijden', level: 1 })).toBeVisible();
  const field = page.getByRole('group', { name: 'Per categorie (minuten)' }).getByLabel(category.name, { exact: true });

  await field.fill('acht');
  await field.press('Enter');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/Geef hele minuten van 0 tot 240, of laat leeg\./);

  await field.fill('12');
  await field.press('Enter');
  await expect(page.getByText('Bereidingstijden opgeslagen.')).toBeVisible();
  const stored = (await (await admin.get('/api/kitchen/settings')).json()) as { categoryPrepMinutes: Record<string, number> };
  expect(stored.categoryPrepMinutes[String(category.id)]).toBe(12);
  // Fits a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.reload();
  await expect(page.getByRole('group', { name: 'Per categorie (minuten)' }).getByLabel(category.name, { exact: true })).toHaveValue('12');
  await page.context().close();
});
