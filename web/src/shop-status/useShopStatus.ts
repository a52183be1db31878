import type { ShopStatus } from '@bakje/contract';
import { useState } from 'react';
import { useEventStream, type StreamState } from '../live/useEventStream';

/**
 * The shop's status (pauses, busy minutes, open or closed per fulfilment type), live from
 * /api/events/shop-status: the server sends it at once and again whenever it changes. No polling.
 */
export function useShopStatus(enabled = true): { status: ShopStatus | null; stream: StreamState } {
  const [status, setStatus] = useState<ShopStatus | null>(null);
  const stream = useEventStream(enabled ? '/api/events/shop-status' : null, { 'shop-status': (data) => setStatus(data as ShopStatus) });
  return { status, stream };
}

export type Channel = keyof ShopStatus['ordering'];

/** Ordering is paused for every fulfilment type of a channel. */
export function pausedEverywhere(status: ShopStatus, channel: Channel): boolean {
  return Object.values(status.ordering[channel]).every((possible) => !possible);
}
