import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customerNotes, erasureRequests, orders, users } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { customerOrders } from '../orders/order-history.js';
import { updateProfile, type ProfileChange } from '../auth/accounts.js';
import { searchOf } from './customer-read.js';

/** Orders that count as spent: paid or being prepared, and done (WooCommerce's "paying customer" statuses). */
export const SPENT_STATUSES = ['processing', 'completed'] as const;
export const CUSTOMER_NOTE_MAX = 2000;

export interface CustomerSummary {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  orderCount: number;
  /** Euro cents. */
  totalSpent: number;
}

const spentSql = sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.status} in ('processing', 'completed')), 0)::int`;

/** The dashboard's customer list: newest first, with how often they ordered and what they spent. */
export async function listCustomerSummaries(
  db: DbOrTx,
  filter: { search?: string; page: number; perPage: number },
): Promise<{ total: number; customers: CustomerSummary[] }> {
  const where = and(eq(users.role, 'customer'), searchOf(filter.search));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
      orderCount: sql<number>`count(${orders.id})::int`,
      totalSpent: spentSql,
    })
    .from(users)
    .leftJoin(orders, eq(orders.customerId, users.id))
    .where(where)
    .groupBy(users.id)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
  return {
    total: Number(total),
    customers: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), orderCount: Number(r.orderCount), totalSpent: Number(r.totalSpent) })),
  };
}

export async function findCustomer(db: DbOrTx, id: number) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'customer')));
  if (!user) throw new DomainError('CUSTOMER_NOT_FOUND', 'Invalid resource ID.');
  return user;
}

/** Everything the customer page shows: profile, addresses, order history (latest 100), total spent, notes. */
export async function customerDetail(db: DbOrTx, id: number) {
  const user = await findCustomer(db, id);
  const history = await customerOrders(db, id);
  const [spent] = await db
    .select({ total: sql<number>`coalesce(sum(${orders.total}), 0)::int`, n: count() })
    .from(orders)
    .where(and(eq(orders.customerId, id), inArray(orders.status, [...SPENT_STATUSES])));
  const notes = await db
    .select({ id: customerNotes.id, text: customerNotes.text, createdAt: customerNotes.createdAt, author: users.email })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.authorId))
    .where(eq(customerNotes.userId, id))
    .orderBy(asc(customerNotes.createdAt), asc(customerNotes.id));
  const [erasure] = await db
    .select({ id: erasureRequests.id, requestedAt: erasureRequests.requestedAt })
    .from(erasureRequests)
    .where(and(eq(erasureRequests.userId, id), eq(erasureRequests.status, 'pending')));
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    createdAt: user.createdAt.toISOString(),
    billing: user.billing,
    shipping: user.shipping,
    totalSpent: Number(spent?.total ?? 0),
    paidOrderCount: Number(spent?.n ?? 0),
    orders: history.map((o) => ({
      id: o.id,
      number: o.pickupNumber,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      total: o.total,
      fulfilmentType: o.fulfilmentType,
      items: o.lines.map((l) => ({ name: l.name, quantity: l.quantity })),
    })),
    notes: notes.map((n) => ({ id: n.id, text: n.text, createdAt: n.createdAt.toISOString(), author: n.author ?? '' })),
    erasureRequest: erasure ? { id: erasure.id, requestedAt: erasure.requestedAt.toISOString() } : null,
  };
}
export type CustomerDetail = Awaited<ReturnType<typeof customerDetail>>;

/** A staff note on a customer; only staff see it (never in the customer's export: it is the shop's own record). */
export async function addCustomerNote(db: DbOrTx, customerId: number, authorId: number, text: string, now: Date) {
  const clean = text.trim();
  if (!clean) throw new DomainError('CUSTOMER_NOTE_INVALID', 'Write the note first.');
  if (clean.length > CUSTOMER_NOTE_MAX) throw new DomainError('CUSTOMER_NOTE_INVALID', `A note can be at most ${CUSTOMER_NOTE_MAX} characters long.`);
  await findCustomer(db, customerId);
  const [row] = await db.insert(customerNotes).values({ userId: customerId, authorId, text: clean, createdAt: now }).returning();
  return row!;
}

export async function deleteCustomerNote(db: DbOrTx, customerId: number, noteId: number): Promise<void> {
  const deleted = await db
    .delete(customerNotes)
    .where(and(eq(customerNotes.id, noteId), eq(customerNotes.userId, customerId)))
    .returning({ id: customerNotes.id });
  if (deleted.length === 0) throw new DomainError('CUSTOMER_NOT_FOUND', 'No such note.');
}

/**
 * Staff (or the store REST API) change a customer's name, e-mail or addresses, checked as the customer's own
 * profile form is. Never the password: staff send a reset mail instead.
 */
export async function updateCustomerRecord(db: DbOrTx, id: number, change: ProfileChange, now: Date) {
  await findCustomer(db, id);
  try {
    return await updateProfile(db, id, change, now);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'EMAIL_TAKEN')
      throw new DomainError('CUSTOMER_EMAIL_TAKEN', 'An account is already registered with this e-mail address.');
    throw error;
  }
}

/** The language of the customer's latest order (mails to them are written in it), Dutch when none. */
export async function customerLang(db: DbOrTx, id: number): Promise<'nl' | 'fr' | 'en'> {
  const [latest] = await db.select({ lang: orders.lang }).from(orders).where(eq(orders.customerId, id)).orderBy(desc(orders.createdAt)).limit(1);
  return latest?.lang ?? 'nl';
}
