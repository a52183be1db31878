import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { KioskOrderView, KioskSession } from '@bakje/contract';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Its own server (E2E_PORT + 112): open all day, so a kiosk order (always "as soon as possible") is possible
// whatever the hour the suite runs. The first admin manages kiosks (settings.manage) and confirms counter
// payments in the kitchen view (orders.status).
const port = Number(process.env.E2E_PORT ?? 3210) + 112;
const ADMIN = { email: 'beheer-kiosk@bakje.test', password: 'Kiosk beheer e2e' };
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
});
test.afterAll(async () => {
  await server?.stop();
});

/**
 * The kiosk's side through its own browser context: the device cookie lives in the context, so the page and
 * these calls are the same kiosk. The pairing code is read from GET /api/kiosk/session, the call the kiosk's
 * start screen shows it from (web/src/kiosk/, built against contract/src/kiosk.ts).
 */
function kioskApi(context: BrowserContext) {
  const request: APIRequestContext = context.request;
  let token: string | undefined;
  const graphql = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const response = await request.post('/graphql', { data: { query, variables }, headers: token ? { 'woocommerce-session': `Session ${token}` } : {} });
    token = response.headers()['woocommerce-session'] ?? token;
    const body = (await response.json()) as { data: T; errors?: unknown[] };
    expect(body.errors ?? []).toEqual([]);
    return body.data;
  };
  return {
    session: async () => (await (await request.get('/api/kiosk/session')).json()) as KioskSession,
    async orderAtCounter(): Promise<KioskOrderView> {
      const { products } = await graphql<{
        products: { nodes: { databaseId: number; type: string; stockStatus?: string; addons: { required: boolean }[] }[] };
      }>(`
        {
          products(first: 9999) {
            nodes {
              databaseId
              type
              addons {
                required
              }
              ... on SimpleProduct {
                stockStatus
              }
            }
          }
        }
      `);
      const product = products.nodes.find((p) => p.type === 'SIMPLE' && p.stockStatus === 'IN_STOCK' && !p.addons.some((a) => a.required))!;
      await graphql(
        `
          mutation ($id: Int!) {
            addToCart(input: { productId: $id, quantity: 2 }) {
              cart {
                isEmpty
              }
            }
          }
        `,
        { id: product.databaseId },
      );
      const placed = await request.post('/api/kiosk/orders', {
        data: { fulfilment: 'takeaway', paymentMethod: 'counter', lang: 'nl' },
        headers: { 'woocommerce-session': `Session ${token}` },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      return (await placed.json()) as KioskOrderView;
    },
    order: (id: number) => request.get(`/api/kiosk/orders/${id}`),
  };
}

const row = (page: Page, name: string) => page.getByTestId('kiosk-row').filter({ hasText: name });

test('the owner creates a kiosk, pairs it with the code it shows, a counter order is confirmed paid in the kitchen view, and unpairing sends the kiosk back to pairing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await server.openAs(browser, ADMIN, '/dashboard/kiosks');
  await expect(owner.getByRole('heading', { level: 1, name: 'Kiosken' })).toBeVisible();
  await expect(owner.getByText('Nog geen kiosken')).toBeVisible();

  // Create: the form checks its input before sending.
  await owner.getByRole('button', { name: 'Nieuwe kiosk' }).click();
  const form = owner.getByRole('form', { name: 'Nieuwe kiosk' });
  await form.getByLabel('Betaalterminal', { exact: true }).check();
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('Een betaalterminal heeft zijn terminal-ID nodig.')).toBeVisible();
  await form.getByLabel('Betaalterminal', { exact: true }).uncheck();
  await form.getByLabel('Naam').fill('Kiosk ingang');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(owner.getByText('Kiosk opgeslagen.')).toBeVisible();
  await expect(row(owner, 'Kiosk ingang')).toContainText('Niet gekoppeld');
  await expectNoSeriousA11yViolations(owner);

  // The kiosk, in its own browser: unpaired, it is given a code.
  const kioskContext = await browser.newContext({ baseURL: server.base, viewport: { width: 1080, height: 1920 } });
  const kioskPage = await kioskContext.newPage();
  await kioskPage.goto('/kioskindex');
  // Asked only once the page holds its cookie: two first requests at once would each be given a code and a cookie.
  await expect(kioskPage.getByTestId('kiosk-pairing-code')).toBeVisible({ timeout: 20_000 });
  const kiosk = kioskApi(kioskContext);
  const shown = await kiosk.session();
  expect(shown.state === 'unpaired' && shown.code).toBe((await kioskPage.getByTestId('kiosk-pairing-code').textContent())!.trim());
  expect(shown.state).toBe('unpaired');
  if (shown.state !== 'unpaired') return;
  expect(shown.code).toMatch(/^[A-Z0-9]{6}$/);

  // A wrong code is refused with a clear message; the right one pairs.
  await owner.getByRole('button', { name: 'Kiosk ingang koppelen' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Kiosk ingang koppelen' });
  await dialog.getByLabel('Code op het kioskscherm').fill('AAAAAA');
  await dialog.getByRole('button', { name: 'Koppelen' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Deze code is ongeldig of verlopen. Vul de code in die de kiosk nu toont.');
  await expectNoSeriousA11yViolations(owner);
  await dialog.getByLabel('Code op het kioskscherm').fill(shown.code.toLowerCase());
  await dialog.getByRole('button', { name: 'Koppelen' }).click();
  await expect(owner.getByText('Kiosk ingang is gekoppeld.')).toBeVisible();
  await expect(row(owner, 'Kiosk ingang')).toContainText('Gekoppeld');
  await expect.poll(async () => (await kiosk.session()).state).toBe('paired');

  // Suggestions before paying: the demo's sauces and drinks until the owner chooses; a save reaches the kiosk.
  const suggest = owner.getByRole('region', { name: 'Suggesties voor het betalen' });
  await expect(suggest.getByText('Nog niet gekozen: de kiosken stellen sauzen en dranken voor.')).toBeVisible();
  await expect(suggest.getByLabel('Sauzen', { exact: true })).toBeChecked();
  await expect(suggest.getByLabel('Dranken', { exact: true })).toBeChecked();
  await suggest.getByLabel('Sauzen', { exact: true }).uncheck();
  await suggest.getByLabel('Desserts', { exact: true }).check();
  await suggest.getByRole('button', { name: 'Suggesties opslaan' }).click();
  await expect(owner.getByText('Suggesties opgeslagen; de kiosken gebruiken ze meteen.')).toBeVisible();
  await expect(suggest.getByLabel('Sauzen', { exact: true })).not.toBeChecked();
  const suggested = async () => {
    const now = await kiosk.session();
    return now.state === 'paired' ? [...now.device.suggestedCategories].sort() : null;
  };
  await expect.poll(suggested).toEqual(['desserts', 'dranken']);

  // A customer orders on the kiosk and pays at the counter: the kitchen view shows it to be paid there.
  const order = await kiosk.orderAtCounter();
  expect(order.status).toBe('counter_waiting');
  await owner.goto('/dashboard');
  await expect(owner.getByTestId('kitchen-stream')).toHaveText('Live');
  await owner.getByRole('tab', { name: /^In afwachting/ }).click();
  const card = owner.getByRole('article', { name: `Nr. ${order.pickupNumber}`, exact: true });
  await expect(card.getByTestId('counter-badge')).toHaveText('Betalen aan de toog');
  await card.getByRole('button', { name: `Nr. ${order.pickupNumber} cash betaald` }).click();
  await expect(owner.getByText(`Nr. ${order.pickupNumber} is betaald en gaat naar de keuken.`)).toBeVisible();
  // Paid: out of "In afwachting", into "In bereiding" without the counter badge.
  await expect(owner.getByRole('article', { name: `Nr. ${order.pickupNumber}`, exact: true })).toHaveCount(0);
  await owner.getByRole('tab', { name: /^In bereiding/ }).click();
  await expect(owner.getByRole('article', { name: `Nr. ${order.pickupNumber}`, exact: true }).getByTestId('counter-badge')).toHaveCount(0);
  await expect(owner.getByRole('article', { name: `Nr. ${order.pickupNumber}`, exact: true })).toBeVisible();
  await expect.poll(async () => ((await (await kiosk.order(order.orderId)).json()) as KioskOrderView).status).toBe('paid');

  // The kiosk page listens to its events; unpairing reaches it at once, and its cookie stops working.
  await kioskPage.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { kioskEvents: string[] }).kioskEvents = seen;
    const source = new EventSource('/api/kiosk/events');
    source.addEventListener('unpaired', () => {
      seen.push('unpaired');
      source.close();
    });
    source.addEventListener('open', () => seen.push('open'));
  });
  await expect.poll(() => kioskPage.evaluate(() => (window as unknown as { kioskEvents: string[] }).kioskEvents)).toContain('open');
  await owner.goto('/dashboard/kiosks');
  await owner.getByRole('button', { name: 'Kiosk ingang ontkoppelen' }).click();
  const confirm = owner.getByRole('dialog', { name: 'Kiosk ontkoppelen?' });
  await confirm.getByRole('button', { name: 'Ontkoppelen' }).click();
  await expect(owner.getByText('Kiosk ontkoppeld: zijn scherm toont weer een koppelcode.')).toBeVisible();
  await expect(row(owner, 'Kiosk ingang')).toContainText('Niet gekoppeld');
  await expect.poll(() => kioskPage.evaluate(() => (window as unknown as { kioskEvents: string[] }).kioskEvents)).toContain('unpaired');
  expect((await kiosk.order(order.orderId)).status()).toBe(401);
  const again = await kiosk.session();
  expect(again.state).toBe('unpaired');
  expect(again.state === 'unpaired' && again.code).not.toBe(shown.code);

  // Delete asks first.
  await owner.getByRole('button', { name: 'Kiosk ingang verwijderen' }).click();
  await owner.getByRole('dialog', { name: 'Kiosk verwijderen?' }).getByRole('button', { name: 'Verwijderen' }).click();
  await expect(owner.getByText('Nog geen kiosken')).toBeVisible();
  await kioskContext.close();
});

test('the kiosks page is usable on a 390 px phone', async ({ browser }) => {
  const owner = await server.openAs(browser, ADMIN, '/dashboard/kiosks', 390);
  await owner.getByRole('button', { name: 'Nieuwe kiosk' }).click();
  await expect(owner.getByRole('form', { name: 'Nieuwe kiosk' })).toBeVisible();
  const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
