import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { serverSecrets } from '../../db/schema/index.js';

/**
 * The session signing secret: BAKJE_SESSION_SECRET when set, else one generated on first start and kept
 * in the database, so every instance signs and verifies with the same key and restarts keep sessions.
 */
export async function sessionSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(serverSecrets)
    .values({ name: 'session', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'session'));
  return row!.value;
}
