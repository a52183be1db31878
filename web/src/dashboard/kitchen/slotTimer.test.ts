import { describe, expect, it } from 'vitest';
import { isPreOrder, slotCountdown, slotTone } from './kitchenOrders';

const at = (iso: string) => Date.parse(iso);

describe('pre-orders are timed from their slot', () => {
  const tomorrow = { createdAt: '2026-11-21T09:00:00Z', slotStart: '2026-11-22T17:00:00Z' };

  it('an order for tomorrow 18:00 is a pre-order and is not overdue minutes after it arrives', () => {
    expect(isPreOrder(tomorrow)).toBe(true);
    expect(slotTone(tomorrow, at('2026-11-21T09:10:00Z'))).toBe('fresh');
    expect(slotCountdown(tomorrow, at('2026-11-21T09:10:00Z'))).toBe('1d 07:50');
  });

  it('turns amber 15 minutes before the slot and red once it has started', () => {
    expect(slotTone(tomorrow, at('2026-11-22T16:44:00Z'))).toBe('fresh');
    expect(slotTone(tomorrow, at('2026-11-22T16:46:00Z'))).toBe('amber');
    expect(slotCountdown(tomorrow, at('2026-11-22T16:46:00Z'))).toBe('14:00');
    expect(slotTone(tomorrow, at('2026-11-22T17:00:00Z'))).toBe('red');
    expect(slotCountdown(tomorrow, at('2026-11-22T17:02:05Z'))).toBe('+2:05');
    expect(slotCountdown(tomorrow, at('2026-11-22T15:59:51Z'))).toBe('1:00:09');
  });

  it('an order for the next slot, or without one, keeps the age timer', () => {
    expect(isPreOrder({ createdAt: '2026-11-21T17:40:00Z', slotStart: '2026-11-21T18:00:00Z' })).toBe(false);
    expect(isPreOrder({ createdAt: '2026-11-21T17:40:00Z', slotStart: null })).toBe(false);
  });
});
