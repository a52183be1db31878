import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jobs, paymentNotifications, payments } from '../../db/schema/index.js';
import { JOBS_CHANNEL } from '../../jobs/job-store.js';
import { enqueuePaymentLookup, PAYMENT_STATUS_JOB, type PaymentStatusPayload } from './payment-jobs.js';

export type NotificationOutcome = 'queued' | 'replay' | 'unknown';

/** A verified notification to take: its payment, and the fingerprint that makes the same one again a replay. */
export interface VerifiedNotification {
  payload: PaymentStatusPayload;
  fingerprint: string;
}

/**
 * Takes verified notifications in one statement (it is what the provider waits for): each fingerprint is
 * kept, so the same one again is a replay, and the look-up job of a payment we know is queued with it.
 * A fingerprint twice in one call counts once; the second is a replay.
 */
export async function recordNotifications(db: DbOrTx, batch: readonly VerifiedNotification[]): Promise<NotificationOutcome[]> {
  if (batch.length === 0) return [];
  const first = new Map<string, number>();
  batch.forEach((n, i) => {
    if (!first.has(n.fingerprint)) first.set(n.fingerprint, i);
  });
  const unique = [...first.keys()].map((fingerprint) => batch[first.get(fingerprint)!]!);
  const result = (await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(
        unique.map((n) => ({ fingerprint: n.fingerprint, provider: n.payload.provider, provider_order_id: n.payload.providerOrderId })),
      )}::jsonb) as t(fingerprint text, provider text, provider_order_id text)
    ), fresh as (
      insert into ${paymentNotifications} (fingerprint, provider_order_id) select fingerprint, provider_order_id from input
      on conflict do nothing returning fingerprint
    ), queued as (
      insert into ${jobs} (kind, lane, payload, idempotency_key)
      select ${PAYMENT_STATUS_JOB}, 'payment:' || i.provider_order_id,
        jsonb_build_object('provider', i.provider, 'providerOrderId', i.provider_order_id), 'notify:' || i.fingerprint
      from input i join fresh f on f.fingerprint = i.fingerprint
      where exists (select 1 from ${payments} where ${payments.provider} = i.provider and ${payments.providerOrderId} = i.provider_order_id)
      on conflict do nothing returning idempotency_key
    ), woken as (select pg_notify(${JOBS_CHANNEL}, '') from queued limit 1)
    select i.fingerprint,
      exists (select 1 from fresh f where f.fingerprint = i.fingerprint) as fresh,
      exists (select 1 from queued q where q.idempotency_key = 'notify:' || i.fingerprint) as queued,
      (select count(*) from woken)::int as woken
    from input i`)) as unknown as { rows: Array<{ fingerprint: string; fresh: boolean; queued: boolean }> };
  const outcomes = new Map(result.rows.map((row) => [row.fingerprint, !row.fresh ? 'replay' : row.queued ? 'queued' : 'unknown'] as const));
  return batch.map((n, i) => (first.get(n.fingerprint) === i ? (outcomes.get(n.fingerprint) ?? 'replay') : 'replay'));
}

/** One notification: see recordNotifications. */
export async function recordNotification(db: DbOrTx, payload: PaymentStatusPayload, fingerprint: string): Promise<NotificationOutcome> {
  const [outcome] = await recordNotifications(db, [{ payload, fingerprint }]);
  return outcome!;
}

/**
 * Group commit for notifications: those that arrive while a batch is being written wait and go together in
 * the next statement, so a burst (a provider retrying many at once) costs a few statements instead of one
 * each on a database that runs one statement at a time (PGlite). Nothing is answered before its row is
 * committed, so an acknowledged notification is never lost.
 */
export class NotificationInbox {
  private waiting: Array<VerifiedNotification & { done: (outcome: NotificationOutcome) => void; failed: (error: unknown) => void }> = [];
  private writing = false;

  constructor(
    private readonly db: DbOrTx,
    private readonly maxBatch = 200,
  ) {}

  record(payload: PaymentStatusPayload, fingerprint: string): Promise<NotificationOutcome> {
    return new Promise((done, failed) => {
      this.waiting.push({ payload, fingerprint, done, failed });
      if (!this.writing) {
        this.writing = true;
        // Requests parsed in the same turn of the event loop join the first batch.
        setImmediate(() => void this.write());
      }
    });
  }

  private async write(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      try {
        const outcomes = await recordNotifications(this.db, batch);
        batch.forEach((n, i) => n.done(outcomes[i]!));
      } catch (error) {
        for (const n of batch) n.failed(error);
      }
    }
    this.writing = false;
  }
}

/** An unsigned ping (MultiSafepay's GET notification): a look-up of a payment we know, at most once per `bucket`. */
export async function requestLookup(db: DbOrTx, payload: PaymentStatusPayload, bucket: string): Promise<boolean> {
  const [known] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, payload.provider), eq(payments.providerOrderId, payload.providerOrderId)));
  if (!known) return false;
  await enqueuePaymentLookup(db, payload, `get:${payload.providerOrderId}:${bucket}`);
  return true;
}
