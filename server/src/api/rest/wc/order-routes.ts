import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Address } from '../../../db/schema/index.js';
import { DomainError } from '../../../errors/domain-error.js';
import { centsToDecimal } from '../../../modules/catalog/money.js';
import { listOrders, orderWithLines } from '../../../modules/orders/order-list.js';
import type { OrderLineRow as LineRow, OrderRow } from '../../../modules/orders/order-read.js';
import { orderStatuses, updateOrder } from '../../../modules/orders/order-status-update.js';
import { enumQuery, idListQuery, idParams, intQuery, lastValue, optionalBody } from '../../http/route-schemas.js';
import { pageOf, pageQuery, pagingHeaders } from './paging.js';

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
    shipping_lines: [{ id: 1, method_id: order.fulfilmentType, method_title: order.fulfilmentType, total: centsToDecimal(order.shippingTotal) }],
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

const listQuery = z.object({
  ...pageQuery,
  /** One status, several comma-separated, or `any`. */
  status: lastValue
    .transform((value) => (value === 'any' ? undefined : value.split(',')))
    .pipe(z.array(z.enum(orderStatuses)).optional())
    .optional(),
  customer: intQuery(0, 999_999_999).optional(),
  include: idListQuery.optional(),
  search: lastValue.transform((value) => value.trim().slice(0, 200)).optional(),
  orderby: enumQuery(['date', 'id', 'include', 'title', 'slug', 'modified']).optional(),
  order: enumQuery(['asc', 'desc']).optional(),
});

/** GET /orders, GET /orders/{id}, PUT|POST|PATCH /orders/{id} (status, customer_note). */
export function registerOrderRoutes(app: FastifyInstance, deps: { db: Db; clock: () => Date }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/orders', { schema: { querystring: listQuery } }, async (request, reply) => {
    const query = request.query;
    const page = pageOf(query);
    const orderby = query.orderby ?? 'date';
    const listed = await listOrders(deps.db, {
      statuses: query.status,
      customerId: query.customer,
      ids: query.include,
      search: query.search || undefined,
      orderBy: orderby === 'modified' || orderby === 'date' ? orderby : 'id',
      direction: query.order ?? 'desc',
      page: page.page,
      perPage: page.perPage,
    });
    pagingHeaders(request, reply, page, listed.total);
    return listed.orders.map(({ order, lines }) => orderShape(order, lines));
  });

  async function readOne(id: number) {
    const found = await orderWithLines(deps.db, id);
    if (!found) throw new DomainError('ORDER_NOT_FOUND', 'Invalid ID.');
    return orderShape(found.order, found.lines);
  }

  api.get('/orders/:id', { schema: { params: idParams } }, async (request) => readOne(request.params.id));

  const update = { schema: { params: idParams, body: optionalBody(updateBody) } };
  const handleUpdate = async (request: { params: { id: number }; body: z.output<typeof updateBody> }) => {
    const { id } = request.params;
    const found = await updateOrder(deps.db, id, { status: request.body.status, customerNote: request.body.customer_note }, deps.clock());
    if (!found) throw new DomainError('ORDER_NOT_FOUND', 'Invalid ID.');
    return readOne(id);
  };
  api.put('/orders/:id', update, handleUpdate);
  api.post('/orders/:id', update, handleUpdate);
  api.patch('/orders/:id', update, handleUpdate);
}
