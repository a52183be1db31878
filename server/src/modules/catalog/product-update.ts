import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, versions, type CatalogVisibility, type StockStatus } from '../../db/schema/index.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import { DomainError } from '../../errors/domain-error.js';

/** The product fields the back office and integrations may change (prices in cents; texts in Dutch; descriptions HTML). */
export interface ProductChange {
  name?: string;
  description?: string;
  shortDescription?: string;
  regularPrice?: number | null;
  salePrice?: number | null;
  status?: 'publish' | 'draft' | 'private';
  featured?: boolean;
  menuOrder?: number;
  catalogVisibility?: CatalogVisibility;
  stockStatus?: StockStatus;
  manageStock?: boolean;
  stockQuantity?: number | null;
}

/**
 * Applies a change to one product (not a variation) and returns the catalogue version it produced, so
 * the caller can wait for its own write before answering (the trigger bumps the version in the same
 * transaction). Translations other than Dutch are kept.
 */
export async function updateProduct(db: Db, id: number, change: ProductChange): Promise<number> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!current || current.type === 'VARIATION') throw new DomainError('PRODUCT_NOT_FOUND', 'Invalid ID.');
    const pricing = change.regularPrice !== undefined || change.salePrice !== undefined;
    if (pricing && current.type === 'VARIABLE') {
      throw new DomainError('PRODUCT_UPDATE_INVALID', 'A variable product takes its prices from its variations.');
    }
    const values: Partial<typeof products.$inferInsert> = {
      ...(change.name !== undefined ? { name: { ...current.name, nl: change.name } } : {}),
      // Descriptions are HTML: stored clean, whoever wrote them (any key with write scope).
      ...(change.description !== undefined ? { description: { ...current.description, nl: sanitizeRichText(change.description) } } : {}),
      ...(change.shortDescription !== undefined ? { shortDescription: { ...current.shortDescription, nl: sanitizeRichText(change.shortDescription) } } : {}),
      ...(change.regularPrice !== undefined ? { regularPrice: change.regularPrice } : {}),
      ...(change.salePrice !== undefined ? { salePrice: change.salePrice } : {}),
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.featured !== undefined ? { featured: change.featured } : {}),
      ...(change.menuOrder !== undefined ? { menuOrder: change.menuOrder } : {}),
      ...(change.catalogVisibility !== undefined ? { catalogVisibility: change.catalogVisibility } : {}),
      ...(change.stockStatus !== undefined ? { stockStatus: change.stockStatus } : {}),
      ...(change.manageStock !== undefined ? { manageStock: change.manageStock } : {}),
      ...(change.stockQuantity !== undefined ? { stockQuantity: change.stockQuantity } : {}),
    };
    if (Object.keys(values).length > 0) {
      await tx
        .update(products)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(products.id, id));
    }
    const [version] = await tx.select().from(versions).where(eq(versions.name, 'catalog'));
    return version?.version ?? 0;
  });
}
