import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { ensureFirstAdmin } from '../src/modules/auth/first-admin.js';
import { seedManuals } from '../src/modules/manuals/manuals.js';
import { ApiKeyService } from '../src/modules/api-keys/api-key-service.js';
import { Browser } from './support/browser.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, startTestApp, TEST_PEPPER } from './support/server.js';

const LOGIN = `mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }`;
const SHOP_MESSAGES = `query($s: MessageSurfaceEnum!) { shopMessages(surface: $s) { databaseId level text startsAt endsAt } }`;
const PASSWORD = 'Goed wachtwoord 42';

/** Tuesday 24 November 2026, 17:00 in Brussels (UTC+1). */
const START = new Date('2026-11-24T16:00:00Z');
const END = new Date('2026-11-24T18:00:00Z');

const banner = {
  text: { nl: 'Vandaag geen stoofvlees', fr: 'Pas de carbonnade aujourd’hui', en: '' },
  level: 'warning',
  surfaces: ['shop', 'status_screen'],
  starts_at: '2026-11-24T17:00',
  ends_at: '2026-11-24T19:00',
};

describe.each(databaseKinds)('messages and manuals (%s)', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let now = new Date('2026-11-24T12:00:00Z');
  const staff = new Map<string, Browser>();
  const guest = () => new Browser(() => app);

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    app = await startTestApp(testDb.database, {}, () => now);
    await ensureFirstAdmin(testDb.database, { email: 'baas@example.be', password: 'De baas van de frituur' });
    const admin = guest();
    expect((await admin.graphql(LOGIN, { u: 'baas@example.be', p: 'De baas van de frituur' })).body.data.login.viewer.role).toBe('admin');
    for (const role of ['kitchen', 'manager'] as const) {
      expect((await admin.request('POST', '/api/staff/users', { email: `${role}@example.be`, password: PASSWORD, role })).statusCode).toBe(201);
      const browser = guest();
      expect((await browser.graphql(LOGIN, { u: `${role}@example.be`, p: PASSWORD })).body.data.login.viewer.role).toBe(role);
      staff.set(role, browser);
    }
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const manager = () => staff.get('manager')!;
  const kitchen = () => staff.get('kitchen')!;
  const messageRows = () => testDb.database.db.select().from(t.messages);
  const shopMessages = async (surface: string, lang?: string) => {
    await catalogCaughtUp(app, testDb.database);
    const response = await guest().graphql(SHOP_MESSAGES, { s: surface }, lang ? { headers: { cookie: `bakje-locale=${lang}` } } : {});
    expect(response.body.errors).toBeUndefined();
    return response.body.data.shopMessages as { databaseId: number; level: string; text: string }[];
  };

  it('refuses bad input naming the field, and saves nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...banner, text: { nl: '  ', fr: 'Bonjour', en: 'Hello' } }, 'text'],
      [{ ...banner, text: { fr: 'Bonjour' } }, 'text'],
      [{ ...banner, text: { nl: 'x'.repeat(501) } }, 'text'],
      [{ ...banner, level: 'danger' }, 'level'],
      [{ ...banner, surfaces: [] }, 'surfaces'],
      [{ ...banner, surfaces: ['shop', 'billboard'] }, 'surfaces'],
      [{ ...banner, starts_at: '2026-02-30T10:00' }, 'starts_at'],
      [{ ...banner, ends_at: 'tomorrow' }, 'ends_at'],
      [{ ...banner, ends_at: banner.starts_at }, 'ends_at'],
      [{ ...banner, ends_at: '2026-11-24T16:59' }, 'ends_at'],
    ];
    for (const [body, field] of cases) {
      const response = await manager().request('POST', '/api/dashboard/messages', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().data.params, JSON.stringify(body)).toEqual([field]);
    }
    expect(await messageRows()).toHaveLength(0);
  });

  it('reads times without an offset on the shop clock, and shows a message only within its window', async () => {
    const created = await manager().request('POST', '/api/dashboard/messages', banner);
    expect(created.statusCode).toBe(201);
    const message = created.json();
    expect(message).toMatchObject({
      text: { nl: 'Vandaag geen stoofvlees', fr: 'Pas de carbonnade aujourd’hui', en: '' },
      level: 'warning',
      surfaces: ['shop', 'status_screen'],
      starts_at: '2026-11-24T17:00:00+01:00',
      ends_at: '2026-11-24T19:00:00+01:00',
      state: 'scheduled',
    });
    const [row] = await messageRows();
    expect(row!.startsAt.toISOString()).toBe(START.toISOString());

    now = new Date(START.getTime() - 1);
    expect(await shopMessages('SHOP')).toEqual([]);
    now = START;
    expect(await shopMessages('SHOP')).toMatchObject([{ databaseId: message.id, level: 'WARNING', text: 'Vandaag geen stoofvlees' }]);
    expect(await shopMessages('STATUS_SCREEN')).toHaveLength(1);
    expect(await shopMessages('KIOSK')).toEqual([]);
    // English is empty: the Dutch text stands in; French has its own.
    expect((await shopMessages('SHOP', 'en_US'))[0]!.text).toBe('Vandaag geen stoofvlees');
    expect((await shopMessages('SHOP', 'fr_FR'))[0]!.text).toBe('Pas de carbonnade aujourd’hui');
    expect((await manager().request('GET', '/api/dashboard/messages?state=showing')).json()).toHaveLength(1);
    now = new Date(END.getTime() - 1);
    expect(await shopMessages('SHOP')).toHaveLength(1);
    now = END;
    expect(await shopMessages('SHOP')).toEqual([]);
    expect((await manager().request('GET', `/api/dashboard/messages/${message.id}`)).json().state).toBe('ended');
    now = new Date('2026-11-24T12:00:00Z');
  });

  it('a change is checked as a whole and shows at once; delete removes it', async () => {
    const [row] = await messageRows();
    const id = row!.id;
    const refused = await manager().request('PUT', `/api/dashboard/messages/${id}`, { ends_at: '2026-11-24T16:00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_INPUT', data: { params: ['ends_at'] } });
    expect((await messageRows())[0]!.endsAt.toISOString()).toBe(END.toISOString());

    const changed = await manager().request('PUT', `/api/dashboard/messages/${id}`, {
      starts_at: '2026-11-24T12:00:00Z',
      level: 'info',
      surfaces: ['kiosk'],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ state: 'showing', level: 'info', surfaces: ['kiosk'], starts_at: '2026-11-24T13:00:00+01:00' });
    expect(await shopMessages('KIOSK')).toMatchObject([{ databaseId: id, level: 'INFO' }]);
    expect(await shopMessages('SHOP')).toEqual([]);

    expect((await manager().request('DELETE', `/api/dashboard/messages/${id}`)).statusCode).toBe(200);
    expect(await shopMessages('KIOSK')).toEqual([]);
    expect((await manager().request('GET', `/api/dashboard/messages/${id}`)).statusCode).toBe(404);
    expect((await manager().request('DELETE', `/api/dashboard/messages/${id}`)).statusCode).toBe(404);
  });

  it('messages are for settings.manage: kitchen staff and guests are refused', async () => {
    const refusedKitchen = await kitchen().request('POST', '/api/dashboard/messages', banner);
    expect(refusedKitchen.statusCode).toBe(403);
    expect(refusedKitchen.json()).toMatchObject({ code: 'PERMISSION_DENIED', data: { permission: 'settings.manage' } });
    expect((await guest().request('GET', '/api/dashboard/messages')).statusCode).toBe(401);
    expect(await messageRows()).toHaveLength(0);
  });

  it('every staff role finds the seeded manuals by searching in any language', async () => {
    expect(await seedManuals(testDb.database.db)).toBe(true);
    // Once per shop: a second start adds nothing.
    expect(await seedManuals(testDb.database.db)).toBe(false);
    const all = (await kitchen().request('GET', '/api/dashboard/manuals')).json();
    expect(all).toHaveLength(2);
    for (const query of ['printer', 'IMPRIMANTE', 'taken opnieuw', 'réimprimer']) {
      const hits = (await kitchen().request('GET', `/api/dashboard/manuals?search=${encodeURIComponent(query)}`)).json();
      expect(
        hits.map((m: { title: { en: string } }) => m.title.en),
        query,
      ).toContain('When the printer stops printing');
    }
    expect((await kitchen().request('GET', '/api/dashboard/manuals?search=stoofvlees')).json()).toEqual([]);
    // A title hit first: the opening checklist mentions the printer, the printer manual is about it.
    const printer = (await kitchen().request('GET', '/api/dashboard/manuals?search=printer')).json();
    expect(printer.map((m: { title: { nl: string } }) => m.title.nl)).toEqual(['De printer drukt niet af', 'De zaak openen']);
    const manual = (await kitchen().request('GET', `/api/dashboard/manuals/${all[0].id}`)).json();
    expect(manual.body.fr).toContain('/dashboard/hours');
    expect((await guest().request('GET', '/api/dashboard/manuals')).statusCode).toBe(401);
  });

  it('the store API has the same routes under /wp-json/wc/v3/messages, with the key scope deciding writes', async () => {
    const keys = new ApiKeyService(testDb.database.db, () => TEST_PEPPER);
    const readWrite = await keys.create({ scope: 'read_write' });
    const readOnly = await keys.create({ scope: 'read' });
    const basic = (key: { consumerKey: string; consumerSecret: string }) => ({
      authorization: `Basic ${Buffer.from(`${key.consumerKey}:${key.consumerSecret}`).toString('base64')}`,
      'x-forwarded-proto': 'https',
    });
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, key: { consumerKey: string; consumerSecret: string }, payload?: unknown) =>
      app.server.inject({
        method,
        url: `/wp-json/wc/v3${url}`,
        headers: { ...basic(key), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        payload: payload === undefined ? undefined : JSON.stringify(payload),
      });
    const refused = await call('POST', '/messages', readOnly, banner);
    expect(refused.statusCode).toBe(401);
    const bad = await call('POST', '/messages', readWrite, { ...banner, ends_at: '2026-11-24T16:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: ['ends_at'] } });
    const created = await call('POST', '/messages', readWrite, banner);
    expect(created.statusCode).toBe(201);
    expect((await call('GET', '/messages', readOnly)).json()).toHaveLength(1);
    expect((await call('DELETE', `/messages/${created.json().id}?force=true`, readWrite)).statusCode).toBe(200);
    const gone = await call('GET', `/messages/${created.json().id}`, readOnly);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('woocommerce_rest_message_invalid_id');
  });

  it('only manuals.manage writes manuals; bodies are sanitized and videos must be mp4 addresses', async () => {
    const manual = {
      title: { nl: 'Frietketel reinigen', fr: '', en: 'Cleaning the fryer' },
      body: {
        nl: '<p>Olie aftappen<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
        fr: '',
        en: '<iframe src="https://evil.example"></iframe><p>Drain</p>',
      },
      video_url: 'https://video.example.be/frietketel.mp4',
    };
    expect((await kitchen().request('POST', '/api/dashboard/manuals', manual)).statusCode).toBe(403);
    for (const video_url of ['javascript:alert(1)//.mp4', 'http://video.example.be/a.mp4', 'https://video.example.be/a.html', '/../etc/a.mp4']) {
      const response = await manager().request('POST', '/api/dashboard/manuals', { ...manual, video_url });
      expect(response.statusCode, video_url).toBe(400);
      expect(response.json().data.params).toEqual(['video_url']);
    }
    const missingTitle = await manager().request('POST', '/api/dashboard/manuals', { ...manual, title: { nl: '', fr: 'x', en: 'y' } });
    expect(missingTitle.statusCode).toBe(400);
    expect(missingTitle.json()).toMatchObject({ code: 'INVALID_INPUT', data: { params: ['title'] } });
    expect(missingTitle.json().message).toContain('Dutch');

    const created = await manager().request('POST', '/api/dashboard/manuals', manual);
    expect(created.statusCode).toBe(201);
    const body = created.json().body;
    expect(body.nl).not.toMatch(/script|onerror|alert/);
    expect(body.en).toBe('<p>Drain</p>');
    const id = created.json().id;
    const changed = await manager().request('PUT', `/api/dashboard/manuals/${id}`, {
      ...manual,
      video_url: null,
      title: { ...manual.title, fr: 'Nettoyer la friteuse' },
    });
    expect(changed.json()).toMatchObject({ video_url: null, title: { fr: 'Nettoyer la friteuse' } });
    expect((await kitchen().request('GET', '/api/dashboard/manuals?search=friteuse')).json()).toHaveLength(1);
    expect((await kitchen().request('DELETE', `/api/dashboard/manuals/${id}`)).statusCode).toBe(403);
    expect((await manager().request('DELETE', `/api/dashboard/manuals/${id}`)).statusCode).toBe(200);
    expect((await kitchen().request('GET', `/api/dashboard/manuals/${id}`)).statusCode).toBe(404);
  });
});
