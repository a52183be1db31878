import { expect, test } from '@playwright/test';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Its own server (E2E_PORT + 100): the spec changes the opening hours and pauses ordering, which would
// disturb the other specs on the shared server.
const port = Number(process.env.E2E_PORT ?? 3210) + 100;
const ADMIN = { email: 'beheer-uren@bakje.test', password: 'Openingsuren beheer e2e' };
const MANAGER = { email: `chef-uren-${Date.now()}@bakje.test`, password: 'Openingsuren instellen 42' };
const COOK = { email: `kok-pauze-${Date.now()}@bakje.test`, password: 'Frieten bakken 180 graden' };
let server: StaffServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
  await server.addStaffUser(ADMIN, { ...MANAGER, role: 'manager' });
  await server.addStaffUser(ADMIN, { ...COOK, role: 'kitchen' });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The shop's local date `days` from now (Europe/Brussels), YYYY-MM-DD. */
function shopDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(Date.now() + days * 86_400_000));
}

async function slotsOn(date: string): Promise<unknown[]> {
  const response = await fetch(`${server.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: `query($d: String!) { availableTimeSlots(type: TAKEAWAY, date: $d) { id } }`, variables: { d: date } }),
  });
  const body = (await response.json()) as { data: { availableTimeSlots: unknown[] } };
  return body.data.availableTimeSlots;
}

test('a manager sets the hours and a holiday; the shop shows them and offers nothing on the holiday', async ({ browser }) => {
  const holiday = shopDate(2);
  expect(await slotsOn(holiday)).not.toEqual([]);

  const page = await server.openAs(browser, MANAGER, '/dashboard/hours');
  await expect(page.getByRole('heading', { level: 1, name: 'Openingsuren en sluitingsdagen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const sunday = page.getByRole('group', { name: 'Zondag' }).first();
  // A bad time is named at its field and nothing is saved.
  await sunday.getByLabel('Dicht (Zondag)').fill('25:00');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(sunday.getByText('Geef een uur als UU:MM.')).toBeVisible();
  await sunday.getByLabel('Open (Zondag)').fill('12:00');
  await sunday.getByLabel('Dicht (Zondag)').fill('21:30');

  await page.getByRole('button', { name: 'Uitzondering toevoegen' }).click();
  const exception = page.getByRole('group', { name: 'Uitzondering 1' });
  await exception.getByLabel('Van').fill(holiday);
  await exception.getByLabel('Tot en met').fill(holiday);
  await expect(exception.getByLabel('De hele dag gesloten')).toBeChecked();
  await exception.getByLabel('Notitie').fill('Feestdag');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Opgeslagen.')).toBeVisible();

  // Saved: a reload shows the same.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Zondag' }).first().getByLabel('Dicht (Zondag)')).toHaveValue('21:30');
  await expect(page.getByRole('group', { name: 'Uitzondering 1' }).getByLabel('Notitie')).toHaveValue('Feestdag');

  // The shop: the hours block lists Sunday's hours and the holiday; no slot on the holiday.
  const shop = await (await browser.newContext({ baseURL: server.base })).newPage();
  await shop.goto('/');
  const block = shop.getByTestId('opening-hours');
  await expect(block.getByText('12:00–21:30')).toBeVisible();
  await expect(block.getByText(/Feestdag/)).toBeVisible();
  await expect(block.getByText(/gesloten \(Feestdag\)/)).toBeVisible();
  expect(await slotsOn(holiday)).toEqual([]);
  expect(await slotsOn(shopDate(3))).not.toEqual([]);
});

test('the kitchen pauses ordering and an open shop page says so within a second; resume ends it', async ({ browser }) => {
  const shop = await (await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 } })).newPage();
  await shop.goto('/');
  await expect(shop.getByTestId('opening-hours')).toBeVisible();
  await expect(shop.getByText('Online bestellen is even gepauzeerd.')).toHaveCount(0);

  const kitchen = await server.openAs(browser, COOK, '/dashboard');
  await kitchen.getByTestId('pause-button').click();
  const dialog = kitchen.getByRole('dialog', { name: 'Online bestellen pauzeren' });
  await expect(dialog.getByText('Bestellen is open.')).toBeVisible();
  await expectNoSeriousA11yViolations(kitchen, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Tot hervatten' }).click();
  await expect(shop.getByText('Online bestellen is even gepauzeerd.')).toBeVisible({ timeout: 1000 });
  await expectNoSeriousA11yViolations(shop);
  await expect(dialog.getByText('Webshop, Afhalen: gepauzeerd tot hervatten')).toBeVisible();
  await expect(kitchen.getByTestId('pause-button')).toHaveText('Bestellen gepauzeerd');
  expect(await slotsOn(shopDate(0))).toEqual([]);

  await dialog.getByRole('button', { name: 'Hervatten', exact: true }).click();
  await expect(shop.getByText('Online bestellen is even gepauzeerd.')).toHaveCount(0, { timeout: 1000 });
  await expect(dialog.getByText('Bestellen is open.')).toBeVisible();

  // Busy: the shop says so too.
  await dialog.getByRole('button', { name: '+20 min' }).click();
  await expect(shop.getByText('Het is druk: reken op 20 minuten extra.')).toBeVisible({ timeout: 1000 });
  await dialog.getByRole('button', { name: 'Niet druk' }).click();
  await expect(shop.getByText('Het is druk: reken op 20 minuten extra.')).toHaveCount(0, { timeout: 1000 });
});

test("the checkout greys dine-in by dine-in's own hours while the shared hours are open", async ({ browser }) => {
  const manager = await server.openAs(browser, MANAGER, '/dashboard/hours');
  const csrf = (await manager.context().cookies()).find((c) => c.name === 'bakje_csrf')?.value ?? '';
  const hours = (await (await manager.request.get('/api/settings/hours')).json()) as { byType: Record<string, unknown> };
  // Dine-in gets hours of its own that are closed every day; takeaway keeps the shared ones.
  const saved = await manager.request.put('/api/settings/hours', {
    data: { ...hours, byType: { ...hours.byType, dinein: {} } },
    headers: { 'x-csrf-token': csrf },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const shop = await (await browser.newContext({ baseURL: server.base, viewport: { width: 390, height: 844 } })).newPage();
  await shop.goto('/product/fristi');
  await shop.getByTestId('add-to-cart').click();
  await expect(shop.getByTestId('added')).toBeVisible();
  await shop.goto('/checkout');
  await expect(shop.getByTestId('fulfilment-takeaway').getByRole('radio')).toBeEnabled();
  await expect(shop.getByTestId('fulfilment-dinein').getByRole('radio')).toBeDisabled();
  await expect(shop.getByTestId('dinein-closed')).toBeVisible();
});
