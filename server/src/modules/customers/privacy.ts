import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { carts, erasureRequests, orders, reviews, users, wishlistItems } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { centsToDecimal } from '../catalog/money.js';
import type { Lang } from '../i18n/locale.js';
import { customerOrders } from '../orders/order-history.js';
import { paymentMethodTitleIn } from '../payments/method-titles.js';
import { anonymiseOrders } from '../retention/guest-orders.js';
import { findCustomer } from './customer-admin.js';

/** The author shown on a review whose writer had their data erased (the text and rating stay). */
export const ERASED_AUTHOR = 'Former customer';

/**
 * The customer's own data as one JSON document (GDPR art. 15 and 20): profile, addresses, orders, reviews and
 * wishlist. Staff notes are the shop's own record and not part of it; nor are password hashes or sessions.
 * Bakje's own payment methods are named in `lang`, the customer's, as their order summary names them
 * (docs/decisions/0074-untranslated-texts-hyphenation.md); other texts are as they were ordered.
 */
export async function exportCustomerData(db: DbOrTx, userId: number, now: Date, lang: Lang) {
  const user = await findCustomer(db, userId);
  const history = await customerOrders(db, userId);
  const written = await db.select().from(reviews).where(eq(reviews.customerId, userId)).orderBy(asc(reviews.createdAt));
  const wishlist = await db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId)).orderBy(asc(wishlistItems.createdAt));
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      createdAt: user.createdAt.toISOString(),
    },
    addresses: { billing: user.billing, shipping: user.shipping },
    orders: history.map((o) => ({
      id: o.id,
      number: o.pickupNumber,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      fulfilmentType: o.fulfilmentType,
      paymentMethod: paymentMethodTitleIn(o.paymentMethod, o.paymentMethodTitle, lang),
      total: centsToDecimal(o.total),
      billing: o.billing,
      shipping: o.shipping,
      customerNote: o.customerNote,
      lines: o.lines.map((l) => ({ name: l.name, quantity: l.quantity, total: centsToDecimal(l.total) })),
    })),
    reviews: written.map((r) => ({
      productId: r.productId,
      rating: r.rating,
      content: r.content,
      author: r.author,
      authorEmail: r.authorEmail,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
    wishlist: wishlist.map((w) => ({ productId: w.productId, addedAt: w.createdAt.toISOString() })),
  };
}
export type CustomerDataExport = Awaited<ReturnType<typeof exportCustomerData>>;

/**
 * The customer asks for erasure. One pending request per customer: asking again answers the same request.
 * `forCustomerId` is whom the caller names; only themselves (anything else is refused and changes nothing).
 */
export async function requestErasure(db: DbOrTx, viewerId: number, forCustomerId: number | undefined, now: Date) {
  if (forCustomerId !== undefined && forCustomerId !== viewerId) {
    throw new DomainError('ERASURE_NOT_ALLOWED', 'You can only ask to erase your own data.');
  }
  await findCustomer(db, viewerId);
  await db.insert(erasureRequests).values({ userId: viewerId, requestedAt: now }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(erasureRequests)
    .where(and(eq(erasureRequests.userId, viewerId), eq(erasureRequests.status, 'pending')));
  return { id: row!.id, status: row!.status, requestedAt: row!.requestedAt.toISOString() };
}

export async function pendingErasureOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(erasureRequests)
    .where(and(eq(erasureRequests.userId, userId), eq(erasureRequests.status, 'pending')));
  return row ? { id: row.id, status: row.status, requestedAt: row.requestedAt.toISOString() } : null;
}

/** Pending requests with who asked (for the staff screen), then the latest done ones (ids and dates only). */
export async function listErasureRequests(db: DbOrTx) {
  const pending = await db
    .select({
      id: erasureRequests.id,
      userId: erasureRequests.userId,
      requestedAt: erasureRequests.requestedAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(erasureRequests)
    .innerJoin(users, eq(users.id, erasureRequests.userId))
    .where(eq(erasureRequests.status, 'pending'))
    .orderBy(asc(erasureRequests.requestedAt));
  const done = await db
    .select({
      id: erasureRequests.id,
      requestedAt: erasureRequests.requestedAt,
      confirmedAt: erasureRequests.confirmedAt,
      confirmedBy: users.email,
      ordersAnonymised: erasureRequests.ordersAnonymised,
    })
    .from(erasureRequests)
    .leftJoin(users, eq(users.id, erasureRequests.confirmedBy))
    .where(eq(erasureRequests.status, 'done'))
    .orderBy(desc(erasureRequests.confirmedAt))
    .limit(50);
  return {
    pending: pending.map((p) => ({ ...p, requestedAt: p.requestedAt.toISOString() })),
    done: done.map((d) => ({
      ...d,
      requestedAt: d.requestedAt.toISOString(),
      confirmedAt: d.confirmedAt?.toISOString() ?? '',
      confirmedBy: d.confirmedBy ?? '',
    })),
  };
}

/**
 * Staff confirm a pending request: in one transaction the customer's orders are anonymised (kept for the
 * accounts and the day's figures), their reviews lose the author's data, and the account goes with its
 * addresses, wishlist, sessions, reset keys, notes and cart. The request stays as the record of who confirmed
 * it when.
 */
export async function confirmErasure(db: Db, requestId: number, staffId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(erasureRequests)
      .where(and(eq(erasureRequests.id, requestId), eq(erasureRequests.status, 'pending')))
      .for('update');
    if (!request) throw new DomainError('ERASURE_REQUEST_NOT_FOUND', 'No pending erasure request with this ID.');
    const userId = request.userId;
    const owned = await tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, userId));
    const anonymised = await anonymiseOrders(
      tx,
      owned.map((o) => o.id),
      now,
    );
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    // Reviews written logged in, and those written as a guest with the account's e-mail.
    await tx
      .update(reviews)
      .set({ author: ERASED_AUTHOR, authorEmail: '', customerId: null })
      .where(user ? or(eq(reviews.customerId, userId), eq(reviews.authorEmail, user.email)) : eq(reviews.customerId, userId));
    await tx.delete(carts).where(inArray(carts.sessionKey, [`c_${userId}`]));
    // Sessions, reset keys, wishlist and notes go with the account (foreign keys with on delete cascade).
    await tx.delete(users).where(and(eq(users.id, userId), eq(users.role, 'customer')));
    const [done] = await tx
      .update(erasureRequests)
      .set({ status: 'done', confirmedBy: staffId, confirmedAt: now, ordersAnonymised: anonymised })
      .where(eq(erasureRequests.id, requestId))
      .returning();
    return { id: done!.id, status: done!.status, confirmedAt: now.toISOString(), ordersAnonymised: anonymised };
  });
}
