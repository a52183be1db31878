import { expect, test, type Browser, type Page } from '@playwright/test';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Its own server (E2E_PORT + 40): open all day so orders are for today (the status screen shows today's
// numbers only), with a first admin who creates the kitchen user through the real staff API.
const port = Number(process.env.E2E_PORT ?? 3210) + 40;
const ADMIN = { email: 'beheer-keuken@bakje.test', password: 'Keuken beheer e2e' };
const COOK = { email: `kok-${Date.now()}@bakje.test`, password: 'Frieten bakken 180 graden' };
let server: StaffServer;

// Each test drives two kitchen screens, customers and the status screen and ends with an axe run on the ticking
// kitchen: more than the default 45 s on a loaded 2-core machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(port, { BAKJE_ADMIN_EMAIL: ADMIN.email, BAKJE_ADMIN_PASSWORD: ADMIN.password });
  await server.addStaffUser(ADMIN, { ...COOK, role: 'kitchen' });
});
test.afterAll(async () => {
  await server?.stop();
});

const matching = (n: number | string) => new RegExp(`^${n}$`);

/** A kitchen screen in its own browser context, logged in through /dashboard -> /login -> back. */
async function openKitchen(browser: Browser, account = COOK): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  const form = page.getByRole('form', { name: 'Inloggen' });
  await form.getByLabel('Gebruikersnaam of e-mailadres').fill(account.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Keuken' })).toBeVisible();
  await expect(page.getByTestId('kitchen-stream')).toHaveText('Live');
  return page;
}

const card = (page: Page, number: number) => page.getByRole('article', { name: `Nr. ${number}`, exact: true });
const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

test('an order reaches the kitchen with an alert, is marked ready, and the status screen, the customer and a second kitchen screen follow', async ({
  browser,
}) => {
  const kitchen = await openKitchen(browser);
  const otherKitchen = await openKitchen(browser);

  const statusContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const statusScreen = await statusContext.newPage();
  await statusScreen.goto(`${server.base}/order-status-scherm`);
  await expect(statusScreen.getByRole('region', { name: 'Klaar' })).toBeVisible();

  // The customer orders (through the shop's GraphQL API, own session) and keeps the summary page open. A slot at
  // least a minute ahead: in the slot that has begun the card is amber at once, not fresh.
  const order = await server.placeOrder({ minutesAhead: 1 });
  // The requirement: on the kitchen screen within a second, with the alert.
  await expect(kitchen.getByTestId('kitchen-alert-order').filter({ hasText: `nr. ${order.pickupNumber}` })).toBeVisible({ timeout: 1_000 });
  await expect(otherKitchen.getByTestId('kitchen-alert-order').filter({ hasText: `nr. ${order.pickupNumber}` })).toBeVisible({ timeout: 1_000 });
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto(`${server.base}/checkout/order-received/${order.databaseId}?key=${order.orderKey}`);
  await expect(customer.getByTestId('order-status')).toHaveText('In bereiding');

  // The card has everything the kitchen needs.
  const mine = card(kitchen, order.pickupNumber);
  await expect(mine).toBeVisible();
  await expect(mine).toContainText('Afhalen');
  await expect(mine).toContainText('CASH');
  await expect(mine).toContainText('Test Klant');
  await expect(mine.getByTestId('kitchen-age')).toHaveAttribute('data-tone', 'fresh');
  await expectNoSeriousA11yViolations(kitchen);

  // Busy: "+10 min" moves the order back; both kitchen screens and the customer's page show it (issue 35).
  await mine.getByTestId('kitchen-later').click();
  await expect(mine.getByTestId('kitchen-delay')).toContainText('(+10 min)');
  await expect(card(otherKitchen, order.pickupNumber).getByTestId('kitchen-delay')).toContainText('(+10 min)');
  await expect(customer.getByTestId('order-delayed')).toContainText('10 minuten later', { timeout: 25_000 });

  // Acknowledging stops the alert on this screen.
  await kitchen.getByRole('button', { name: 'Gezien' }).click();
  await expect(kitchen.getByTestId('kitchen-alert')).toHaveCount(0);

  // From the keyboard: focus the button and press Enter; when the card leaves, focus stays in the panel.
  await mine.getByRole('button', { name: 'Klaar', exact: true }).focus();
  await kitchen.keyboard.press('Enter');
  // Both kitchen screens move it to "Klaar" at once.
  for (const page of [kitchen, otherKitchen]) {
    await expect(card(page, order.pickupNumber)).toHaveCount(0);
    await expect(tab(page, /^Klaar/)).toHaveText(/\(1\)/);
  }
  await expect(kitchen.getByRole('tabpanel')).toBeFocused();
  await tab(otherKitchen, /^Klaar/).click();
  await expect(card(otherKitchen, order.pickupNumber)).toBeVisible();

  // The public screen calls the number under "Klaar".
  await expect(
    statusScreen
      .getByRole('region', { name: 'Klaar' })
      .getByTestId('status-number')
      .filter({ hasText: matching(order.pickupNumber) }),
  ).toBeVisible();
  // The customer's page says ready (it may poll every 15 s until it listens to live events).
  await expect(customer.getByTestId('order-status')).toHaveText('Klaar', { timeout: 25_000 });

  // Recover from the other screen: back in preparation everywhere.
  await card(otherKitchen, order.pickupNumber).getByRole('button', { name: 'Terugzetten' }).click();
  await expect(card(kitchen, order.pickupNumber)).toBeVisible();
  await expect(
    statusScreen
      .getByRole('region', { name: 'In bereiding' })
      .getByTestId('status-number')
      .filter({ hasText: matching(order.pickupNumber) }),
  ).toBeVisible();

  await Promise.all([kitchen.context().close(), otherKitchen.context().close(), statusContext.close(), customerContext.close()]);
});

test('several orders at once each get an alert; select, mark ready together, print a copy and mark a test order', async ({ browser }) => {
  const kitchen = await openKitchen(browser);
  const otherKitchen = await openKitchen(browser);
  // One after another: placed at once, two orders can pick the same last place of a slot and one is refused.
  const a = await server.placeOrder();
  const b = await server.placeOrder();
  const c = await server.placeOrder();
  for (const order of [a, b, c]) {
    await expect(kitchen.getByTestId('kitchen-alert-order').filter({ hasText: `nr. ${order.pickupNumber}` })).toBeVisible();
  }
  await expect(kitchen.getByTestId('kitchen-alert')).toContainText('3 nieuwe bestellingen');
  await kitchen.getByRole('button', { name: 'Gezien' }).click();

  // Select all, then none, then two by keyboard, and mark the selection ready.
  await kitchen.getByRole('button', { name: 'Alles selecteren' }).click();
  await expect(card(kitchen, a.pickupNumber).getByRole('checkbox')).toBeChecked();
  await kitchen.getByRole('button', { name: 'Niets selecteren' }).click();
  await expect(card(kitchen, a.pickupNumber).getByRole('checkbox')).not.toBeChecked();
  await card(kitchen, a.pickupNumber).getByRole('checkbox').focus();
  await kitchen.keyboard.press('Space');
  await card(kitchen, b.pickupNumber).getByRole('checkbox').check();
  await kitchen.getByRole('button', { name: 'Selectie klaar (2)' }).click();
  await kitchen.getByRole('dialog', { name: '2 bestellingen klaarzetten?' }).getByRole('button', { name: 'Klaarzetten' }).click();
  await expect(card(otherKitchen, a.pickupNumber)).toHaveCount(0);
  await expect(card(otherKitchen, b.pickupNumber)).toHaveCount(0);
  await expect(card(otherKitchen, c.pickupNumber)).toBeVisible();

  // Print kitchen copy: a job for the printer.
  await card(kitchen, c.pickupNumber).getByRole('button', { name: 'Keukenticket afdrukken' }).click();
  await expect(kitchen.getByText(`Keukenticket voor nr. ${c.pickupNumber} gaat naar de printer.`)).toBeVisible();

  // Mark as test order asks first; cancelling keeps the order, confirming removes it from every screen.
  await card(kitchen, c.pickupNumber).getByRole('button', { name: 'Markeren als testbestelling' }).click();
  const dialog = kitchen.getByRole('dialog', { name: `Bestelling ${c.pickupNumber} markeren als testbestelling?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(card(kitchen, c.pickupNumber)).toBeVisible();
  await card(kitchen, c.pickupNumber).getByRole('button', { name: 'Markeren als testbestelling' }).click();
  await dialog.getByRole('button', { name: 'Markeren als testbestelling' }).click();
  await expect(card(kitchen, c.pickupNumber)).toHaveCount(0);
  await expect(card(otherKitchen, c.pickupNumber)).toHaveCount(0);

  // Tabs work from the keyboard; "mark all as ready" empties preparing.
  const d = await server.placeOrder();
  await expect(card(otherKitchen, d.pickupNumber)).toBeVisible();
  await kitchen.getByRole('button', { name: 'Alles klaar' }).click();
  await kitchen.getByRole('dialog').getByRole('button', { name: 'Klaarzetten' }).click();
  await expect(card(otherKitchen, d.pickupNumber)).toHaveCount(0);
  await tab(kitchen, /^In bereiding/).focus();
  await kitchen.keyboard.press('ArrowRight');
  await expect(tab(kitchen, /^Klaar/)).toHaveAttribute('aria-selected', 'true');
  await expect(card(kitchen, d.pickupNumber)).toBeVisible();
  await expectNoSeriousA11yViolations(kitchen);

  await Promise.all([kitchen.context().close(), otherKitchen.context().close()]);
});

test('"Alles klaar" asks with the count, leaves a pre-order still to fire, and its undo restores the kitchen and the status screen', async ({ browser }) => {
  await server.kitchen('/api/kitchen/orders/ready-all');
  const kitchen = await openKitchen(browser);
  await kitchen.setViewportSize({ width: 390, height: 844 });
  const statusContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const statusScreen = await statusContext.newPage();
  await statusScreen.goto(`${server.base}/order-status-scherm`);
  const onStatusScreen = (region: string, number: number) =>
    statusScreen
      .getByRole('region', { name: region })
      .getByTestId('status-number')
      .filter({ hasText: matching(number) });
  const inView = async (target: ReturnType<Page['getByRole']>) => {
    const box = (await target.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  };

  const a = await server.placeOrder();
  const b = await server.placeOrder();
  // A pre-order fires 8 minutes before its slot (docs/decisions/0068-fire-times.md): until then it waits under "Later".
  const later = await server.placeOrder({ minutesAhead: 60 });
  for (const order of [a, b]) await expect(card(kitchen, order.pickupNumber)).toBeVisible();
  await expect(tab(kitchen, /^Later/)).toHaveText('Later (1)');
  await expect(card(kitchen, later.pickupNumber)).toHaveCount(0);
  await kitchen.getByRole('button', { name: 'Gezien' }).click();

  // It asks first, with the count of fired orders; Escape keeps everything, Enter confirms.
  await kitchen.getByRole('button', { name: 'Alles klaar' }).click();
  const dialog = kitchen.getByRole('dialog', { name: '2 bestellingen klaarzetten?' });
  await expect(dialog).toContainText('1 bestelling onder "Later" (nog niet gestart) blijft in bereiding.');
  await expect(dialog.getByRole('button', { name: 'Klaarzetten' })).toBeFocused();
  await inView(dialog.getByRole('button', { name: 'Klaarzetten' }));
  await kitchen.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(card(kitchen, a.pickupNumber)).toBeVisible();
  await kitchen.getByRole('button', { name: 'Alles klaar' }).click();
  await expect(dialog.getByRole('button', { name: 'Klaarzetten' })).toBeFocused();
  await kitchen.keyboard.press('Enter');
  for (const order of [a, b]) {
    await expect(card(kitchen, order.pickupNumber)).toHaveCount(0);
    await expect(onStatusScreen('Klaar', order.pickupNumber)).toBeVisible();
  }
  await expect(tab(kitchen, /^Later/)).toHaveText('Later (1)');

  // The undo puts exactly those two back, on the kitchen and on the public screen.
  const undo = kitchen.getByTestId('kitchen-undo');
  await expect(undo).toContainText('2 bestellingen klaar');
  await expect(undo).toContainText('Ctrl+Z');
  await inView(undo.getByRole('button', { name: 'Ongedaan maken' }));
  await undo.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(undo).toHaveCount(0);
  await expect(kitchen.getByText('2 bestellingen terug in bereiding.')).toBeVisible();
  for (const order of [a, b]) {
    await expect(card(kitchen, order.pickupNumber)).toBeVisible();
    await expect(onStatusScreen('In bereiding', order.pickupNumber)).toBeVisible();
    await expect(onStatusScreen('Klaar', order.pickupNumber)).toHaveCount(0);
  }

  // "Ik kom eraan" (issue 35, docs/decisions/0082-ik-kom-eraan.md): the pre-order's customer, on a phone with the
  // link from their mail, is coming in 10 minutes. Its card under "Later" says so within a second, and its fire
  // time moves from 8 minutes before its slot to 8 minutes before they arrive.
  await tab(kitchen, /^Later/).click();
  const laterCard = card(kitchen, later.pickupNumber);
  const firesAt = laterCard.getByTestId('kitchen-fires-at');
  const planned = await firesAt.textContent();
  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const customer = await customerContext.newPage();
  await customer.goto(`${server.base}/checkout/order-received/${later.databaseId}?key=${later.orderKey}`);
  const arrival = customer.getByRole('region', { name: 'Onderweg naar ons?' });
  await arrival.getByRole('radio', { name: '10 min' }).check();
  await arrival.getByRole('button', { name: 'Ik kom eraan' }).click();
  await expect(laterCard.getByTestId('kitchen-arrival')).toContainText('komt over 10 min', { timeout: 1_000 });
  await expect(firesAt).not.toHaveText(planned!);
  await expect(arrival.getByTestId('arrival-state')).toContainText('We verwachten je rond');
  await expectNoSeriousA11yViolations(customer);

  await Promise.all([kitchen.context().close(), statusContext.close(), customerContext.close()]);
});

test('a logged-in customer sees that the kitchen is for staff only', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  const email = `klant-${Date.now()}@example.be`;
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Registreren' });
  await form.getByLabel('E-mailadres').fill(email);
  await form.getByLabel('Voornaam').fill('Cas');
  await form.getByLabel('Achternaam').fill('Janssens');
  await form.getByLabel('Wachtwoord', { exact: true }).fill('Mosselen met friet');
  await form.getByLabel('Bevestig het wachtwoord').fill('Mosselen met friet');
  await form.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/my-account$/);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
  await expect(page.getByTestId('kitchen-order')).toHaveCount(0);
  // And the server agrees: the stream refuses a customer.
  expect((await page.request.get('/api/events/kitchen')).status()).toBe(401);
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test('an admin sets when the age timers turn amber and red; kitchen staff cannot', async ({ browser }) => {
  const cook = await openKitchen(browser);
  await expect(cook.getByRole('button', { name: 'Instellingen' })).toHaveCount(0);
  await cook.context().close();

  const admin = await openKitchen(browser, ADMIN);
  await admin.getByRole('button', { name: 'Instellingen' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Wachttijd-kleuren' });
  await expect(dialog.getByLabel('Oranje na (minuten)')).toHaveValue('5');
  await expect(dialog.getByLabel('Rood na (minuten)')).toHaveValue('8');
  await dialog.getByLabel('Oranje na (minuten)').fill('9');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('oranje moet vóór rood komen')).toBeVisible();
  await dialog.getByLabel('Rood na (minuten)').fill('12');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog).toHaveCount(0);
  await admin.reload();
  await admin.getByRole('button', { name: 'Instellingen' }).click();
  await expect(admin.getByRole('dialog', { name: 'Wachttijd-kleuren' }).getByLabel('Oranje na (minuten)')).toHaveValue('9');
  await expect(admin.getByRole('dialog', { name: 'Wachttijd-kleuren' }).getByLabel('Rood na (minuten)')).toHaveValue('12');
  await expectNoSeriousA11yViolations(admin);
  await admin.context().close();
});
