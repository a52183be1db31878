import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createLogger, formatLogLine, readableLines, serializeError } from './logger.js';

describe('what the log keeps of an error', () => {
  it("keeps a failed statement's text and the database's codes, never its values, detail or where", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
      detail: 'Key (email)=(zegerina@example.be) already exists.',
      where: 'JSON data, line 1: {"firstName":"Zegerina"',
      params: ['zegerina@example.be', 'wc_order_abc'],
      query: 'insert into users (email) values ($1)',
    });
    const error = new DrizzleQueryError('insert into "users" ("email") values ($1)', ['zegerina@example.be', 'g_0123'], cause);
    const serialized = serializeError(error) as Record<string, unknown>;
    expect(serialized).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email") values ($1)',
      cause: { message: 'duplicate key value violates unique constraint "users_email_key"', code: '23505', constraint: 'users_email_key', table: 'users' },
    });
    expect(JSON.stringify(serialized)).not.toMatch(/zegerina|g_0123|wc_order|Key \(email\)|JSON data/);
  });

  it('hides e-mail addresses in error messages and redacts personal fields passed to a log call', () => {
    expect(serializeError('550 5.1.1 <zegerina@example.be>: Recipient address rejected')).toBe('550 5.1.1 <[e-mail]>: Recipient address rejected');
    const lines: string[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    log.info({ order: { orderKey: 'wc_order_secret', billing: { phone: '0499' } }, password: 'geheim', orderId: 7 }, 'order read');
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ order: { orderKey: '[redacted]', billing: '[redacted]' }, password: '[redacted]', orderId: 7 });
  });
});

describe('readable log lines on a terminal', () => {
  it('writes time, level, message and fields on one line, an error stack indented below', () => {
    const json = JSON.stringify({ level: 40, time: '2026-11-28T16:04:31.123Z', app: 'bakje', msg: 'print failed', orderId: 7, printer: 'lan:10.0.0.5:9100' });
    expect(formatLogLine(json)).toBe('16:04:31 WARN  print failed orderId=7 printer=lan:10.0.0.5:9100');
    const withError = JSON.stringify({
      level: 50,
      time: '2026-11-28T16:04:32.000Z',
      msg: 'job failed',
      note: 'two words',
      err: { stack: 'Error: boom\n    at x' },
    });
    expect(formatLogLine(withError)).toBe('16:04:32 ERROR job failed note="two words"\n    Error: boom\n        at x');
    expect(formatLogLine('not json')).toBe('not json');
  });

  it('keeps redaction: the readable line says [redacted] where the JSON did', () => {
    const lines: string[] = [];
    const log = createLogger('info', readableLines({ write: (text: string) => lines.push(text) }));
    log.info({ password: 'geheim', orderId: 3 }, 'signed in');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}signed in password=\[redacted\] orderId=3\n$/);
  });
});
