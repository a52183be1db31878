import type { KitchenSnapshot } from '@bakje/contract';
import { useRef, useState } from 'react';
import { useEventStream } from '../../live/useEventStream';
import { applyEvent, fromSnapshot, shopToday, type KitchenOrder, type KitchenOrderEvent, type KitchenOrders } from './kitchenOrders';

/**
 * The kitchen's live orders from `/api/events/kitchen`: the snapshot, then each order event applied in
 * the shop's time zone. `onNewOrder` is called for an order that should alert the kitchen, `onEvent` for every
 * order event (in the same render as the new orders).
 * `orders` is null until the first snapshot; `stream` is the connection state.
 */
export function useKitchenFeed(timeZone: string, onNewOrder: (order: KitchenOrder) => void, onEvent?: () => void) {
  const [orders, setOrders] = useState<KitchenOrders | null>(null);
  // Events arrive between renders: each applies to the latest orders, not the last rendered ones.
  const ordersRef = useRef<KitchenOrders | null>(null);
  const timeZoneRef = useRef(timeZone);
  timeZoneRef.current = timeZone;
  const onNewOrderRef = useRef(onNewOrder);
  onNewOrderRef.current = onNewOrder;
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;

  const today = () => shopToday(timeZoneRef.current, Date.now());
  const stream = useEventStream('/api/events/kitchen', {
    snapshot: (data) => {
      const next = fromSnapshot((data as KitchenSnapshot).orders, today());
      ordersRef.current = next;
      setOrders(next);
    },
    order: (data) => {
      const event = data as KitchenOrderEvent;
      const result = applyEvent(ordersRef.current ?? new Map(), event, today());
      ordersRef.current = result.orders;
      setOrders(result.orders);
      onEventRef.current?.();
      if (result.alert) onNewOrderRef.current(event.order);
    },
  });
  return { orders, stream };
}
