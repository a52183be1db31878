import { describe, expect, it } from 'vitest';
import type { KitchenOrder } from '@bakje/contract';
import { rushQuarters } from './rushFigures';

const order = (slotStart: string | null, quantities: number[], overrides: Partial<KitchenOrder> = {}): KitchenOrder => ({
  id: 1,
  pickupNumber: 1,
  pickupDay: '2026-11-21',
  status: 'processing',
  isTestOrder: false,
  ageLimit: null,
  fulfilmentType: 'takeaway',
  slotStart,
  slotEnd: null,
  fireAt: null,
  asap: false,
  createdAt: '2026-11-21T16:00:00Z',
  updatedAt: '2026-11-21T16:00:00Z',
  customer: { firstName: '', lastName: '', phone: '', email: '' },
  address: [],
  payment: 'CASH',
  paymentMethod: 'cod',
  total: 500,
  notes: [],
  lines: quantities.map((quantity) => ({ name: 'Friet', quantity, addons: [] })),
  ...overrides,
});

describe('rush figures', () => {
  it('counts the orders still to make and their portions by the quarter hour of their slot', () => {
    const now = Date.parse('2026-11-21T17:07:00Z');
    const quarters = rushQuarters(
      [
        order('2026-11-21T17:00:00Z', [2, 1]),
        order(null, [1]),
        order('2026-11-21T16:30:00Z', [1]), // overdue: counts now
        order('2026-11-21T17:15:00Z', [3]),
        order('2026-11-21T17:45:00Z', [4]),
        order('2026-11-21T18:00:00Z', [9]), // after the fourth quarter
        order('2026-11-21T17:15:00Z', [5], { status: 'completed' }),
        order('2026-11-21T17:15:00Z', [5], { isTestOrder: true }),
      ],
      now,
    );
    expect(quarters.map((q) => [new Date(q.start).toISOString().slice(11, 16), q.orders, q.portions])).toEqual([
      ['17:00', 3, 5],
      ['17:15', 1, 3],
      ['17:30', 0, 0],
      ['17:45', 1, 4],
    ]);
  });
});
