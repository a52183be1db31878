import type { CatalogSnapshot, ProductRecord } from '../catalog/snapshot.js';
import type { OrderWithLines } from './order-read.js';

/**
 * Downloads an order gives, as WooCommerce grants them: the downloadable files of the products (or
 * variations) bought, once the order is paid for (processing or completed). Bakje sells food, so a product
 * has files only when an import or the REST API set WooCommerce's product meta: `_downloadable` = yes,
 * `_downloadable_files` (a list of {id, name, file}, or that list as JSON), `_download_limit` and
 * `_download_expiry` (days; -1 or empty for none).
 */
export interface DownloadGrant {
  /** `<order id>:<product id>:<file id>`, unique per order line's file. */
  key: string;
  downloadId: string;
  name: string;
  url: string;
  accessExpires: Date | null;
  downloadsRemaining: number | null;
  product: ProductRecord;
  order: OrderWithLines;
}

const GRANTING_STATUSES = new Set(['processing', 'completed']);

interface DownloadFile {
  id: string;
  name: string;
  file: string;
}

function meta(product: ProductRecord, key: string): unknown {
  return product.row.metaData.find((m) => m.key === key)?.value;
}

function filesOf(product: ProductRecord): DownloadFile[] {
  const flag = meta(product, '_downloadable');
  if (flag !== 'yes' && flag !== true) return [];
  let files = meta(product, '_downloadable_files');
  if (typeof files === 'string') {
    try {
      files = JSON.parse(files);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(files)) return [];
  return files.flatMap((f: unknown) => {
    if (!f || typeof f !== 'object') return [];
    const { id, name, file } = f as Record<string, unknown>;
    if (typeof file !== 'string' || !/^https?:\/\/|^\//.test(file)) return [];
    return [{ id: String(id ?? file), name: typeof name === 'string' && name ? name : (file.split('/').pop() ?? file), file }];
  });
}

function wholeNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/** The downloads of one order (none until it is paid for). */
export function orderDownloads(catalog: CatalogSnapshot, order: OrderWithLines): DownloadGrant[] {
  if (!GRANTING_STATUSES.has(order.status)) return [];
  const granted = order.datePaid ?? order.createdAt;
  const seen = new Set<string>();
  return order.lines.flatMap((line) => {
    const bought = (line.variationId ? catalog.products.get(line.variationId) : undefined) ?? catalog.products.get(line.productId);
    if (!bought) return [];
    // A variation without files of its own offers its parent's, as WooCommerce's variable downloads do.
    const parent = bought.row.parentId === null ? undefined : catalog.products.get(bought.row.parentId);
    const owner = filesOf(bought).length || !parent ? bought : parent;
    const expiryDays = wholeNumber(meta(owner, '_download_expiry'));
    return filesOf(owner).flatMap((file) => {
      const key = `${order.id}:${owner.row.id}:${file.id}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [
        {
          key,
          downloadId: file.id,
          name: file.name,
          url: file.file,
          accessExpires: expiryDays === null ? null : new Date(granted.getTime() + expiryDays * 86_400_000),
          downloadsRemaining: wholeNumber(meta(owner, '_download_limit')),
          product: parent && owner === parent ? parent : bought,
          order,
        },
      ];
    });
  });
}

/** Every download of a customer's orders (newest order first), without the ones whose access has ended. */
export function customerDownloads(catalog: CatalogSnapshot, orders: OrderWithLines[], now: Date): DownloadGrant[] {
  return orders.flatMap((order) => orderDownloads(catalog, order)).filter((d) => !d.accessExpires || d.accessExpires > now);
}
