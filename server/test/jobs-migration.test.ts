import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import * as t from '../src/db/schema/index.js';
import { migrationsFolder, openPglite, openPostgres, type Database } from '../src/db/client.js';
import { databaseKinds } from './support/database.js';

/** The migrations up to and including `lastTag`, as a folder drizzle can apply. */
function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, last + 1);
  for (const entry of entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

async function migrate(database: Database, folder: string) {
  if (database.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder: folder });
  } else {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(database.db as never, { migrationsFolder: folder });
  }
}

describe.each(databaseKinds)('moving print jobs and mail into the jobs table on %s', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function emptyDatabase(): Promise<Database> {
    if (kind === 'pglite') {
      const database = await openPglite('memory://');
      cleanups.push(() => database.close());
      return database;
    }
    const adminUrl = process.env.DATABASE_URL!;
    const name = `bakje_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), 2);
    cleanups.push(async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });
    return database;
  }

  it('keeps every job with its state, key, attempts and due time, and gives each ticket its printer as lane', async () => {
    const database = await emptyDatabase();
    const before = migrationsUpTo('0013_jobs');
    cleanups.push(() => fs.rmSync(before, { recursive: true, force: true }));
    await migrate(database, before);
    const db = database.db;
    const due = new Date('2026-11-20T10:00:00Z');
    await db.execute(sql`insert into settings (key, value) values ('printing', ${JSON.stringify({ customerPrinter: '73001', kitchenPrinter: '' })}::jsonb)`);
    await db.execute(sql`
      insert into print_jobs (idempotency_key, order_id, kind, copy, status, attempts, next_attempt_at, claimed_by, lease_until, printer, external_job_id, last_error, created_at, done_at) values
        ('o1-c1', 1, 'customer', 1, 'done', 1, ${due}, 'pw-a', null, 'printnode:73001', '555', null, ${due}, ${due}),
        ('o1-k1', 1, 'kitchen', 1, 'pending', 3, ${due}, null, null, null, null, 'paper out', ${due}, null),
        ('o2-k1', 2, 'kitchen', 1, 'printing', 1, ${due}, 'pw-b', ${due}, null, null, null, ${due}, null)`);
    await db.execute(sql`
      insert into mail_outbox (kind, "to", subject, text, html, status, attempts, next_attempt_at, last_error, created_at, sent_at) values
        ('order_confirmation', 'an@example.be', 'Je bestelling', 'tekst', '<p>tekst</p>', 'sent', 1, ${due}, null, ${due}, ${due}),
        ('password_reset', 'bo@example.be', 'Wachtwoord', 'link', null, 'pending', 2, ${due}, 'smtp down', ${due}, null)`);

    await database.migrate();

    const rows = await db.select().from(t.jobs).orderBy(t.jobs.id);
    expect(rows.map((r) => [r.kind, r.lane, r.status, r.attempts, r.idempotencyKey, r.lastError, r.claimedBy])).toEqual([
      ['print', 'print:73001', 'done', 1, 'o1-c1', null, 'pw-a'],
      ['print', 'print:none', 'queued', 3, 'o1-k1', 'paper out', null],
      ['print', 'print:none', 'running', 1, 'o2-k1', null, 'pw-b'],
      ['mail', 'mail', 'done', 1, null, null, null],
      ['mail', 'mail', 'queued', 2, null, 'smtp down', null],
    ]);
    expect(rows[0]!.payload).toEqual({ orderId: 1, ticket: 'customer', copy: 1 });
    expect(rows[0]!.result).toEqual({ printer: 'printnode:73001', externalJobId: '555' });
    expect(rows[0]!.finishedAt).toEqual(due);
    expect(rows[2]!.leaseUntil).toEqual(due);
    expect(rows.every((r) => r.nextAttemptAt.getTime() === due.getTime())).toBe(true);
    expect(rows[4]!.payload).toEqual({ kind: 'password_reset', to: 'bo@example.be', subject: 'Wachtwoord', text: 'link', html: null });
    const left = await db.execute(sql`select count(*)::int as n from information_schema.tables where table_name in ('print_jobs', 'mail_outbox')`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
