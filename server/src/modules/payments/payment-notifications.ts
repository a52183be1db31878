import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jobs, paymentNotifications, payments } from '../../db/schema/index.js';
import { JOBS_CHANNEL } from '../../jobs/job-store.js';
import { enqueuePaymentLookup, PAYMENT_STATUS_JOB, type PaymentStatusPayload } from './payment-jobs.js';

export type NotificationOutcome = 'queued' | 'replay' | 'unknown';

/**
 * Takes a verified notification in one statement (it is what the provider waits for): its fingerprint is
 * kept, so the same one again is a replay, and the look-up job of a payment we know is queued with it.
 */
export async function recordNotification(db: DbOrTx, payload: PaymentStatusPayload, fingerprint: string): Promise<NotificationOutcome> {
  const result = (await db.execute(sql`
    with fresh as (
      insert into ${paymentNotifications} (fingerprint, provider_order_id) values (${fingerprint}, ${payload.providerOrderId})
      on conflict do nothing returning provider_order_id
    ), queued as (
      insert into ${jobs} (kind, lane, payload, idempotency_key)
      select ${PAYMENT_STATUS_JOB}, ${`payment:${payload.providerOrderId}`}, ${JSON.stringify(payload)}::jsonb, ${`notify:${fingerprint}`} from fresh
      where exists (select 1 from ${payments} where ${payments.provider} = ${payload.provider} and ${payments.providerOrderId} = ${payload.providerOrderId})
      on conflict do nothing returning id
    ), woken as (select pg_notify(${JOBS_CHANNEL}, '') from queued limit 1)
    select (select count(*) from fresh)::int as fresh, (select count(*) from queued)::int as queued, (select count(*) from woken)::int as woken`)) as unknown as {
    rows: Array<{ fresh: number; queued: number }>;
  };
  const row = result.rows[0];
  if (!row || Number(row.fresh) === 0) return 'replay';
  return Number(row.queued) > 0 ? 'queued' : 'unknown';
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
