import { useEffect, useRef, useState } from 'react';

export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'refused';

/** How long to wait before opening a new stream after the browser gave up on one (server restart, 502). */
const RESTART_MS = 3_000;

/**
 * Subscribes to a server-sent event stream. The browser reconnects on its own with Last-Event-ID; when it
 * gives up (the server answered with an error during a restart), a new stream is opened after a pause,
 * resuming from the last event id seen, so a display left running never stops updating.
 * `url` null means "not now". A 4xx (not allowed, not found) is not retried: the state says 'refused'.
 */
export function useEventStream(url: string | null, handlers: Record<string, (data: unknown) => void>): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let lastId: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      const withResume = lastId ? `${url}${url.includes('?') ? '&' : '?'}lastEventId=${encodeURIComponent(lastId)}` : url;
      const current = new EventSource(withResume, { withCredentials: true });
      source = current;
      current.onopen = () => setState('open');
      const listen = (name: string) =>
        current.addEventListener(name, (event) => {
          const message = event as MessageEvent<string>;
          if (message.lastEventId) lastId = message.lastEventId;
          try {
            handlersRef.current[name]?.(JSON.parse(message.data));
          } catch (error) {
            console.error(`event stream: bad ${name} event`, error);
          }
        });
      for (const name of Object.keys(handlersRef.current)) listen(name);
      current.onerror = () => {
        if (stopped) return;
        if (current.readyState === EventSource.CONNECTING) {
          setState('reconnecting');
          return;
        }
        // Closed for good by the browser: find out whether we are refused, else start over shortly.
        current.close();
        // EventSource hides the status: ask once with fetch and hang up as soon as the headers are in.
        const probe = new AbortController();
        void fetch(withResume, { credentials: 'include', signal: probe.signal, headers: { accept: 'text/event-stream' } })
          .then((response) => {
            probe.abort();
            return response.status >= 400 && response.status < 500 ? ('refused' as const) : ('retry' as const);
          })
          .catch(() => 'retry' as const)
          .then((next) => {
            if (stopped) return;
            if (next === 'refused') setState('refused');
            else {
              setState('reconnecting');
              timer = setTimeout(open, RESTART_MS);
            }
          });
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
    // Handler names are fixed per caller; the url decides the stream.
  }, [url]);

  return state;
}
