import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import type { App } from '../src/app.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { graphql, startTestApp } from './support/server.js';

// Saturday 21 November 2026, 10:00 in Brussels.
const NOW = new Date('2026-11-21T09:00:00Z');
const DAYS = `query($type: FulfilmentTypeEnum!) { orderingDays(type: $type, count: 3) { date hasSlots state } }`;

/**
 * Issue 17 point 5: a day whose slot times have all passed is not "fully booked"; orderingDays says why a
 * day has no free time.
 */
describe.each(databaseKinds)('ordering days say why a day has no free slot time on %s', (kind) => {
  let testDb: TestDatabase;
  let app: App;

  beforeAll(async () => {
    testDb = await createTestDatabase(kind);
    const db = testDb.database.db;
    // Open every day 07:00-23:00 (slots outside the opening hours are not offered, docs/decisions/0028).
    const day = [{ open: '07:00', close: '23:00' }];
    const week = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, day]));
    await db.insert(t.settings).values({ key: 'opening_hours', value: { week, closedDates: ['2026-11-23'], pausedUntil: null } });
    // Takeaway: every day 08:00-09:00 (passed today at 10:00). Delivery: Saturday 18:00, one place, taken.
    await db
      .insert(t.timeSlots)
      .values({ type: 'takeaway', startTime: '08:00', endTime: '09:00', intervalMinutes: 30, maxOrders: 5, repeatDays: [1, 2, 3, 4, 5, 6, 7] });
    const [delivery] = await db
      .insert(t.timeSlots)
      .values({ type: 'delivery', startTime: '18:00', endTime: '18:30', intervalMinutes: 30, maxOrders: 1, repeatDays: [6] })
      .returning();
    await db.insert(t.slotBookings).values({ slotId: delivery!.id, startsAt: new Date('2026-11-21T17:00:00Z'), booked: 1, capacity: 1 });
    app = await startTestApp(testDb.database, {}, () => NOW);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('today with every time passed is ENDED, tomorrow OPEN, a closed date CLOSED', async () => {
    const { body } = await graphql(app, DAYS, { type: 'TAKEAWAY' });
    expect(body.data.orderingDays).toEqual([
      { date: '2026-11-21', hasSlots: false, state: 'ENDED' },
      { date: '2026-11-22', hasSlots: true, state: 'OPEN' },
      { date: '2026-11-23', hasSlots: false, state: 'CLOSED' },
    ]);
  });

  it('a day whose times are left but booked is FULL, a day without slot times NO_SLOTS', async () => {
    const { body } = await graphql(app, DAYS, { type: 'DELIVERY' });
    expect(body.data.orderingDays.map((d: { state: string }) => d.state)).toEqual(['FULL', 'NO_SLOTS', 'CLOSED']);
  });
});
