import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { countAdmins, createAccount } from './accounts.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@bakje.local';

/**
 * Creates the first admin when the shop has none. With no password configured one is generated and
 * returned so the caller prints it once; it is never stored in clear or logged.
 */
export async function ensureFirstAdmin(
  database: Database,
  admin: { email: string | undefined; password: string | undefined },
): Promise<{ email: string; generatedPassword?: string } | null> {
  return database.db.transaction(async (tx) => {
    // Two instances starting together must not both create one.
    if (database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(7419003)`);
    if ((await countAdmins(tx)) > 0) return null;
    const email = admin.email ?? DEFAULT_ADMIN_EMAIL;
    const generated = admin.password ? undefined : randomBytes(12).toString('base64url');
    await createAccount(tx, { email, username: 'admin', password: admin.password ?? generated!, role: 'admin', firstName: 'Admin' });
    return { email, generatedPassword: generated };
  });
}
