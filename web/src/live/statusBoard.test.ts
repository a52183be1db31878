import { describe, expect, it } from 'vitest';
import { FRESH_READY_MS, applyEntry, columns, freshlyReady, fromSnapshot, nextDeparture, nextOnScreen, shopDay } from './statusBoard';

const settings = { readyVisibleSeconds: 60, language: 'nl' as const, chime: true };
const at = (s: number) => new Date(Date.UTC(2026, 10, 21, 17, 0, s)).toISOString();
const now = (s: number) => Date.parse(at(s));

describe('status board', () => {
  it('moves a number from preparing to ready, chimes once, and lets it leave after the configured time', () => {
    let state = fromSnapshot({
      settings,
      today: '2026-11-21',
      timeZone: 'Europe/Brussels',
      board: [
        { number: 3, state: 'preparing', readyAt: null, fireAt: null },
        { number: 1, state: 'preparing', readyAt: null, fireAt: null },
      ],
    });
    expect(columns(state, now(0))).toEqual({ preparing: [1, 3], ready: [] });

    const first = applyEntry(state, { number: 3, state: 'ready', readyAt: at(0), fireAt: null });
    expect(first.becameReady).toBe(true);
    state = first.state;
    expect(applyEntry(state, { number: 3, state: 'ready', readyAt: at(0), fireAt: null }).becameReady).toBe(false);
    expect(columns(state, now(10))).toEqual({ preparing: [1], ready: [3] });
    expect(nextDeparture(state, now(10))).toBe(50_000);
    expect(columns(state, now(60))).toEqual({ preparing: [1], ready: [] });
    expect(nextDeparture(state, now(60))).toBeUndefined();
  });

  it('shows the newest ready number first and drops numbers that are gone (test orders, cancellations)', () => {
    let state = fromSnapshot({ settings, today: '2026-11-21', timeZone: 'Europe/Brussels', board: [] });
    state = applyEntry(state, { number: 4, state: 'ready', readyAt: at(1), fireAt: null }).state;
    state = applyEntry(state, { number: 7, state: 'ready', readyAt: at(5), fireAt: null }).state;
    state = applyEntry(state, { number: 9, state: 'preparing', readyAt: null, fireAt: null }).state;
    expect(columns(state, now(6)).ready).toEqual([7, 4]);
    state = applyEntry(state, { number: 9, state: 'gone', readyAt: null, fireAt: null }).state;
    state = applyEntry(state, { number: 4, state: 'preparing', readyAt: null, fireAt: null }).state;
    expect(columns(state, now(6))).toEqual({ preparing: [4], ready: [7] });
  });
});

describe('fire times on the board (docs/decisions/0068-fire-times.md)', () => {
  it('shows a number in preparation only from its fire time, and says when the next one comes on', () => {
    const state = fromSnapshot({
      settings,
      today: '2026-11-21',
      timeZone: 'Europe/Brussels',
      board: [
        { number: 1, state: 'preparing', readyAt: null, fireAt: at(0) },
        { number: 2, state: 'preparing', readyAt: null, fireAt: at(30) },
        { number: 3, state: 'ready', readyAt: at(5), fireAt: at(40) },
      ],
    });
    expect(columns(state, now(10))).toEqual({ preparing: [1], ready: [3] });
    expect(nextOnScreen(state, now(10))).toBe(20_000);
    expect(columns(state, now(30))).toEqual({ preparing: [1, 2], ready: [3] });
    expect(nextOnScreen(state, now(30))).toBeUndefined();
  });
});

describe('shopDay', () => {
  it('is the date in the shop time zone, not UTC', () => {
    expect(shopDay('Europe/Brussels', Date.parse('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(shopDay('Europe/Brussels', Date.parse('2026-11-21T22:30:00Z'))).toBe('2026-11-21');
  });
});

describe('freshly ready numbers', () => {
  it('stand out for a few seconds after they became ready', () => {
    const state = fromSnapshot({
      settings,
      today: '2026-11-21',
      timeZone: 'Europe/Brussels',
      board: [
        { number: 1, state: 'ready', readyAt: at(0), fireAt: null },
        { number: 2, state: 'ready', readyAt: at(4), fireAt: null },
        { number: 3, state: 'preparing', readyAt: null, fireAt: null },
      ],
    });
    expect(freshlyReady(state, now(5))).toEqual({ numbers: new Set([1, 2]), endsIn: FRESH_READY_MS - 5_000 });
    expect(freshlyReady(state, now(8))).toEqual({ numbers: new Set([2]), endsIn: FRESH_READY_MS - 4_000 });
    expect(freshlyReady(state, now(30))).toEqual({ numbers: new Set(), endsIn: undefined });
  });
});
