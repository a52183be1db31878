import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useEventStream } from '../live/useEventStream';
import { HttpError } from '../api/http';
import { isNoRoute, kioskApi, STANDALONE_DEVICE, type KioskMode } from './kioskApi';

export const KIOSK_SESSION_KEY = ['kioskSession'] as const;

/**
 * The page's device: unpaired (with the code to show), paired (its config), or standalone on a server without the
 * kiosk routes. Reloaded on every `paired`, `unpaired` and `config` event of /api/kiosk/events, so unpairing in the
 * dashboard takes the kiosk back to its pairing screen at once.
 */
export function useKioskMode(): KioskMode {
  const queryClient = useQueryClient();
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
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: KIOSK_SESSION_KEY }), [queryClient]);
  // A stream per state: the one of a page showing a code ends when it is paired, and the device's stream must be
  // opened at once (not after the browser's reconnect delay) for an unpairing to reach the page.
  const data = query.data;
  const stream =
    data?.state === 'paired' ? `/api/kiosk/events?device=${data.device.id}` : data?.state === 'unpaired' ? `/api/kiosk/events?code=${data.code}` : null;
  const streamState = useEventStream(stream, { paired: reload, unpaired: reload, config: reload });
  // Read the session again once the stream listens: a change between the first read and the subscription is not
  // sent again.
  useEffect(() => {
    if (streamState === 'open') reload();
  }, [streamState, reload]);
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
