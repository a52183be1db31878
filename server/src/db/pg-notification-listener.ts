import pg from 'pg';
import type { ChannelHandler } from './client.js';

export interface ListenerOptions {
  /** First wait before reconnecting; doubles on every failed try up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Told about lost connections and failed reconnects (a logger, in the app). */
  onError?: (error: unknown, context: string) => void;
}

/**
 * One dedicated PostgreSQL connection that LISTENs to every subscribed channel (a pooled connection cannot:
 * the pool hands it to other queries). When that connection drops (server restart, failover, an admin's
 * pg_terminate_backend, a network cut) it reconnects with exponential back-off, LISTENs to all channels
 * again and tells every handler through `onResubscribed`, since notifications sent in between are lost.
 */
export class PgNotificationListener {
  private readonly channels = new Map<string, Set<ChannelHandler>>();
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private delayMs: number;
  private closed = false;
  private resubscribed = 0;
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(
    private readonly url: string,
    private readonly options: ListenerOptions = {},
  ) {
    this.initialDelayMs = options.initialDelayMs ?? 100;
    this.maxDelayMs = options.maxDelayMs ?? 10_000;
    this.delayMs = this.initialDelayMs;
  }

  /** Subscribes; the first subscription opens the connection (and fails when the server is unreachable). */
  async listen(channel: string, handler: ChannelHandler): Promise<() => Promise<void>> {
    if (this.closed) throw new Error('the notification listener is closed');
    let handlers = this.channels.get(channel);
    const isNew = !handlers;
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
    }
    handlers.add(handler);
    if (isNew) {
      // While reconnecting, the next connection LISTENs to every channel in the map, this one included.
      if (this.reconnectTimer) return this.unsubscriber(channel, handler);
      try {
        const client = await this.connected();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        handlers.delete(handler);
        if (handlers.size === 0) this.channels.delete(channel);
        throw error;
      }
    }
    return this.unsubscriber(channel, handler);
  }

  /** Whether the listening connection is up now (for tests and diagnostics). */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** How many times a lost connection was replaced and every channel listened to again. */
  get reconnects(): number {
    return this.resubscribed;
  }

  /** The server process id of the listening connection, if connected (tests terminate it). */
  get backendPid(): number | undefined {
    return (this.client as (pg.Client & { processID?: number }) | undefined)?.processID;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private unsubscriber(channel: string, handler: ChannelHandler) {
    return async () => {
      const handlers = this.channels.get(channel);
      if (!handlers?.delete(handler) || handlers.size > 0) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    // keepAlive: a silently dead peer (network cut) is noticed by TCP instead of never.
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      if (this.closed) return;
      this.options.onError?.(error ?? new Error('connection ended'), 'LISTEN connection lost; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      for (const handler of this.channels.get(message.channel) ?? []) {
        try {
          handler.onPayload(message.payload ?? '');
        } catch (error) {
          this.options.onError?.(error, `handler for ${message.channel} failed`);
        }
      }
    });
    try {
      await client.connect();
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('the notification listener is closed');
    }
    this.client = client;
    return client;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.delayMs;
    this.delayMs = Math.min(this.maxDelayMs, this.delayMs * 2);
    this.reconnectTimer = setTimeout(() => {
      void this.reconnect();
    }, delay);
    // A pending reconnect must not keep a finished process alive.
    this.reconnectTimer.unref();
  }

  private async reconnect(): Promise<void> {
    try {
      const client = await this.connected();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      this.reconnectTimer = undefined;
      this.delayMs = this.initialDelayMs;
      this.resubscribed++;
      for (const handlers of this.channels.values()) {
        for (const handler of handlers) {
          try {
            handler.onResubscribed?.();
          } catch (error) {
            this.options.onError?.(error, 'onResubscribed handler failed');
          }
        }
      }
    } catch (error) {
      this.reconnectTimer = undefined;
      if (this.closed) return;
      this.options.onError?.(error, `reconnecting the LISTEN connection failed; next try in ${this.delayMs} ms`);
      // A client that connected but failed to LISTEN is dropped, so the next try starts clean.
      const half = this.client;
      this.client = undefined;
      await half?.end().catch(() => undefined);
      this.scheduleReconnect();
    }
  }
}
