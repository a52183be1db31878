import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import * as t from '../src/db/schema/index.js';
import { closingTimeToday, isOpenAt, nextClosing, nextOpening, periodsOn } from '../src/modules/opening-hours/opening-hours.js';
import { openingHoursSchema } from '../src/modules/settings/shop-settings.js';
import { aProduct } from './support/builders.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { catalogCaughtUp, startTestApp } from './support/server.js';
import { aCustomer, codeOf, slotsEveryDay, staffBrowsers } from './support/shop-hours.js';

const TZ = 'Europe/Brussels';
// Saturday 21 November 2026, 10:00 in Brussels.
const SATURDAY_10 = new Date('2026-11-21T09:00:00Z');

const hours = openingHoursSchema.parse({
  week: {
    '6': [
      { open: '11:00', close: '14:00' },
      { open: '17:00', close: '22:00' },
    ],
    '7': [{ open: '12:00', close: '21:00' }],
  },
  byType: { delivery: { '6': [{ open: '17:00', close: '21:30' }] } },
  exceptions: [{ from: '2026-11-22', to: '2026-11-22', periods: [{ open: '16:00', close: '20:00' }] }],
});

describe('opening hours functions', () => {
  it('uses own hours per fulfilment type, the shared hours otherwise, and an exception for every type', () => {
    expect(periodsOn(hours, '2026-11-21', 6, 'takeaway')).toEqual([
      { open: 660, close: 840 },
      { open: 1020, close: 1320 },
    ]);
    expect(periodsOn(hours, '2026-11-21', 6, 'delivery')).toEqual([{ open: 1020, close: 1290 }]);
    expect(periodsOn(hours, '2026-11-22', 7, 'dinein')).toEqual([{ open: 960, close: 1200 }]);
    expect(isOpenAt(hours, new Date('2026-11-21T11:30:00Z'), TZ, 'takeaway')).toBe(true);
    expect(isOpenAt(hours, new Date('2026-11-21T11:30:00Z'), TZ, 'delivery')).toBe(false);
  });

  it("tells the next opening, the next closing and today's closing time", () => {
    expect(nextOpening(hours, SATURDAY_10, TZ, 'takeaway')?.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(nextOpening(hours, SATURDAY_10, TZ, 'delivery')?.toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(nextClosing(hours, new Date('2026-11-21T11:00:00Z'), TZ, 'takeaway')?.toISOString()).toBe('2026-11-21T13:00:00.000Z');
    expect(closingTimeToday(hours, SATURDAY_10, TZ)?.toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(closingTimeToday(hours, SATURDAY_10, TZ, 'delivery')?.toISOString()).toBe('2026-11-21T20:30:00.000Z');
    // Sunday: the exception's hours, not Sunday's.
    expect(closingTimeToday(hours, new Date('2026-11-22T09:00:00Z'), TZ)?.toISOString()).toBe('2026-11-22T19:00:00.000Z');
    // Monday: closed.
    expect(closingTimeToday(hours, new Date('2026-11-23T09:00:00Z'), TZ)).toBeNull();
  });
});

describe.each(databaseKinds)('opening hours on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;
  let now = SATURDAY_10;
  let staff: Awaited<ReturnType<typeof staffBrowsers>>;
  let productId: number;

  const valid = {
    week: { '6': [{ open: '11:00', close: '22:00' }], '7': [{ open: '11:00', close: '22:00' }] },
    byType: { delivery: null, takeaway: null, dinein: { '6': [{ open: '09:00', close: '21:00' }], '7': [{ open: '11:00', close: '13:00' }] } },
    exceptions: [{ from: '2026-11-22', to: '2026-11-22', periods: [], note: 'Feestdag' }],
  };

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    productId = (await aProduct(db, { slug: 'frikandel', name: { nl: 'Frikandel' }, regularPrice: 280, maxQuantity: 60 })).id;
    await slotsEveryDay(db);
    await db.insert(t.settings).values({ key: 'ordering', value: { leadTimeMinutes: 20, daysAhead: 7 } });
    app = await startTestApp(testDb.database, {}, () => now);
    staff = await staffBrowsers(db, () => app, kind);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  const stored = async () => (await testDb.database.db.select().from(t.settings).where(eq(t.settings.key, 'opening_hours')))[0]?.value;

  it('lets a manager save hours and exceptions; kitchen staff and guests may not', async () => {
    expect((await staff.cook.request('PUT', '/api/settings/hours', valid)).statusCode).toBe(403);
    expect((await staff.cook.request('GET', '/api/settings/hours')).statusCode).toBe(403);
    const saved = await staff.manager.request('PUT', '/api/settings/hours', valid);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await staff.manager.request('GET', '/api/settings/hours');
    expect(read.json()).toEqual(valid);
    await catalogCaughtUp(app, testDb.database);
  });

  it('refuses bad hours naming the field, and saves nothing', async () => {
    const before = await stored();
    const bad: [unknown, string][] = [
      [{ ...valid, week: { '6': [{ open: '22:00', close: '11:00' }] } }, 'week.6.0.close'],
      [
        {
          ...valid,
          week: {
            '6': [
              { open: '11:00', close: '15:00' },
              { open: '14:00', close: '20:00' },
            ],
          },
        },
        'week.6.1.open',
      ],
      [{ ...valid, week: { '6': [{ open: '25:00', close: '26:00' }] } }, 'week.6.0.open'],
      [{ ...valid, exceptions: [{ from: '2026-02-30', to: '2026-02-30', periods: [] }] }, 'exceptions.0.from'],
      [{ ...valid, exceptions: [{ from: '2026-12-26', to: '2026-12-24', periods: [] }] }, 'exceptions.0.to'],
      [
        {
          ...valid,
          exceptions: [
            { from: '2026-12-24', to: '2026-12-26', periods: [] },
            { from: '2026-12-26', to: '2026-12-26', periods: [{ open: '12:00', close: '14:00' }] },
          ],
        },
        'exceptions.1.from',
      ],
    ];
    for (const [body, field] of bad) {
      const refused = await staff.manager.request('PUT', '/api/settings/hours', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().code).toBe('INVALID_INPUT');
      expect(refused.json().message).toContain(field);
    }
    expect(await stored()).toEqual(before);
  });

  it('offers slots only within the hours and refuses a holiday with the closed message', async () => {
    const customer = await aCustomer(() => app, productId);
    const today = await customer.slots('takeaway', '2026-11-21');
    expect(today[0]?.start).toBe('2026-11-21T11:00:00+01:00');
    expect(today.at(-1)?.start).toBe('2026-11-21T21:45:00+01:00');
    // The holiday: nothing offered, and a slot id for it is refused.
    expect(await customer.slots('takeaway', '2026-11-22')).toEqual([]);
    const refused = await customer.checkout('takeaway', `${today[0]!.id.split('@')[0]}@2026-11-22T12:00`);
    expect(codeOf(refused)).toBe('ORDERING_CLOSED');
    expect(refused.errors?.[0]?.message).toBe('Online ordering is not possible at the moment; check the opening hours.');
    const status = await staff.manager.request('GET', '/api/shop-status');
    expect(status.json().open.takeaway).toEqual({ isOpen: false, opensAt: '2026-11-21T10:00:00.000Z', closesAt: null });
  });

  it('takes dine-in only now, within the dine-in hours', async () => {
    const customer = await aCustomer(() => app, productId);
    // 10:00, dine-in opens at 09:00: only the next slots (within the hour after the lead time) are offered.
    const offered = await customer.slots('dinein', '2026-11-21');
    expect(offered.map((s) => s.start)).toEqual(['2026-11-21T11:00:00+01:00', '2026-11-21T11:15:00+01:00']);
    expect(await customer.slots('dinein', '2026-11-23')).toEqual([]);
    // Days ahead, or later today, is not "now".
    const slotId = offered[0]!.id.split('@')[0]!;
    expect(codeOf(await customer.checkout('dinein', `${slotId}@2026-11-23T12:00`))).toBe('DINEIN_CLOSED');
    expect(codeOf(await customer.checkout('dinein', `${slotId}@2026-11-21T18:00`))).toBe('DINEIN_CLOSED');
    const placed = await customer.checkout('dinein', offered[0]!.id);
    expect(placed.errors).toBeUndefined();

    // 21:30: takeaway is open until 22:00 but dine-in closed at 21:00.
    now = new Date('2026-11-21T20:30:00Z');
    const late = await aCustomer(() => app, productId);
    expect(await late.slots('dinein', '2026-11-21')).toEqual([]);
    const refused = await late.checkout('dinein', `${slotId}@2026-11-21T21:45`);
    expect(codeOf(refused)).toBe('DINEIN_CLOSED');
    expect(refused.errors?.[0]?.message).toBe('Dine-in is not available at the current time.');
    now = SATURDAY_10;
  });

  it('tells the shop whether each fulfilment type is open now by its own hours (the checkout greys dine-in by them)', async () => {
    const status = async () => (await aCustomer(() => app, productId)).browser.graphql('{ openingStatus { isOpen openNow { delivery takeaway dinein } } }');
    // 10:00: the shared hours open at 11:00, dine-in's own at 09:00.
    expect((await status()).body.data.openingStatus).toEqual({ isOpen: false, openNow: { delivery: false, takeaway: false, dinein: true } });
    // 21:30: the shared hours run until 22:00, dine-in's ended at 21:00.
    now = new Date('2026-11-21T20:30:00Z');
    expect((await status()).body.data.openingStatus).toEqual({ isOpen: true, openNow: { delivery: true, takeaway: true, dinein: false } });
    now = SATURDAY_10;
  });
});
