import type { DbOrTx } from '../../db/client.js';
import { enqueueJob } from '../../jobs/job-store.js';

/** The job kind and lane of outgoing mail (docs/decisions/0009-job-runner.md). */
export const MAIL_JOB_KIND = 'mail';
export const MAIL_LANE = 'mail';

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues a mail in the caller's transaction; the job runner sends it after commit, with retries.
 * `idempotencyKey` (e.g. `mail:order_confirmation:41`): asking twice with the same key queues one mail.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail, idempotencyKey?: string): Promise<void> {
  await enqueueJob(db, { kind: MAIL_JOB_KIND, lane: MAIL_LANE, payload: { ...mail, html: mail.html ?? null }, ...(idempotencyKey ? { idempotencyKey } : {}) });
}

/** The key of an order's mail of one kind: one confirmation per order, one update per change (`change`). */
export const orderMailKey = (kind: string, orderId: number, change?: string | number) => `mail:${kind}:${orderId}${change === undefined ? '' : `:${change}`}`;
