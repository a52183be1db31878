import type { CatalogSnapshot } from '../catalog/snapshot.js';
import { localizedLineName } from '../catalog/line-names.js';
import type { Lang } from '../i18n/locale.js';
import type { OrderWithLines } from './order-read.js';

type Maybe<T> = T | null | undefined;

/** WooGraphQL's CustomerToOrderConnectionWhereArgs, the part a storefront's order list uses. */
export interface CustomerOrdersWhere {
  /** OrderStatusEnum values (PROCESSING, ON_HOLD, CHECKOUT_DRAFT...). */
  statuses?: Maybe<Maybe<string>[]>;
  productId?: Maybe<number>;
  search?: Maybe<string>;
  orderby?: Maybe<Maybe<{ field: 'DATE' | 'DATE_PAID' | 'ORDER_KEY' | 'TOTAL' | 'DATABASE_ID'; order?: Maybe<'ASC' | 'DESC'> }>[]>;
}

/** Stored statuses are WooCommerce's slugs (on-hold); the enum spells them ON_HOLD. */
const statusSlug = (value: string) => value.toLowerCase().replace(/_/g, '-');

const compare = {
  DATE: (a: OrderWithLines, b: OrderWithLines) => a.createdAt.getTime() - b.createdAt.getTime(),
  DATE_PAID: (a: OrderWithLines, b: OrderWithLines) => (a.datePaid?.getTime() ?? 0) - (b.datePaid?.getTime() ?? 0),
  ORDER_KEY: (a: OrderWithLines, b: OrderWithLines) => a.orderKey.localeCompare(b.orderKey),
  TOTAL: (a: OrderWithLines, b: OrderWithLines) => a.total - b.total,
  DATABASE_ID: (a: OrderWithLines, b: OrderWithLines) => a.id - b.id,
};

/** A customer's orders (newest first as read) filtered and ordered as asked; ties keep the newest first. */
export function filterCustomerOrders(orders: OrderWithLines[], where: CustomerOrdersWhere, catalog: CatalogSnapshot, lang: Lang): OrderWithLines[] {
  const statuses = where.statuses?.filter((s): s is string => Boolean(s)).map(statusSlug);
  const search = where.search?.trim().toLowerCase();
  const list = orders.filter(
    (o) =>
      (!statuses?.length || statuses.includes(o.status)) &&
      (!where.productId || o.lines.some((l) => l.productId === where.productId || l.variationId === where.productId)) &&
      (!search || String(o.id) === search || o.lines.some((l) => localizedLineName(catalog, l, lang).toLowerCase().includes(search))),
  );
  const orderby = where.orderby?.filter((o): o is NonNullable<typeof o> => Boolean(o)) ?? [];
  if (!orderby.length) return list;
  return [...list].sort((a, b) => {
    for (const { field, order } of orderby) {
      const difference = compare[field](a, b);
      if (difference) return order === 'ASC' ? difference : -difference;
    }
    return 0;
  });
}
