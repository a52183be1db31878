import type { KitchenOrder, KitchenStations } from '@bakje/contract';
import { describe, expect, it } from 'vitest';
import { bumpKeyOf } from './bumpKeys';
import { linesFor, partsOf, stationQueue } from './stationParts';

const stations: KitchenStations = {
  stations: [
    { id: 1, name: 'Friteuse' },
    { id: 2, name: 'Grill' },
  ],
  productStations: { '10': 1, '20': 2 },
};

const order = (id: number, overrides: Partial<KitchenOrder> = {}): KitchenOrder => ({
  id,
  pickupNumber: id,
  pickupDay: '2026-11-28',
  status: 'processing',
  isTestOrder: false,
  ageLimit: null,
  fireAt: null,
  asap: false,
  fulfilmentType: 'takeaway',
  slotStart: null,
  slotEnd: null,
  createdAt: `2026-11-28T12:0${id}:00Z`,
  updatedAt: `2026-11-28T12:0${id}:00Z`,
  customer: { firstName: 'An', lastName: 'Peeters', phone: '', email: '' },
  address: [],
  payment: 'CASH',
  paymentMethod: 'cod',
  total: 1000,
  notes: [],
  lines: [
    { name: 'Friet', quantity: 1, addons: [], productId: 10 },
    { name: 'Burger', quantity: 2, addons: [], productId: 20 },
    { name: 'Cola', quantity: 1, addons: [], productId: 30 },
  ],
  ...overrides,
});

describe('an order split by station', () => {
  it('gives each station only its lines, and the parts with their progress', () => {
    expect(linesFor(order(1), 1, stations).map((l) => l.name)).toEqual(['Friet']);
    expect(linesFor(order(1), 2, stations).map((l) => l.name)).toEqual(['Burger']);
    expect(partsOf(order(1, { stationBumps: [2] }), stations)).toEqual([
      { stationId: 1, name: 'Friteuse', bumped: false },
      { stationId: 2, name: 'Grill', bumped: true },
    ]);
    // An order without station items (or from before the product ids) has no parts: it works as before.
    expect(partsOf(order(2, { lines: [{ name: 'Cola', quantity: 1, addons: [] }] }), stations)).toEqual([]);
  });

  it("queues a station's open parts, earliest first, leaving bumped parts, ready, pending and test orders out", () => {
    const orders = [
      order(3),
      order(1),
      order(2, { stationBumps: [1] }),
      order(4, { status: 'completed' }),
      order(5, { status: 'pending' }),
      order(6, { isTestOrder: true }),
      order(7, { lines: [{ name: 'Burger', quantity: 1, addons: [], productId: 20 }] }),
    ];
    expect(stationQueue(orders, 1, stations).map((o) => o.id)).toEqual([1, 3]);
    expect(stationQueue(orders, 2, stations).map((o) => o.id)).toEqual([1, 2, 3, 7]);
  });
});

describe('the bump bar keys', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'altKey' | 'metaKey', boolean>> = {}) =>
    bumpKeyOf({ key: k, ctrlKey: false, altKey: false, metaKey: false, ...mods });
  it('selects with 1-9, bumps with Enter, recalls with Backspace or 0, and leaves modified keys (Ctrl+Z) alone', () => {
    expect(key('1')).toEqual({ kind: 'select', index: 0 });
    expect(key('9')).toEqual({ kind: 'select', index: 8 });
    expect(key('Enter')).toEqual({ kind: 'bump' });
    expect(key('Backspace')).toEqual({ kind: 'recall' });
    expect(key('0')).toEqual({ kind: 'recall' });
    expect(key('z', { ctrlKey: true })).toBeNull();
    expect(key('1', { altKey: true })).toBeNull();
    expect(key('a')).toBeNull();
  });
});
