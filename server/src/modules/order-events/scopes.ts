import type { CustomerOrderEvent, CustomerOrderView, KitchenOrderEvent, StatusBoardEntry } from '@bakje/contract';
import type { KitchenOrder } from './kitchen-order.js';
import type { OrderEvent } from './record.js';

/** Who is listening, and so what they may see. */
export type EventScope = { kind: 'kitchen' } | { kind: 'status-screen' } | { kind: 'order'; orderId: number };

export function statusBoardEntry(order: KitchenOrder): StatusBoardEntry {
  const state = order.isTestOrder ? 'gone' : order.status === 'processing' ? 'preparing' : order.status === 'completed' ? 'ready' : 'gone';
  return { number: order.pickupNumber, state, readyAt: state === 'ready' ? order.updatedAt : null, fireAt: order.fireAt };
}

export function customerOrderView(order: KitchenOrder): CustomerOrderView {
  return { orderId: order.id, status: order.status, pickupNumber: order.pickupNumber, updatedAt: order.updatedAt };
}

/** The SSE event name and data one event becomes for a scope, or undefined when the scope must not see it. */
export function projectEvent(scope: EventScope, event: OrderEvent, today: string): { event: string; data: unknown } | undefined {
  const order = event.payload.order;
  switch (scope.kind) {
    case 'kitchen':
      return {
        event: 'order',
        data: {
          type: event.type,
          action: event.payload.action ?? null,
          previousStatus: event.payload.previousStatus ?? null,
          order,
        } satisfies KitchenOrderEvent,
      };
    case 'status-screen':
      // Only today's numbers are called out; an order for another day never shows.
      if (order.pickupDay !== today) return undefined;
      return { event: 'board', data: statusBoardEntry(order) };
    case 'order':
      if (event.orderId !== scope.orderId) return undefined;
      return { event: 'order', data: { type: event.type, ...customerOrderView(order) } satisfies CustomerOrderEvent };
  }
}
