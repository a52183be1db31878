import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { isPayingCustomer } from '../orders/order-history.js';

export type UserRow = typeof users.$inferSelect;

/**
 * Customers for the store REST API (GET /customers/{id}, GET /customers?email=): only accounts with the
 * customer role; staff accounts answer as if they did not exist. The API key is the shop's own key, so
 * there is no per-customer owner check here; customers never hold one (docs/permissions.md).
 */
export async function readCustomer(db: DbOrTx, id: number): Promise<(UserRow & { isPaying: boolean }) | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'customer')));
  if (!row) return undefined;
  return { ...row, isPaying: await isPayingCustomer(db, row.id) };
}

export async function listCustomers(
  db: DbOrTx,
  filter: { email?: string; search?: string; page: number; perPage: number },
): Promise<{ total: number; customers: (UserRow & { isPaying: boolean })[] }> {
  const where = and(eq(users.role, 'customer'), filter.email ? eq(users.email, filter.email.trim().toLowerCase()) : undefined, searchOf(filter.search));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  const customers = await Promise.all(rows.map(async (row) => ({ ...row, isPaying: await isPayingCustomer(db, row.id) })));
  return { total: Number(total), customers };
}

/** WooCommerce's `search`: part of the e-mail, username, first or last name, case-insensitive. */
export function searchOf(search: string | undefined) {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(users.email, pattern), ilike(users.username, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern));
}
