import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { wishlistItems } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import type { CatalogSnapshot, ProductRecord } from '../catalog/snapshot.js';

/** A customer's wishlist (docs/interfaces.md §1): the products still in the catalogue, newest first. */
export async function wishlistOf(db: DbOrTx, catalog: CatalogSnapshot, userId: number): Promise<ProductRecord[]> {
  const rows = await db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId)).orderBy(desc(wishlistItems.createdAt));
  return rows.flatMap((r) => {
    const product = catalog.products.get(r.productId);
    return product ? [product] : [];
  });
}

/** Adds a published product (not a variation); adding it twice keeps one. */
export async function addToWishlist(db: DbOrTx, catalog: CatalogSnapshot, userId: number, productId: number, now: Date): Promise<void> {
  const product = catalog.products.get(productId);
  if (!product || product.row.status !== 'publish' || product.row.type === 'VARIATION') {
    throw new DomainError('WISHLIST_NOT_ALLOWED', 'This product cannot be added to the wishlist.');
  }
  await db.insert(wishlistItems).values({ userId, productId, createdAt: now }).onConflictDoNothing();
}

export async function removeFromWishlist(db: DbOrTx, userId: number, productId: number): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

/** Throws NOT_ON_WISHLIST unless the product is on the customer's wishlist. */
export async function assertOnWishlist(db: DbOrTx, userId: number, productId: number): Promise<void> {
  const [item] = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  if (!item) throw new DomainError('NOT_ON_WISHLIST', 'This product is not on your wishlist.');
}
