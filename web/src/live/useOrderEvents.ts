import type { CustomerOrderEvent, CustomerOrderSnapshot, CustomerOrderView } from '@bakje/contract';
import { useState } from 'react';
import { useEventStream, type StreamState } from './useEventStream';

/** One customer's order as the live stream tells it (details come from the `order` GraphQL query). */
export type LiveOrder = CustomerOrderView;

/**
 * Live status of one order from /api/events/order/{id}: readable with the order key (guests, the link in
 * the confirmation) or by the session that placed it (the woocommerce-session cookie). `onChange` runs for
 * every change after the first state, e.g. to refetch the order summary query.
 * Returns the latest state (null until known, or when the order is not readable) and the stream state.
 */
export function useOrderEvents(
  orderId: number | null | undefined,
  key?: string | null,
  onChange?: (order: LiveOrder) => void,
): { order: LiveOrder | null; stream: StreamState } {
  const [order, setOrder] = useState<LiveOrder | null>(null);
  const url = orderId ? `/api/events/order/${encodeURIComponent(String(orderId))}${key ? `?key=${encodeURIComponent(key)}` : ''}` : null;
  const stream = useEventStream(url, {
    snapshot: (data) => setOrder((data as CustomerOrderSnapshot).order),
    order: (data) => {
      const { type: _type, ...next } = data as CustomerOrderEvent;
      setOrder(next);
      onChange?.(next);
    },
  });
  return { order, stream };
}
