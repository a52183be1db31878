import { describe, expect, it } from 'vitest';
import {
  arrivalIn,
  addAlert,
  addDays,
  bulkReadyScope,
  ageClock,
  ageMinutes,
  ageTone,
  applyEvent,
  fromSnapshot,
  inKitchenWindow,
  nextArchive,
  nextChime,
  ordersInTab,
  pruneSelection,
  shopToday,
  splitNotes,
  tabCounts,
  tabOf,
  type KitchenOrder,
} from './kitchenOrders';

const TODAY = '2026-11-21';
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 17, 0) + minutes * 60_000).toISOString();
const NOW = Date.parse(at(0));

let nextId = 1;
function anOrder(overrides: Partial<KitchenOrder> = {}): KitchenOrder {
  const id = nextId++;
  return {
    id,
    pickupNumber: id,
    pickupDay: TODAY,
    status: 'processing',
    isTestOrder: false,
    fulfilmentType: 'takeaway',
    slotStart: at(30),
    slotEnd: at(45),
    fireAt: at(-1),
    asap: false,
    createdAt: at(-1),
    updatedAt: at(-1),
    customer: { firstName: 'An', lastName: 'Peeters', phone: '', email: '' },
    address: [],
    payment: 'CASH',
    paymentMethod: 'cod',
    total: 560,
    notes: [],
    lines: [{ name: 'Frikandel', quantity: 2, addons: [] }],
    ageLimit: null,
    ...overrides,
  };
}

describe('kitchen tabs', () => {
  it('maps the order states of docs/product.md §4 to pending, preparing, ready and completed', () => {
    expect(tabOf(anOrder({ status: 'pending' }), NOW, 300)).toBe('pending');
    expect(tabOf(anOrder({ status: 'on-hold' }), NOW, 300)).toBe('pending');
    expect(tabOf(anOrder({ status: 'processing' }), NOW, 300)).toBe('preparing');
    // Completed: "ready" while the number is called out on the status screen, then archived.
    const done = anOrder({ status: 'completed', updatedAt: at(-4) });
    expect(tabOf(done, NOW, 300)).toBe('ready');
    expect(tabOf(done, Date.parse(at(1)), 300)).toBe('completed');
    expect(tabOf(anOrder({ status: 'cancelled' }), NOW, 300)).toBeNull();
    expect(tabOf(anOrder({ status: 'refunded' }), NOW, 300)).toBeNull();
  });

  it('sorts preparing by pickup time and counts every tab', () => {
    const late = anOrder({ slotStart: at(60) });
    const early = anOrder({ slotStart: at(15) });
    const ready = anOrder({ status: 'completed', updatedAt: at(-2) });
    const archived = anOrder({ status: 'completed', updatedAt: at(-30), pickupDay: addDays(TODAY, -1) });
    const orders = fromSnapshot([late, early, ready, archived], TODAY);
    expect(ordersInTab(orders, 'preparing', NOW, 300).map((o) => o.id)).toEqual([early.id, late.id]);
    expect(tabCounts(orders, NOW, 300)).toEqual({ pending: 0, preparing: 2, ready: 1, completed: 1 });
    // The ready order is archived 3 minutes from now.
    expect(nextArchive(orders, NOW, 300)).toBe(3 * 60_000);
  });
});

describe('kitchen windows (docs/product.md §7, shop days)', () => {
  it('shows open orders from 7 days ago to 2 days ahead and completed ones from yesterday to 2 days ahead', () => {
    for (const [offset, expected] of [
      [-8, false],
      [-7, true],
      [0, true],
      [2, true],
      [3, false],
    ] as const) {
      expect(inKitchenWindow(anOrder({ pickupDay: addDays(TODAY, offset) }), TODAY)).toBe(expected);
    }
    for (const [offset, expected] of [
      [-2, false],
      [-1, true],
      [2, true],
      [3, false],
    ] as const) {
      expect(inKitchenWindow(anOrder({ status: 'completed', pickupDay: addDays(TODAY, offset) }), TODAY)).toBe(expected);
    }
    expect(inKitchenWindow(anOrder({ isTestOrder: true }), TODAY)).toBe(false);
    expect(inKitchenWindow(anOrder({ status: 'cancelled' }), TODAY)).toBe(false);
  });

  it('adds days across month ends and reads today in the shop time zone', () => {
    expect(addDays('2026-11-30', 2)).toBe('2026-12-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    // 23:30 UTC on 21 November is already 22 November in Brussels.
    expect(shopToday('Europe/Brussels', Date.UTC(2026, 10, 21, 23, 30))).toBe('2026-11-22');
    expect(shopToday('UTC', Date.UTC(2026, 10, 21, 23, 30))).toBe('2026-11-21');
  });
});

describe('events', () => {
  it('alerts for a new order and for a waiting order whose payment came in, not for kitchen actions', () => {
    const order = anOrder();
    const created = applyEvent(new Map(), { type: 'order.created', action: null, previousStatus: null, order }, TODAY);
    expect(created.alert).toBe(true);
    expect(created.orders.get(order.id)).toBe(order);

    const ready = applyEvent(
      created.orders,
      { type: 'order.status-changed', action: 'ready', previousStatus: 'processing', order: { ...order, status: 'completed' } },
      TODAY,
    );
    expect(ready.alert).toBe(false);
    expect(ready.orders.get(order.id)?.status).toBe('completed');

    const waiting = anOrder({ status: 'pending' });
    const paid = applyEvent(
      new Map(),
      { type: 'order.status-changed', action: 'paid', previousStatus: 'pending', order: { ...waiting, status: 'processing' } },
      TODAY,
    );
    expect(paid.alert).toBe(true);
    const sent = applyEvent(
      new Map(),
      { type: 'order.status-changed', action: 'send', previousStatus: 'pending', order: { ...waiting, status: 'processing' } },
      TODAY,
    );
    expect(sent.alert).toBe(false);
  });

  it('drops an order marked as test order, and never alerts for an order outside the window', () => {
    const order = anOrder();
    const orders = fromSnapshot([order], TODAY);
    const marked = applyEvent(orders, { type: 'order.marked-test', action: 'test', previousStatus: null, order: { ...order, isTestOrder: true } }, TODAY);
    expect(marked.orders.size).toBe(0);
    const far = applyEvent(new Map(), { type: 'order.created', action: null, previousStatus: null, order: anOrder({ pickupDay: addDays(TODAY, 5) }) }, TODAY);
    expect(far).toMatchObject({ alert: false });
    expect(far.orders.size).toBe(0);
  });

  it('spaces the chimes of orders that arrive together, one per order', () => {
    let free = 0;
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      const next = nextChime(free, 10_000, 900);
      delays.push(next.delay);
      free = next.freeFrom;
    }
    expect(delays).toEqual([0, 900, 1800]);
    // Later, after a quiet moment, the next one sounds at once.
    expect(nextChime(free, 20_000, 900)).toEqual({ delay: 0, freeFrom: 20_900 });
  });

  it('keeps one alert per order, so several orders at once each get their own', () => {
    const [a, b] = [anOrder(), anOrder()];
    let alerts = addAlert([], a);
    alerts = addAlert(alerts, b);
    alerts = addAlert(alerts, a);
    expect(alerts).toEqual([
      { orderId: a.id, pickupNumber: a.pickupNumber },
      { orderId: b.id, pickupNumber: b.pickupNumber },
    ]);
  });
});

describe('order cards', () => {
  it('turns the age timer amber and red at the configured minutes', () => {
    const settings = { ageAmberMinutes: 5, ageRedMinutes: 8 };
    expect(ageTone(0, settings)).toBe('fresh');
    expect(ageTone(4, settings)).toBe('fresh');
    expect(ageTone(5, settings)).toBe('amber');
    expect(ageTone(7, settings)).toBe('amber');
    expect(ageTone(8, settings)).toBe('red');
    expect(ageTone(6, { ageAmberMinutes: 2, ageRedMinutes: 6 })).toBe('red');
    const order = anOrder({ createdAt: at(-7.5) });
    expect(ageMinutes(order, NOW)).toBe(7);
    expect(ageClock(order, NOW)).toBe('7:30');
    // A card from a clock slightly ahead never shows a negative age.
    expect(ageClock(anOrder({ createdAt: at(1) }), NOW)).toBe('0:00');
  });

  it("splits kitchen notes on '|' and drops blank ones", () => {
    expect(splitNotes('Geen zout| extra saus |')).toEqual(['Geen zout', 'extra saus']);
    expect(splitNotes(['Allergie: noten', 'Bel aan|Achterdeur'])).toEqual(['Allergie: noten', 'Bel aan', 'Achterdeur']);
    expect(splitNotes('')).toEqual([]);
  });

  it('keeps only selected orders that are still shown', () => {
    const [a, b] = [anOrder(), anOrder()];
    expect([...pruneSelection(new Set([a.id, b.id, 999]), [a])]).toEqual([a.id]);
  });
});

describe('bulk ready scope', () => {
  it('takes the fired orders being prepared and counts those still to fire it leaves', () => {
    const preparing = [anOrder({ fireAt: null }), anOrder({ fireAt: at(-5) }), anOrder({ fireAt: at(0) }), anOrder({ fireAt: at(1) })];
    expect(bulkReadyScope(preparing, NOW)).toEqual({ ids: preparing.slice(0, 3).map((o) => o.id), skipped: 1 });
  });
});

// docs/decisions/0082-ik-kom-eraan.md
describe('"Ik kom eraan" on the card', () => {
  it('counts whole minutes to the arrival, rounded, so a screen a moment off the server reads the choice; 0 once due', () => {
    expect(arrivalIn(at(10), NOW)).toBe(10);
    expect(arrivalIn(at(10), NOW + 2_000)).toBe(10);
    expect(arrivalIn(at(10), NOW - 2_000)).toBe(10);
    expect(arrivalIn(at(10), NOW + 9.6 * 60_000)).toBe(0);
    expect(arrivalIn(at(10), NOW + 20 * 60_000)).toBe(0);
  });
});
