import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StreamMessage } from '../../modules/order-events/event-streams.js';

export interface SseOptions {
  /** A comment line this often keeps proxies and the browser from closing an idle stream. */
  heartbeatMs: number;
  /**
   * A client that reads slower than we write builds up a buffer; past this many bytes it is cut off and
   * resumes with Last-Event-ID, rather than growing memory without bound.
   */
  maxBufferedBytes: number;
  /** Browser reconnect delay sent to the client. */
  retryMs: number;
}

export const defaultSseOptions: SseOptions = { heartbeatMs: 15_000, maxBufferedBytes: 1_048_576, retryMs: 2_000 };

export interface SseConnection {
  send(message: StreamMessage): void;
  /** Runs once when the client goes away or the stream is closed. */
  onClose(callback: () => void): void;
  close(): void;
}

/** The Last-Event-ID header (browsers send it on reconnect) or a `lastEventId` query parameter (first connect). */
export function lastEventIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const query = (request.query ?? {}) as Record<string, unknown>;
  return typeof query.lastEventId === 'string' && query.lastEventId.trim() ? query.lastEventId.trim() : undefined;
}

/** Takes over the response as a text/event-stream. */
export function openSse(request: FastifyRequest, reply: FastifyReply, options: SseOptions): SseConnection {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store, no-transform',
    connection: 'keep-alive',
    // nginx and similar proxies must not buffer the stream.
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
  const closeCallbacks: (() => void)[] = [];
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const callback of closeCallbacks.splice(0)) {
      try {
        callback();
      } catch (error) {
        request.log.error({ err: error }, 'closing an event stream failed');
      }
    }
    if (!raw.destroyed) raw.end();
  };
  const write = (chunk: string) => {
    if (closed || raw.destroyed) return;
    raw.write(chunk);
    if (raw.writableLength > options.maxBufferedBytes) {
      request.log.warn({ buffered: raw.writableLength }, 'event stream client too slow; closing it so it resumes from its last event');
      finish();
      raw.destroy();
    }
  };
  const heartbeat = setInterval(() => {
    // Only when nothing is waiting to go out: a heartbeat behind a full buffer proves nothing.
    if (raw.writableLength === 0) write(': ping\n\n');
  }, options.heartbeatMs);
  heartbeat.unref();
  request.raw.on('close', finish);
  raw.on('close', finish);
  raw.on('error', finish);
  write(`retry: ${options.retryMs}\n\n`);
  return {
    send(message) {
      write(`id: ${message.id}\nevent: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
    },
    onClose(callback) {
      if (closed) callback();
      else closeCallbacks.push(callback);
    },
    close: finish,
  };
}
