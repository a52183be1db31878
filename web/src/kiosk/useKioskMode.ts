import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useEventStream } from '../live/useEventStream';
import { HttpError } from '../api/http';
import { isNoRoute, kioskApi, STANDALONE_DEVICE, type KioskMode } from './kioskApi';

export const KIOSK_SESSION_KEY = ['kioskSession'] as const;

/** The event stream of the page's pairing state: the one of a page showing a code, or its device's. */
export function kioskStream(mode: KioskMode): string | null {
  if (mode.state === 'paired') return `/api/kiosk/events?device=${mode.device.id}`;
  if (mode.state === 'unpaired') return `/api/kiosk/events?code=${mode.code}`;
  return null;
}

/**
 * Follows one stream (rendered with the stream as its key, so each stream starts as 'connecting'): reloads the
 * session on each `paired`, `unpaired` and `config` event, once when the stream is refused, and once when it listens, since a change
 * between the session's read and the subscription is not sent again. A page showing a code gets a new stream
 * when it is paired, at once rather than after the browser's reconnect delay.
 */
export function KioskSessionEvents({ url }: { url: string }) {
  const queryClient = useQueryClient();
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: KIOSK_SESSION_KEY }), [queryClient]);
  const state = useEventStream(url, { paired: reload, unpaired: reload, config: reload });
  // A refused stream means the pairing changed between the session's read and the stream (unpaired at that
  // moment): the session says what the page is now.
  useEffect(() => {
    if (state === 'open' || state === 'refused') reload();
  }, [state, reload]);
  return null;
}

/**
 * The page's device: unpaired (with the code to show), paired (its config), or standalone on a server without the
 * kiosk routes. KioskSessionEvents reloads it on the events of /api/kiosk/events, so unpairing in the dashboard takes
 * the kiosk back to its pairing screen at once.
 */
export function useKioskMode(): KioskMode {
  const query = useQuery({
    queryKey: KIOSK_SESSION_KEY,
    queryFn: async ({ signal }): Promise<KioskMode> => {
      try {
        const session = await kioskApi.session(signal);
        return session;
      } catch (error) {
        if (isNoRoute(error)) return { state: 'standalone', device: STANDALONE_DEVICE };
        throw error;
      }
    },
    staleTime: Infinity,
    // Besides the events: a kiosk whose stream is down still notices an unpairing or a new setting within a minute.
    refetchInterval: (q) => (q.state.data?.state === 'standalone' ? false : 60_000),
    retry: (count, error) => !(error instanceof HttpError && error.status >= 400 && error.status < 500) && count < 1000,
    retryDelay: (attempt) => Math.min(30_000, 1000 * 2 ** attempt),
  });
  if (query.data) return query.data;
  return query.isError ? { state: 'error' } : { state: 'loading' };
}

const A11Y_KEY = 'bakje-kiosk-a11y';
const listeners = new Set<() => void>();

function readA11y(): boolean {
  try {
    return sessionStorage.getItem(A11Y_KEY) === '1';
  } catch {
    return false;
  }
}

/** The accessibility mode, kept across the kiosk's screens until the customer's session ends. */
export function setA11yMode(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(A11Y_KEY, '1');
    else sessionStorage.removeItem(A11Y_KEY);
  } catch {
    // No storage: the mode still applies to this screen through the listeners.
  }
  for (const listener of listeners) listener();
}

export function useA11yMode(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readA11y,
    () => false,
  );
}
