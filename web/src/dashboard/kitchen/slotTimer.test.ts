import { describe, expect, it } from 'vitest';
import type { KitchenOrder } from '@bakje/contract';
import { cardTimer, firedBetween, firedClock, laterLane, ordersInTab, slotCountdown, tabCounts, type KitchenOrders } from './kitchenOrders';

const at = (iso: string) => Date.parse(iso);
const settings = { ageAmberMinutes: 5, ageRedMinutes: 8 };

// docs/decisions/0068-fire-times.md
describe('card timers count from the fire time', () => {
  // Placed at 10:00 for the 18:00 slot (17:00Z), it fires 8 minutes before.
  const evening = {
    createdAt: '2026-11-21T09:00:00Z',
    slotStart: '2026-11-21T17:00:00Z',
    slotEnd: '2026-11-21T17:15:00Z',
    fireAt: '2026-11-21T16:52:00Z',
    asap: false,
  };

  it('before its fire time an order counts down to its slot and never turns amber or red', () => {
    expect(cardTimer(evening, at('2026-11-21T09:10:00Z'), settings)).toEqual({ kind: 'countdown', tone: 'fresh' });
    expect(slotCountdown(evening, at('2026-11-21T09:10:00Z'))).toBe('7:50:00');
    expect(cardTimer(evening, at('2026-11-21T16:51:59Z'), settings)).toEqual({ kind: 'countdown', tone: 'fresh' });
  });

  it('from its fire time it counts up from it, amber once its slot has started, red once the slot has ended', () => {
    expect(cardTimer(evening, at('2026-11-21T16:52:00Z'), settings)).toEqual({ kind: 'age', tone: 'fresh' });
    expect(firedClock(evening, at('2026-11-21T16:53:05Z'))).toBe('1:05');
    expect(cardTimer(evening, at('2026-11-21T16:59:59Z'), settings).tone).toBe('fresh');
    expect(cardTimer(evening, at('2026-11-21T17:00:00Z'), settings).tone).toBe('amber');
    expect(cardTimer(evening, at('2026-11-21T17:15:00Z'), settings).tone).toBe('red');
    expect(cardTimer({ ...evening, slotEnd: null }, at('2026-11-21T17:05:00Z'), settings).tone).toBe('red');
  });

  it('an order for now (kiosk, as soon as possible) counts from when it was placed, by the age minutes', () => {
    const now = { createdAt: '2026-11-21T17:40:00Z', slotStart: '2026-11-21T18:00:00Z', slotEnd: null, fireAt: '2026-11-21T17:40:00Z', asap: true };
    expect(cardTimer(now, at('2026-11-21T17:44:00Z'), settings)).toEqual({ kind: 'age', tone: 'fresh' });
    expect(cardTimer(now, at('2026-11-21T17:45:00Z'), settings).tone).toBe('amber');
    expect(cardTimer(now, at('2026-11-21T17:48:00Z'), settings).tone).toBe('red');
    // An order from before fire times (no fireAt) counts from when it was placed.
    expect(firedClock({ createdAt: '2026-11-21T17:40:00Z', fireAt: null }, at('2026-11-21T17:42:00Z'))).toBe('2:00');
  });
});

describe('the "Later" lane', () => {
  const order = (id: number, status: KitchenOrder['status'], fireAt: string | null): KitchenOrder => ({
    id,
    pickupNumber: id,
    pickupDay: '2026-11-21',
    status,
    isTestOrder: false,
    ageLimit: null,
    fulfilmentType: 'takeaway',
    slotStart: '2026-11-21T17:00:00Z',
    slotEnd: '2026-11-21T17:15:00Z',
    fireAt,
    asap: false,
    createdAt: '2026-11-21T09:00:00Z',
    updatedAt: '2026-11-21T09:00:00Z',
    customer: { firstName: '', lastName: '', phone: '', email: '' },
    address: [],
    payment: 'CASH',
    paymentMethod: 'cod',
    total: 500,
    notes: [],
    lines: [],
  });
  const orders: KitchenOrders = new Map(
    [
      order(1, 'processing', '2026-11-21T09:00:00Z'),
      order(2, 'processing', '2026-11-21T16:52:00Z'),
      order(3, 'pending', '2026-11-21T16:40:00Z'),
      order(4, 'completed', '2026-11-21T16:52:00Z'),
    ].map((o) => [o.id, o]),
  );

  it('holds the orders still to fire, first to fire first, out of their tabs and counts', () => {
    const ten = at('2026-11-21T09:00:00Z');
    expect(laterLane(orders, ten).map((o) => o.id)).toEqual([3, 2]);
    expect(ordersInTab(orders, 'preparing', ten, 300).map((o) => o.id)).toEqual([1]);
    expect(tabCounts(orders, ten, 300)).toMatchObject({ pending: 0, preparing: 1 });
  });

  it('moves an order into its tab at its fire time, once', () => {
    expect(firedBetween(orders, at('2026-11-21T16:51:59Z'), at('2026-11-21T16:52:00Z')).map((o) => o.id)).toEqual([2]);
    expect(firedBetween(orders, at('2026-11-21T16:52:00Z'), at('2026-11-21T16:52:01Z'))).toEqual([]);
    expect(ordersInTab(orders, 'preparing', at('2026-11-21T16:52:00Z'), 300).map((o) => o.id)).toEqual([1, 2]);
  });
});
