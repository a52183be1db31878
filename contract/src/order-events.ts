import type { OrderEventType } from './kitchen.js';
import type { OrderStatus } from './orders.js';

/** What a customer's own order page needs to update itself; it reads the details through GraphQL. */
export interface CustomerOrderView {
  orderId: number;
  status: OrderStatus;
  pickupNumber: number;
  updatedAt: string;
}

/** /api/events/order/{id}: the `snapshot` event's data (null: no such order, or not readable by this client). */
export interface CustomerOrderSnapshot {
  order: CustomerOrderView | null;
}

/** /api/events/order/{id}: one `order` event's data. */
export type CustomerOrderEvent = CustomerOrderView & { type: OrderEventType };

/** A pickup number on the public status screen. Deliberately nothing else: no name, items, amounts or order id. */
export interface StatusBoardEntry {
  number: number;
  state: 'preparing' | 'ready' | 'gone';
  /** When it became ready (ISO), for "ready numbers leave after N seconds". */
  readyAt: string | null;
  /** When it fires (ISO, docs/decisions/0068-fire-times.md): the screen shows a number in preparation only from then. */
  fireAt: string | null;
}

export interface StatusScreenSettings {
  readyVisibleSeconds: number;
  language: 'nl' | 'fr' | 'en';
  chime: boolean;
}

/** /api/events/status-screen: the `snapshot` event's data (each `board` event is one StatusBoardEntry). */
export interface StatusBoardSnapshot {
  settings: StatusScreenSettings;
  /** The shop's day (YYYY-MM-DD in its time zone) the board is for. */
  today: string;
  timeZone: string;
  board: StatusBoardEntry[];
}
