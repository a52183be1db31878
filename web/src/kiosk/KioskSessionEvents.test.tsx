// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KioskSessionEvents, KIOSK_SESSION_KEY } from './useKioskMode';

/** An EventSource the server closes at once, as the browser reports a 4xx answer. */
class RefusedEventSource {
  static readonly CONNECTING = 0;
  static readonly CLOSED = 2;
  readyState = RefusedEventSource.CLOSED;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    setTimeout(() => this.onerror?.(), 0);
  }
  addEventListener() {}
  close() {}
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('kiosk session events', () => {
  it('reload the session when the device stream is refused (unpaired between the session read and the stream)', async () => {
    vi.stubGlobal('EventSource', RefusedEventSource);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 403 })),
    );
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <QueryClientProvider client={client}>
        <KioskSessionEvents url="/api/kiosk/events?device=7" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: KIOSK_SESSION_KEY }));
  });
});
