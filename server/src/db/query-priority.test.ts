import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { openPglite } from './client.js';
import { isBackgroundWork, runAsBackground, StatementQueue } from './query-priority.js';

/** A statement that holds the queue until `finish` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe('StatementQueue', () => {
  it('runs a waiting request statement before waiting background statements', async () => {
    const queue = new StatementQueue();
    const order: string[] = [];
    const first = held();
    const running = queue.run(first.work, false);
    const waiting = [
      queue.run(async () => void order.push('background 1'), true),
      queue.run(async () => void order.push('background 2'), true),
      queue.run(async () => void order.push('request'), false),
    ];
    expect(queue.waiting).toEqual({ foreground: 1, background: 2 });
    first.finish();
    await Promise.all([running, ...waiting]);
    expect(order).toEqual(['request', 'background 1', 'background 2']);
  });

  it('lets background work through after a streak of request statements', async () => {
    const queue = new StatementQueue(2);
    const order: string[] = [];
    const first = held();
    const running = queue.run(first.work, false);
    const waiting = [queue.run(async () => void order.push('background'), true)];
    for (let i = 1; i <= 4; i++) waiting.push(queue.run(async () => void order.push(`request ${i}`), false));
    first.finish();
    await Promise.all([running, ...waiting]);
    // The held statement and request 1 make a streak of two: the background statement goes next.
    expect(order).toEqual(['request 1', 'background', 'request 2', 'request 3', 'request 4']);
  });

  it('lets the event loop turn before each background statement, queued together or one after the other', async () => {
    const queue = new StatementQueue(8, true);
    const order: string[] = [];
    const together = Array.from({ length: 20 }, (_, i) => queue.run(async () => void order.push(`job ${i}`), true));
    // Stands for I/O that arrives while the jobs run: a connection to accept, a request to read.
    setImmediate(() => order.push('i/o'));
    await Promise.all(together);
    // Without the turn all 20 run in one block of promise callbacks before it.
    expect(order.slice(0, 2)).toContain('i/o');

    order.length = 0;
    const oneAfterTheOther = (async () => {
      for (let i = 0; i < 20; i++) await queue.run(async () => void order.push(`job ${i}`), true);
    })();
    setImmediate(() => order.push('i/o'));
    await oneAfterTheOther;
    expect(order.slice(0, 2)).toContain('i/o');
  });

  it('frees the queue when a statement fails', async () => {
    const queue = new StatementQueue();
    await expect(queue.run(() => Promise.reject(new Error('syntax')), false)).rejects.toThrow('syntax');
    await expect(queue.run(async () => 'next', false)).resolves.toBe('next');
  });

  it('knows background work across awaits, and only inside it', async () => {
    expect(isBackgroundWork()).toBe(false);
    const seen = await runAsBackground(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return isBackgroundWork();
    });
    expect(seen).toBe(true);
    expect(isBackgroundWork()).toBe(false);
  });
});

describe('PGlite statement order', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite('memory://');
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it("answers a request's query before the job runner's queued ones", async () => {
    const finished: string[] = [];
    const background = runAsBackground(() =>
      Array.from({ length: 20 }, (_, i) => database.db.execute(sql`select pg_sleep(0.002)`).then(() => void finished.push(`job ${i}`))),
    );
    const request = database.db.execute(sql`select 1`).then(() => void finished.push('request'));
    await Promise.all([...background, request]);
    // Without the queue PGlite runs them first come, first served: the request would be last.
    expect(finished.indexOf('request')).toBeLessThanOrEqual(1);
  });

  it('keeps transactions whole', async () => {
    await database.db.execute(sql`create table counter (n int)`);
    await database.db.execute(sql`insert into counter values (0)`);
    const bump = () =>
      database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select n from counter`)) as unknown as { rows: Array<{ n: number }> };
        await tx.execute(sql`update counter set n = ${rows[0]!.n + 1}`);
      });
    await Promise.all([...Array.from({ length: 10 }, bump), ...runAsBackground(() => Array.from({ length: 10 }, bump))]);
    const { rows } = (await database.db.execute(sql`select n from counter`)) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(20);
  });
});
