import { describe, expect, it } from 'vitest';
import { shopWallClock, wallClockOf } from './shopClock';

describe('the shop wall clock', () => {
  it('shows an instant on the shop clock, whatever the device time zone', () => {
    expect(shopWallClock(new Date('2026-11-24T16:05:09Z'), 'Europe/Brussels')).toBe('2026-11-24T17:05');
    expect(shopWallClock(new Date('2026-07-01T22:30:00Z'), 'Europe/Brussels', true)).toBe('2026-07-02T00:30:00');
  });
  it('turns an answer in the shop offset into a form value, keeping seconds only when set', () => {
    expect(wallClockOf('2026-11-24T17:00:00+01:00')).toBe('2026-11-24T17:00');
    expect(wallClockOf('2026-11-24T17:00:30+01:00')).toBe('2026-11-24T17:00:30');
  });
});
