import fs from 'node:fs';
import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import { adminApi, KIOSK_ADMIN, KIOSK_ADMIN_ENV } from './kiosk-support';
import { StaffServer } from './staff-server';
import { expectNoSeriousA11yViolations } from './support';

// Issue 31, done-when: every staff screen renders in fr and en with no missing keys, and axe finds no violations on
// them. The admin (every screen visible) opens each staff route of web/src/app/routes.tsx (server/src/api/web/spa.ts
// APP_ROUTES) in a browser whose stored shop language is Dutch: each screen must switch to the account's language
// by itself, show its level-1 heading in that language, no raw message id, and pass axe.
type Catalogue = Record<string, string>;
const read = (file: string) => JSON.parse(fs.readFileSync(new URL(`../../web/src/i18n/messages/${file}`, import.meta.url), 'utf8')) as Catalogue;
const STAFF = { fr: read('staff/fr-FR.json'), en: read('staff/en-US.json') };
const LANG = { fr: { locale: 'fr_FR', html: 'fr-FR' }, en: { locale: 'en_US', html: 'en-US' } } as const;
type Language = keyof typeof LANG;
// The first segments of every message id (dashboard., kitchen., nav., ...): a visible "dashboard.foo.bar" is a missing text.
const PREFIXES = [...new Set([...Object.keys(read('nl-BE.json')), ...Object.keys(read('staff/nl-BE.json'))].map((key) => key.split('.')[0]!))];

const MANUAL = { nl: 'Olie verversen', fr: "Changer l'huile", en: 'Changing the oil' };
const CUSTOMER = { firstName: 'Elke', lastName: 'Vermeulen' };
let server: StaffServer;
let ids: { station: number; product: number; customer: number; manual: number };

/** A route and its level-1 heading: a message id of the staff texts, or the text itself (data, same in every language). */
interface Route {
  path: string;
  heading: (lang: Language) => string;
}
const key =
  (id: string, values: Record<string, string> = {}) =>
  (lang: Language) =>
    Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), STAFF[lang][id] ?? `missing ${id}`);

/** The staff routes in four groups (one test each per language, so each stays short). */
function routes(): Record<string, Route[]> {
  return {
    'kitchen and orders': [
      { path: '/dashboard', heading: key('kitchen.title') },
      { path: '/dashboard/kitchen', heading: key('kitchen.stations.pickTitle') },
      { path: `/dashboard/kitchen?station=${ids.station}`, heading: key('kitchen.stations.screenTitle', { name: 'Friteuse' }) },
      { path: '/dashboard/stations', heading: key('dashboard.stations.title') },
      { path: '/dashboard/prep-times', heading: key('dashboard.prepTimes.title') },
      { path: '/dashboard/printer', heading: key('printer.title') },
      { path: '/dashboard/orders', heading: key('dashboard.orders.title') },
      { path: '/dashboard/figures', heading: key('dashboard.figures.title') },
    ],
    catalogue: [
      { path: '/dashboard/products', heading: key('dashboard.products.title') },
      { path: `/dashboard/products/${ids.product}`, heading: key('dashboard.product.editTitle') },
      { path: '/dashboard/catalog/categories', heading: key('dashboard.categories.title') },
      { path: '/dashboard/catalog/add-ons', heading: key('dashboard.addons.title') },
      { path: '/dashboard/catalog/allergens', heading: key('dashboard.allergens.title') },
      { path: '/dashboard/catalog/tags', heading: key('dashboard.tags.title') },
      { path: '/dashboard/catalog/import', heading: key('dashboard.menuTransfer.title') },
      { path: '/dashboard/media', heading: key('dashboard.media.title') },
    ],
    'shop and customers': [
      { path: '/dashboard/settings', heading: key('dashboard.settings.title') },
      { path: '/dashboard/timeslots', heading: key('dashboard.timeslots.title') },
      { path: '/dashboard/hours', heading: key('dashboard.hours.title') },
      { path: '/dashboard/delivery', heading: key('dashboard.delivery.title') },
      { path: '/dashboard/messages', heading: key('dashboard.messages.title') },
      { path: '/dashboard/kiosks', heading: key('dashboard.kiosks.title') },
      { path: '/dashboard/coupons', heading: key('dashboard.coupons.title') },
      { path: '/dashboard/gift-cards', heading: key('dashboard.giftCards.title') },
      { path: '/dashboard/reviews', heading: key('dashboard.reviews.title') },
      { path: '/dashboard/customers', heading: key('dashboard.customers.title') },
      { path: `/dashboard/customers/${ids.customer}`, heading: () => `${CUSTOMER.firstName} ${CUSTOMER.lastName}` },
    ],
    'manuals and administration': [
      { path: '/dashboard/manuals', heading: key('dashboard.manuals.title') },
      { path: '/dashboard/manuals/new', heading: key('dashboard.manuals.newTitle') },
      { path: `/dashboard/manuals/${ids.manual}`, heading: (lang) => MANUAL[lang] },
      { path: `/dashboard/manuals/${ids.manual}/edit`, heading: key('dashboard.manuals.editTitle') },
      { path: '/dashboard/staff', heading: key('dashboard.staff.title') },
      { path: '/dashboard/api-keys', heading: key('dashboard.keys.title') },
      { path: '/dashboard/printing', heading: key('dashboard.printing.title') },
      { path: '/dashboard/payments', heading: key('dashboard.payments.title') },
      { path: '/dashboard/notifications', heading: key('dashboard.notifications.title') },
      { path: '/dashboard/pos', heading: key('dashboard.pos.title') },
      { path: '/dashboard/jobs', heading: key('dashboard.jobs.title') },
      { path: '/dashboard/mailbox', heading: key('dashboard.mailbox.title') },
    ],
  };
}
const GROUPS = ['kitchen and orders', 'catalogue', 'shop and customers', 'manuals and administration'];

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await StaffServer.start(Number(process.env.E2E_PORT ?? 3210) + 141, KIOSK_ADMIN_ENV);
  // Something on every screen that shows data: an order, a station, a manual in three languages, a customer.
  await server.placeOrder();
  const guest = await playwrightRequest.newContext({ baseURL: server.base });
  try {
    const registered = await guest.post('/graphql', {
      data: {
        query: `mutation($input: RegisterCustomerInput!) { registerCustomer(input: $input) { viewer { databaseId } } }`,
        variables: { input: { email: 'elke@bakje.test', password: 'Stoofvlees met frietjes', ...CUSTOMER } },
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);
  } finally {
    await guest.dispose();
  }
  const { api, csrf } = await adminApi(server.base);
  try {
    const post = async (path: string, data: unknown) => {
      const response = await api.post(path, { data, headers: { 'x-csrf-token': csrf } });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { id: number }).id;
    };
    // The test server's around-the-clock slot every 5 minutes puts 2,016 times in the week view, where axe took two
    // minutes; hourly, the week view still shows every day's times (docs/decisions/0079-one-typed-pass.md).
    const slots = (await (await api.get('/api/dashboard/time-slots')).json()) as { id: number; custom_message: string }[];
    const allDay = slots.find((slot) => slot.custom_message === 'test')!;
    const hourly = await api.patch(`/api/dashboard/time-slots/${allDay.id}`, { data: { interval_minutes: 60 }, headers: { 'x-csrf-token': csrf } });
    expect(hourly.status(), await hourly.text()).toBe(200);
    const station = await post('/api/dashboard/stations', { name: 'Friteuse' });
    const manual = await post('/api/dashboard/manuals', {
      title: MANUAL,
      body: { nl: '<p>Elke avond na sluiten.</p>', fr: '<p>Chaque soir après la fermeture.</p>', en: '<p>Every evening after closing.</p>' },
    });
    const customers = (await (await api.get('/api/dashboard/customers')).json()) as { customers: { id: number; lastName: string }[] };
    const customer = customers.customers.find((c) => c.lastName === CUSTOMER.lastName)!.id;
    const catalogue = (await (
      await api.post('/graphql', { data: { query: '{ products(first: 1) { nodes { databaseId } } }' }, headers: { 'x-csrf-token': csrf } })
    ).json()) as {
      data: { products: { nodes: { databaseId: number }[] } };
    };
    ids = { station, manual, customer, product: catalogue.data.products.nodes[0]!.databaseId };
  } finally {
    await api.dispose();
  }
});
test.afterAll(async () => {
  await server?.stop();
});

/** The admin's browser at dashboard width, logged in, with the account's language set to `lang`. */
async function adminIn(browser: Browser, lang: Language): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1366, height: 768 } });
  const login = await context.request.post('/graphql', {
    data: {
      query: `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`,
      variables: { u: KIOSK_ADMIN.email, p: KIOSK_ADMIN.password },
    },
  });
  expect(await login.json()).toEqual({ data: { login: { viewer: { role: 'admin' } } } });
  const csrf = (await context.cookies()).find((c) => c.name === 'bakje_csrf')!.value;
  const language = await context.request.put('/api/auth/language', { data: { language: lang }, headers: { 'x-csrf-token': csrf } });
  expect(language.status()).toBe(204);
  return context.newPage();
}

/** Message ids shown as text or in an accessible attribute: what react-intl renders for a missing message. */
async function visibleMessageIds(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const all = [document.body.innerText, document.title];
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], img[alt], [aria-description]'))) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) all.push(el.getAttribute(name) ?? '');
    }
    return all;
  });
  // Ids have two dots or more ("dashboard.orders.title"); not part of an address or a file name ("https://shop.example.be").
  const found = texts.flatMap((text) => [...text.matchAll(/(?<![\w@/.:-])([a-z][A-Za-z]*)\.[A-Za-z][\w-]*(\.[A-Za-z][\w-]*)+\b/g)]);
  return [...new Set(found.filter((m) => PREFIXES.includes(m[1]!)).map((m) => m[0]))];
}

test('the routes above are every staff route of the web app', () => {
  const source = fs.readFileSync(new URL('../../web/src/app/routes.tsx', import.meta.url), 'utf8');
  const staff = [...source.matchAll(/path: '(dashboard[^']*)'/g)].map((m) => `/${m[1]!.replace(/:[a-z]+/g, ':id')}`);
  const covered = Object.values(routes())
    .flat()
    .map((route) => route.path.replace(/\?.*$/, '').replace(/\/\d+(?=\/|$)/g, '/:id'));
  expect(Object.keys(routes())).toEqual(GROUPS);
  expect([...new Set(covered)].sort()).toEqual([...new Set(staff)].sort());
});

for (const lang of Object.keys(LANG) as Language[]) {
  for (const group of GROUPS) {
    // axe runs on every screen once, in French (the longest texts); what it checks does not change with the
    // language but for `lang`, which both languages check.
    const axe = lang === 'fr';
    test(`staff screens in ${lang}, ${group}: heading and texts in ${lang}, no missing message${axe ? ', axe-clean' : ''}`, async ({ browser }) => {
      // Measured 24-90 s per group at load 6-11 (a type-check beside it); about twice the slowest.
      test.setTimeout(180_000);
      const page = await adminIn(browser, lang);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /MISSING_TRANSLATION|missing message/i.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
      for (const route of routes()[group]!) {
        // Every route is checked; the failures are listed together at the end.
        await test
          .step(route.path, async () => {
            // The browser's stored shop language is Dutch: the screen itself must follow the account.
            await page.context().addCookies([{ name: 'bakje-locale', value: 'nl_BE', url: server.base }]);
            await page.goto(route.path);
            await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading(lang));
            await expect(page.locator('html')).toHaveAttribute('lang', LANG[lang].html);
            await expect(page.getByRole('main')).toBeVisible();
            expect(await visibleMessageIds(page)).toEqual([]);
            if (axe) await expectNoSeriousA11yViolations(page);
          })
          .catch((error: Error) => problems.push(`${route.path}: ${error.message.split('\n').slice(0, 12).join('\n')}`));
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
}
