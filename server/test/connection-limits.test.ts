import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/database.js';
import { SseClient } from './support/sse-client.js';
import { waitFor } from './support/wait.js';

/** A listening app on a real socket with the given connection settings. */
async function listening(database: TestDatabase['database'], env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', PORT: '0', ...env });
  const app = await buildApp(config, database, createLogger('silent'), undefined, { sse: { heartbeatMs: 100 } });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.server.address() as AddressInfo).port };
}

/** Opens a status-screen stream from the given local address; resolves with the status and the request. */
function openStream(port: number, localAddress = '127.0.0.1'): Promise<{ status: number; body: Promise<string>; request: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/events/status-screen', localAddress, agent: false }, (response) => {
      const body =
        response.statusCode === 200
          ? Promise.resolve('')
          : new Promise<string>((done) => {
              let text = '';
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => (text += chunk));
              response.on('end', () => done(text));
            });
      resolve({ status: response.statusCode ?? 0, body, request });
    });
    request.on('error', reject);
  });
}

/** A client that sends `prefix` at once and then `request` one byte every `everyMs`; resolves when the server closes it. */
function trickle(port: number, prefix: string, request: string, everyMs: number): Promise<{ closedAfterMs: number; sentBytes: number; received: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(prefix));
    let sent = 0;
    let received = '';
    const timer = setInterval(() => {
      if (sent < request.length && socket.writable) socket.write(request[sent++]!);
    }, everyMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, sentBytes: sent, received });
    });
  });
}

describe.each(databaseKinds)('connection limits on %s', (kind) => {
  let testDb: TestDatabase | undefined;
  let app: App | undefined;
  const clients: { close(): void }[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await app?.close();
    await app?.close();
    await testDb?.cleanup();
  });

  it('refuses the N+1th event stream from one address with a 429, and the N+1th in total with a 503', async () => {
    testDb = await createTestDatabase(kind);
    const started = await listening(testDb.database, { BAKJE_EVENT_STREAMS_PER_CLIENT: '3', BAKJE_EVENT_STREAMS_MAX: '4' });
    app = started.app;
    const url = `http://127.0.0.1:${started.port}/api/events/status-screen`;
    for (let i = 0; i < 3; i++) {
      const client = await SseClient.connect(url);
      clients.push(client);
      expect(client.status).toBe(200);
    }
    const refused = await openStream(started.port);
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.body)).toEqual({
      code: 'TOO_MANY_STREAMS_FROM_CLIENT',
      message: 'Too many open event streams from your address (at most 3). Close another screen or tab and try again.',
      data: { status: 429 },
    });

    // Another address still gets one, until the process holds its maximum of 4.
    const other = await openStream(started.port, '127.0.0.2');
    clients.push({ close: () => other.request.destroy() });
    expect(other.status).toBe(200);
    const full = await openStream(started.port, '127.0.0.2');
    expect(full.status).toBe(503);
    expect(JSON.parse(await full.body).code).toBe('TOO_MANY_STREAMS');

    // A closed stream gives its place back.
    clients[0]!.close();
    const again = await waitFor('a place to free up', async () => {
      const attempt = await openStream(started.port);
      if (attempt.status === 200) return attempt;
      return false;
    });
    clients.push({ close: () => again.request.destroy() });
  });

  it('closes a client that sends its headers or body too slowly, keeps event streams open and closes idle keep-alive connections', async () => {
    testDb = await createTestDatabase(kind);
    const started = await listening(testDb.database, { BAKJE_HEADERS_TIMEOUT_MS: '400', BAKJE_REQUEST_TIMEOUT_MS: '800', BAKJE_KEEP_ALIVE_TIMEOUT_MS: '300' });
    app = started.app;
    const headers = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + 'a'.repeat(200) + '\r\n\r\n';
    const slowHeaders = await trickle(started.port, '', headers, 20);
    expect(slowHeaders.sentBytes).toBeLessThan(headers.length);
    expect(slowHeaders.closedAfterMs).toBeGreaterThanOrEqual(400);
    expect(slowHeaders.closedAfterMs).toBeLessThan(10_000);
    expect(slowHeaders.received).toMatch(/^HTTP\/1\.1 408/);

    const body = '{"query":"{ __typename }"}'.padEnd(200, ' ');
    const slowBody = await trickle(
      started.port,
      `POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      15,
    );
    expect(slowBody.closedAfterMs).toBeGreaterThanOrEqual(800);
    expect(slowBody.closedAfterMs).toBeLessThan(10_000);
    expect(slowBody.received).not.toMatch(/^HTTP\/1\.1 200/);

    // An event stream outlives the request time-out: its heartbeats keep coming well past it.
    const stream = await SseClient.connect(`http://127.0.0.1:${started.port}/api/events/status-screen`);
    clients.push(stream);
    const openedAt = Date.now();
    await stream.waitUntil(() => Date.now() - openedAt > 2000 && stream.comments >= 10, 'heartbeats past the request time-out');
    expect(stream.ended).toBe(false);

    // An idle keep-alive connection is closed after its time-out.
    const idle = await new Promise<{ closedAfterMs: number }>((resolve) => {
      const socket = net.connect(started.port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'));
      let answeredAt = 0;
      socket.on('data', () => (answeredAt ||= Date.now()));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ closedAfterMs: Date.now() - answeredAt }));
    });
    expect(idle.closedAfterMs).toBeGreaterThanOrEqual(250);
    expect(idle.closedAfterMs).toBeLessThan(10_000);
  });
});
