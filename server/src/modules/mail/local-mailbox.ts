import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { localMailbox } from '../../db/schema/index.js';

export type LocalMail = typeof localMailbox.$inferSelect;

/** Demo mode: the latest 100 mails the local mailbox transport kept (sender.ts), newest first. */
export async function latestLocalMails(db: DbOrTx): Promise<LocalMail[]> {
  return db.select().from(localMailbox).orderBy(desc(localMailbox.id)).limit(100);
}
