import type { DbOrTx } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Queues a mail in the caller's transaction; the sender delivers it after commit, with retries. */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail, now: Date): Promise<void> {
  await db.insert(mailOutbox).values({ ...mail, html: mail.html ?? null, nextAttemptAt: now, createdAt: now });
}
