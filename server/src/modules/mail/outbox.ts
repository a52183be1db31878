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

/** Queues a mail in the caller's transaction; the job runner sends it after commit, with retries. */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail): Promise<void> {
  await enqueueJob(db, { kind: MAIL_JOB_KIND, lane: MAIL_LANE, payload: { ...mail, html: mail.html ?? null } });
}
