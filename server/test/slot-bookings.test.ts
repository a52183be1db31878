import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema/index.js';
import { bookSlot } from '../src/modules/slots/time-slots.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';

const START = new Date('2026-11-21T17:00:00Z');
const LOAD = { items: 1, amount: 500 };
const byOrders = (slotId: number, maxOrders: number) => ({ slotId, start: START, capacityMode: 'orders' as const, maxOrders, maxItems: null, maxAmount: null });

/** The driver's error under drizzle's wrapper: code and constraint come from PostgreSQL itself. */
function databaseError(error: unknown): { code?: string; constraint?: string } {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return cause as { code?: string; constraint?: string };
}

describe.each(databaseKinds)('slot bookings never exceed the places on %s', (kind) => {
  let testDb: TestDatabase;
  let slotId: number;
  beforeEach(async () => {
    testDb = await createTestDatabase(kind);
    const [slot] = await testDb.database.db
      .insert(t.timeSlots)
      .values({ type: 'takeaway', startTime: '18:00', endTime: '19:00', intervalMinutes: 15, maxOrders: 2, repeatDays: [1, 2, 3, 4, 5, 6, 7] })
      .returning();
    slotId = slot!.id;
  });
  afterEach(async () => {
    await testDb.cleanup();
  });

  it('refuses a direct update that books more than the capacity (CHECK constraint)', async () => {
    const db = testDb.database.db;
    const option = byOrders(slotId, 2);
    await bookSlot(db, option, LOAD);
    await bookSlot(db, option, LOAD);
    await expect(bookSlot(db, option, LOAD)).rejects.toMatchObject({ code: 'SLOT_TAKEN' });

    const overbook = db.execute(sql`update slot_bookings set booked = booked + 1 where slot_id = ${slotId}`);
    const error = await overbook.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(databaseError(error)).toMatchObject({ code: '23514' });
    expect(String((error as { cause?: Error }).cause?.message ?? error)).toContain('slot_bookings_booked_within_capacity');
    await expect(db.execute(sql`update slot_bookings set booked = -1 where slot_id = ${slotId}`)).rejects.toThrow();
    const [row] = await db.select().from(t.slotBookings).where(eq(t.slotBookings.slotId, slotId));
    expect(row).toMatchObject({ booked: 2, capacity: 2 });
  });

  it('follows a change of places: more places take more bookings, fewer refuse new ones', async () => {
    const db = testDb.database.db;
    await bookSlot(db, byOrders(slotId, 2), LOAD);
    await bookSlot(db, byOrders(slotId, 2), LOAD);
    await bookSlot(db, byOrders(slotId, 3), LOAD);
    await expect(bookSlot(db, byOrders(slotId, 1), LOAD)).rejects.toMatchObject({ code: 'SLOT_TAKEN' });
    const [row] = await db.select().from(t.slotBookings).where(eq(t.slotBookings.slotId, slotId));
    expect(row).toMatchObject({ booked: 3, capacity: 3 });
  });
});
