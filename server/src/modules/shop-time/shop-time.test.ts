import { describe, expect, it } from 'vitest';
import { instantAt } from './shop-time.js';

describe('instantAt', () => {
  it('turns a local date and minutes into the instant, across daylight saving time, the same when asked again', () => {
    const cases: Array<[string, number, string]> = [
      ['2026-11-21', 18 * 60 + 15, '2026-11-21T17:15:00.000Z'], // winter: UTC+1
      ['2026-07-01', 12 * 60, '2026-07-01T10:00:00.000Z'], // summer: UTC+2
      ['2026-03-29', 1 * 60 + 30, '2026-03-29T00:30:00.000Z'], // before the switch at 02:00
      ['2026-03-29', 3 * 60, '2026-03-29T01:00:00.000Z'], // after it
    ];
    for (const [date, minutes, iso] of cases) {
      expect(instantAt(date, minutes, 'Europe/Brussels').toISOString()).toBe(iso);
      expect(instantAt(date, minutes, 'Europe/Brussels').toISOString()).toBe(iso);
    }
    // Another zone, same wall-clock time: a different instant (the zone is part of what is remembered).
    expect(instantAt('2026-11-21', 18 * 60 + 15, 'Europe/London').toISOString()).toBe('2026-11-21T18:15:00.000Z');
  });

  it('returns a new Date each time, so a caller changing it changes nothing else', () => {
    const first = instantAt('2026-11-22', 600, 'Europe/Brussels');
    first.setTime(0);
    expect(instantAt('2026-11-22', 600, 'Europe/Brussels').toISOString()).toBe('2026-11-22T09:00:00.000Z');
  });
});
