import http from 'node:http';

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

/** A minimal EventSource over node:http for tests: collects parsed events, can wait for them, can hang up. */
export class SseClient {
  readonly events: SseEvent[] = [];
  /** Comment lines (heartbeats) received. */
  comments = 0;
  /** Set when the server ended the stream. */
  ended = false;
  private waiters: (() => void)[] = [];
  private request: http.ClientRequest | undefined;
  status = 0;

  static async connect(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    await new Promise<void>((resolve, reject) => {
      const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
        client.status = response.statusCode ?? 0;
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            client.parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
        response.on('error', () => undefined);
        response.on('end', () => {
          client.ended = true;
          for (const wake of client.waiters.splice(0)) wake();
        });
        resolve();
      });
      request.on('error', reject);
      client.request = request;
    });
    return client;
  }

  private parse(block: string) {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments++;
        for (const wake of this.waiters.splice(0)) wake();
        continue;
      }
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    this.events.push({ id, event, data: JSON.parse(data.join('\n')) });
    for (const wake of this.waiters.splice(0)) wake();
  }

  get lastEventId(): string | undefined {
    return [...this.events].reverse().find((e) => e.id !== undefined)?.id;
  }

  /** Waits until at least `count` events arrived (fails after `timeoutMs`: a missing event, not a speed check). */
  async waitForCount(count: number, timeoutMs = 10_000): Promise<SseEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.events.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} events, got ${this.events.length}: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.events;
  }

  /** Waits until `condition` holds (checked on every arrival and every 50 ms; fails after `timeoutMs`). */
  async waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  close(): void {
    this.request?.destroy();
  }
}
