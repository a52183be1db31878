import type { StaffMember } from '@bakje/contract';
import { staffLanguageOf } from '../auth/accounts.js';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authSessions, userLastLogins, users } from '../../db/schema/index.js';

/** Staff accounts (every role but customer) with their last login and live session count. */
export async function listStaff(db: DbOrTx, now: Date): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      active: users.active,
      language: users.staffLang,
      createdAt: users.createdAt,
      lastLoginAt: userLastLogins.lastLoginAt,
      activeSessions: sql<number>`count(${authSessions.idHash}) filter (where ${and(isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now))})`,
    })
    .from(users)
    .leftJoin(authSessions, eq(authSessions.userId, users.id))
    .leftJoin(userLastLogins, eq(userLastLogins.userId, users.id))
    .where(ne(users.role, 'customer'))
    .groupBy(users.id, userLastLogins.lastLoginAt)
    .orderBy(asc(users.id));
  // The where clause leaves customers out; the check tells the compiler.
  return rows.flatMap((r) =>
    r.role === 'customer'
      ? []
      : [
          {
            ...r,
            role: r.role,
            language: staffLanguageOf(r.language),
            createdAt: r.createdAt.toISOString(),
            lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
            activeSessions: Number(r.activeSessions),
          },
        ],
  );
}
