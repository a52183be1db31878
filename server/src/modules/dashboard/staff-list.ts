import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authSessions, userLastLogins, users } from '../../db/schema/index.js';

export interface StaffMember {
  id: number;
  email: string;
  username: string;
  role: string;
  firstName: string;
  lastName: string;
  active: boolean;
  createdAt: Date;
  /** The last login (user_last_logins, kept by a trigger on new sessions); null: never logged in. */
  lastLoginAt: Date | null;
  /** Sessions that still work now (not revoked, not expired). */
  activeSessions: number;
}

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
  return rows.map((r) => ({ ...r, activeSessions: Number(r.activeSessions) }));
}
