import type { DbOrTx } from '../../db/client.js';
import { coupons, settings, timeSlots } from '../../db/schema/index.js';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/**
 * How the demo frituur takes orders: open every day 11:00-14:00 and 17:00-22:30, slots for each
 * fulfilment type on every open day, delivery with a 15 EUR minimum, up to 8 km, for 2.50 EUR,
 * and a demo coupon.
 */
export async function seedDemoOrdering(db: DbOrTx): Promise<void> {
  await db
    .insert(settings)
    .values([
      {
        key: 'opening_hours',
        value: {
          week: Object.fromEntries(
            EVERY_DAY.map((d) => [
              String(d),
              [
                { open: '11:00', close: '14:00' },
                { open: '17:00', close: '22:30' },
              ],
            ]),
          ),
          closedDates: [],
          pausedUntil: null,
        },
      },
      { key: 'delivery', value: { enabled: true, minimumOrder: 1500, maximumDistanceKm: 8, fee: 250, roadFactor: 1.3, origin: { lat: 51.0543, lon: 3.7174 } } },
      { key: 'ordering', value: { leadTimeMinutes: 20, daysAhead: 7 } },
    ])
    .onConflictDoNothing();
  await db.insert(timeSlots).values([
    { type: 'takeaway', startTime: '11:30', endTime: '14:00', intervalMinutes: 15, maxOrders: 6, repeatDays: EVERY_DAY, customMessage: '' },
    { type: 'takeaway', startTime: '17:00', endTime: '22:00', intervalMinutes: 15, maxOrders: 6, repeatDays: EVERY_DAY, customMessage: '' },
    {
      type: 'delivery',
      startTime: '17:30',
      endTime: '22:00',
      intervalMinutes: 30,
      maxOrders: 4,
      repeatDays: EVERY_DAY,
      customMessage: 'Levering aan huis binnen 8 km',
    },
    { type: 'dinein', startTime: '11:30', endTime: '14:00', intervalMinutes: 30, maxOrders: 8, repeatDays: EVERY_DAY, customMessage: '' },
    { type: 'dinein', startTime: '17:00', endTime: '22:00', intervalMinutes: 30, maxOrders: 8, repeatDays: EVERY_DAY, customMessage: '' },
  ]);
  await db
    .insert(coupons)
    .values({
      code: 'welkom10',
      description: '10% korting op je eerste bestelling',
      discountType: 'percent',
      amount: 10,
      minimumSpend: 1000,
      usageLimitPerCustomer: 1,
    })
    .onConflictDoNothing();
}
