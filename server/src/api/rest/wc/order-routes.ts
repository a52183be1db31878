import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { orderLines, orders, type Address } from '../../../db/schema/index.js';
import { centsToDecimal } from '../../../modules/catalog/money.js';
import { OrderUpdateError, orderStatuses, updateOrder } from '../../../modules/orders/order-status-update.js';
import { WcError, invalidParam, notFound } from './errors.js';
import { enumParam, idListParam, intParam, pageParams, pagingHeaders, textParam, type Query } from './paging.js';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

const wcDate = (d: Date | null) => (d ? d.toISOString().slice(0, 19) : null);

function address(a: Address, withEmail: boolean) {
  return {
    first_name: a.firstName,
    last_name: a.lastName,
    company: a.company,
    address_1: a.address1,
    address_2: a.address2,
    city: a.city,
    state: a.state,
    postcode: a.postcode,
    country: a.country,
    ...(withEmail ? { email: a.email } : {}),
    phone: a.phone,
  };
}

/** An order in the WooCommerce REST v3 shape (docs/interfaces.md §2). */
export function orderShape(order: OrderRow, lines: LineRow[]) {
  return {
    id: order.id,
    parent_id: 0,
    number: String(order.pickupNumber),
    order_key: order.orderKey,
    created_via: order.createdVia,
    status: order.status,
    currency: order.currency,
    date_created: wcDate(order.createdAt),
    date_created_gmt: wcDate(order.createdAt),
    date_modified: wcDate(order.updatedAt),
    date_paid: wcDate(order.datePaid),
    discount_total: centsToDecimal(order.discountTotal),
    shipping_total: centsToDecimal(order.shippingTotal),
    total: centsToDecimal(order.total),
    total_tax: centsToDecimal(order.totalTax),
    prices_include_tax: true,
    customer_id: order.customerId ?? 0,
    customer_note: order.customerNote,
    billing: address(order.billing, true),
    shipping: address(order.shipping, false),
    payment_method: order.paymentMethod,
    payment_method_title: order.paymentMethodTitle,
    transaction_id: order.transactionId ?? '',
    line_items: lines.map((l) => ({
      id: l.id,
      name: l.name,
      product_id: l.productId,
      variation_id: l.variationId ?? 0,
      quantity: l.quantity,
      sku: l.sku,
      price: Number(centsToDecimal(l.unitPrice)),
      subtotal: centsToDecimal(l.subtotal),
      total: centsToDecimal(l.total),
      total_tax: centsToDecimal(l.totalTax),
      meta_data: l.addons.map((a, i) => ({ id: i + 1, key: a.name, value: a.value, display_key: a.name, display_value: a.value })),
    })),
    shipping_lines: [
      { id: 1, method_id: order.fulfilmentType, method_title: order.fulfilmentType, total: centsToDecimal(order.shippingTotal) },
    ],
    fee_lines: [],
    coupon_lines: order.couponCodes.map((code, i) => ({ id: i + 1, code })),
    meta_data: [
      ...order.metaData.map((m, i) => ({ id: i + 1, key: m.key, value: m.value })),
      { id: order.metaData.length + 1, key: 'fulfilment_type', value: order.fulfilmentType },
      ...(order.slotStart ? [{ id: order.metaData.length + 2, key: 'slot_start', value: order.slotStart.toISOString() }] : []),
    ],
  };
}

const updateBody = z.object({
  status: z.enum(orderStatuses).optional(),
  customer_note: z.string().max(2000).optional(),
});

async function linesOf(db: Db, ids: number[]): Promise<Map<number, LineRow[]>> {
  const map = new Map<number, LineRow[]>();
  if (!ids.length) return map;
  const rows = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.position));
  for (const row of rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), row]);
  return map;
}

function idParam(raw: unknown): number {
  const value = String(raw);
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw invalidParam('id');
  return Number(value);
}

/** GET /orders, GET /orders/{id}, PUT|POST|PATCH /orders/{id} (status, customer_note). */
export function registerOrderRoutes(app: FastifyInstance, deps: { db: Db; clock: () => Date }) {
  app.get('/orders', async (request, reply) => {
    const query = request.query as Query;
    const page = pageParams(query);
    const statusText = textParam(query, 'status');
    const statuses = statusText === undefined || statusText === 'any' ? undefined : statusText.split(',');
    if (statuses?.some((s) => !(orderStatuses as readonly string[]).includes(s))) throw invalidParam('status');
    const customer = intParam(query, 'customer', 0, 999_999_999);
    const include = idListParam(query, 'include');
    const search = textParam(query, 'search')?.trim().slice(0, 200);
    const orderby = enumParam(query, 'orderby', ['date', 'id', 'include', 'title', 'slug', 'modified'] as const) ?? 'date';
    const order = enumParam(query, 'order', ['asc', 'desc'] as const) ?? 'desc';
    const conditions: SQL[] = [];
    if (statuses) conditions.push(inArray(orders.status, statuses as (typeof orderStatuses)[number][]));
    if (customer !== undefined) conditions.push(eq(orders.customerId, customer));
    if (include) conditions.push(inArray(orders.id, include.length ? include : [0]));
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        or(
          ilike(sql`${orders.billing}->>'email'`, pattern),
          ilike(sql`${orders.billing}->>'lastName'`, pattern),
          ilike(sql`${orders.billing}->>'firstName'`, pattern),
          ilike(sql`${orders.billing}->>'phone'`, pattern),
          ilike(orders.customerNote, pattern),
        )!,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const column = orderby === 'modified' ? orders.updatedAt : orderby === 'date' ? orders.createdAt : orders.id;
    const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(orders).where(where);
    const rows = await deps.db
      .select()
      .from(orders)
      .where(where)
      .orderBy(order === 'asc' ? asc(column) : desc(column), order === 'asc' ? asc(orders.id) : desc(orders.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage);
    const lines = await linesOf(deps.db, rows.map((r) => r.id));
    pagingHeaders(request, reply, page, Number(total));
    return rows.map((row) => orderShape(row, lines.get(row.id) ?? []));
  });

  async function readOne(id: number) {
    const [row] = await deps.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw notFound('woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    return orderShape(row, (await linesOf(deps.db, [id])).get(id) ?? []);
  }

  app.get('/orders/:id', async (request) => readOne(idParam((request.params as { id: string }).id)));

  const update = async (request: { params: unknown; body: unknown }) => {
    const id = idParam((request.params as { id: string }).id);
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw new WcError(400, 'rest_invalid_json', 'The body must be a JSON object.');
    const parsed = updateBody.safeParse(body);
    if (!parsed.success) {
      const names = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? 'body')))].join(', ');
      throw invalidParam(names);
    }
    try {
      const found = await updateOrder(deps.db, id, { status: parsed.data.status, customerNote: parsed.data.customer_note }, deps.clock());
      if (!found) throw notFound('woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
    } catch (error) {
      if (error instanceof OrderUpdateError) throw new WcError(400, 'woocommerce_rest_invalid_order_status', error.message);
      throw error;
    }
    return readOne(id);
  };
  app.put('/orders/:id', update);
  app.post('/orders/:id', update);
  app.patch('/orders/:id', update);
}
