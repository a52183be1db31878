import { transactionCostLabel } from '../../../modules/cart/transaction-cost.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { CASH_ROUNDING_FEE_ID, CASH_ROUNDING_LABELS, fulfilmentTypes, type FulfilmentType } from '@bakje/contract';
import { DomainError } from '../../../errors/domain-error.js';
import { EMPTY_ADDRESS, fromWcAddress, toWcAddress } from '../../../modules/addresses/addresses.js';
import { centsToDecimal } from '../../../modules/catalog/money.js';
import { listOrders, orderWithLines } from '../../../modules/orders/order-list.js';
import type { OrderLineRow as LineRow, OrderRow } from '../../../modules/orders/order-read.js';
import { deleteOrder, orderStatuses, updateOrder } from '../../../modules/orders/order-status-update.js';
import type { PlaceOrder } from '../../../modules/orders/place-order.js';
import { succeededRefunds } from '../../../modules/payments/refunds.js';
import { parseLang } from '../../../modules/i18n/locale.js';
import { listCustomers, readCustomer, type UserRow } from '../../../modules/customers/customer-read.js';
import { updateCustomerRecord } from '../../../modules/customers/customer-admin.js';
import { boolQuery, enumQuery, idListQuery, idParams, intQuery, lastValue, optionalBody } from '../../http/route-schemas.js';
import { pageOf, pageQuery, pagingHeaders } from './paging.js';

const wcDate = (d: Date | null) => (d ? d.toISOString().slice(0, 19) : null);

type RefundRow = Awaited<ReturnType<typeof succeededRefunds>>[number];

/** A refund as WooCommerce's GET /orders/{id}/refunds gives it (docs/decisions/0039-refunds.md). */
function refundShape(refund: RefundRow) {
  return {
    id: refund.id,
    date_created: wcDate(refund.createdAt),
    date_created_gmt: wcDate(refund.createdAt),
    amount: centsToDecimal(refund.amount),
    reason: refund.reason,
    refunded_by: refund.staffId ?? 0,
    refunded_payment: true,
    meta_data: [],
    line_items: [],
    shipping_lines: [],
    tax_lines: [],
    fee_lines: [],
  };
}

/** An order in the WooCommerce REST v3 shape (docs/interfaces.md §2), with its refunds (newest first). */
export function orderShape(order: OrderRow, lines: LineRow[], orderRefunds: RefundRow[] = []) {
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
    billing: toWcAddress(order.billing, { withEmail: true }),
    shipping: toWcAddress(order.shipping, { withEmail: false }),
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
    // The transaction cost (docs/product.md §3) as a WooCommerce fee; VAT included in total, as for the line items here.
    // The cash rounding (docs/decisions/0080-cash-rounding.md) as a fee "Afronding" outside VAT, negative when it
    // rounds down: the fee lines, items and shipping add up to `total`, as WooCommerce's do.
    fee_lines: [
      ...(order.transactionCost
        ? [
            {
              id: 1,
              name: transactionCostLabel(order.transactionCost, 'nl'),
              tax_class: String(order.transactionCost.vatRate),
              tax_status: order.transactionCost.vatRate > 0 ? 'taxable' : 'none',
              amount: centsToDecimal(order.transactionCost.total),
              total: centsToDecimal(order.transactionCost.total),
              total_tax: centsToDecimal(order.transactionCost.tax),
              taxes: [],
              meta_data: [],
            },
          ]
        : []),
      ...(order.cashRounding !== 0
        ? [
            {
              id: 2,
              name: CASH_ROUNDING_LABELS.nl,
              tax_class: '0',
              tax_status: 'none',
              amount: centsToDecimal(order.cashRounding),
              total: centsToDecimal(order.cashRounding),
              total_tax: '0.00',
              taxes: [],
              meta_data: [{ id: 1, key: '_bakje_fee', value: CASH_ROUNDING_FEE_ID }],
            },
          ]
        : []),
    ],
    coupon_lines: order.couponCodes.map((code, i) => ({ id: i + 1, code })),
    refunds: orderRefunds.map((r) => ({ id: r.id, reason: r.reason, total: `-${centsToDecimal(r.amount)}` })),
    // Gift cards (docs/product.md §3): what each card paid (its code's last four characters); `total` is what was left to pay.
    gift_cards: order.giftCards.map((g) => ({ id: g.id, code: `*${g.last4}`, amount: centsToDecimal(g.amount) })),
    meta_data: [
      ...order.metaData.map((m, i) => ({ id: i + 1, key: m.key, value: m.value })),
      { id: order.metaData.length + 1, key: 'fulfilment_type', value: order.fulfilmentType },
      ...(order.slotStart ? [{ id: order.metaData.length + 2, key: 'slot_start', value: order.slotStart.toISOString() }] : []),
    ],
  };
}

const text = (max: number) => z.string().trim().max(max);
/** A WooCommerce address; every field optional (PUT changes only those given). */
const addressBody = z.object({
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  company: text(200).optional(),
  address_1: text(200).optional(),
  address_2: text(200).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  postcode: text(20).optional(),
  country: text(2).optional(),
  email: z.union([z.literal(''), z.email('must be an e-mail address').max(200)]).optional(),
  phone: text(40).optional(),
});

const metaBody = z.array(z.object({ key: text(100).min(1), value: z.union([z.string().max(500), z.number(), z.boolean(), z.null()]) })).max(50);
const metaValue = (value: string | number | boolean | null) => (value === null ? null : String(value));

const updateBody = z.object({
  status: z.enum(orderStatuses).optional(),
  customer_note: z.string().max(2000).optional(),
  billing: addressBody.optional(),
  shipping: addressBody.optional(),
  meta_data: metaBody.optional(),
});

const createBody = z.object({
  status: z.enum(['pending', 'processing', 'on-hold', 'completed']).default('pending'),
  customer_id: z.number().int().min(0).max(999_999_999).default(0),
  customer_note: z.string().max(1000).default(''),
  billing: addressBody.default({}),
  shipping: addressBody.optional(),
  payment_method: text(40).default('cod'),
  payment_method_title: text(100).optional(),
  transaction_id: text(100).optional(),
  set_paid: z.boolean().default(false),
  line_items: z
    .array(
      z.object({
        product_id: z.number().int().positive().max(999_999_999),
        variation_id: z.number().int().min(0).max(999_999_999).optional(),
        quantity: z.number().int().min(1).max(100),
      }),
    )
    .min(1, 'at least one line')
    .max(100),
  shipping_lines: z
    .array(
      z.object({
        method_id: z.enum(fulfilmentTypes),
        total: z
          .string()
          .regex(/^\d{1,5}(\.\d{1,2})?$/, 'an amount such as "2.50"')
          .default('0'),
      }),
    )
    .max(1)
    .default([]),
  meta_data: metaBody.default([]),
});

const deleteQuery = z.object({ force: boolQuery.optional() });

const customerQuery = z.object({
  ...pageQuery,
  email: lastValue.pipe(z.email('must be an e-mail address')).optional(),
  search: lastValue.transform((value) => value.trim().slice(0, 200)).optional(),
});

/** WooCommerce's writable customer fields; the password is never set here (docs/decisions/0046-customers-privacy.md). */
const customerUpdate = z.object({
  email: z.email('must be an e-mail address').max(200).optional(),
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  billing: addressBody.optional(),
  shipping: addressBody.optional(),
});

/** A customer in the WooCommerce REST v3 shape (docs/interfaces.md §2). */
function customerShape(user: UserRow & { isPaying: boolean }) {
  return {
    id: user.id,
    date_created: wcDate(user.createdAt),
    date_created_gmt: wcDate(user.createdAt),
    date_modified: wcDate(user.updatedAt),
    date_modified_gmt: wcDate(user.updatedAt),
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: 'customer',
    username: user.username,
    billing: toWcAddress(user.billing, { withEmail: true }),
    shipping: toWcAddress(user.shipping, { withEmail: false }),
    is_paying_customer: user.isPaying,
    avatar_url: '',
    meta_data: [],
  };
}

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

/**
 * GET /orders, POST /orders, GET /orders/{id}, GET /orders/{id}/refunds, PUT|POST|PATCH /orders/{id} (status, customer_note, billing,
 * shipping, meta_data), DELETE /orders/{id}[?force=true], GET /customers[?email=&search=], GET|PUT /customers/{id}.
 */
export function registerOrderRoutes(app: FastifyInstance, deps: { db: Db; clock: () => Date; placeOrder: PlaceOrder }) {
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
    const refunded = await succeededRefunds(
      deps.db,
      listed.orders.map(({ order }) => order.id),
    );
    return listed.orders.map(({ order, lines }) =>
      orderShape(
        order,
        lines,
        refunded.filter((r) => r.orderId === order.id),
      ),
    );
  });

  async function readOne(id: number) {
    const found = await orderWithLines(deps.db, id);
    if (!found) throw new DomainError('ORDER_NOT_FOUND', 'Invalid ID.');
    return orderShape(found.order, found.lines, await succeededRefunds(deps.db, [id]));
  }

  api.get('/orders/:id', { schema: { params: idParams } }, async (request) => readOne(request.params.id));

  // Refunds are made from the dashboard (POST /api/orders/{id}/refunds): the store API reads them.
  api.get('/orders/:id/refunds', { schema: { params: idParams } }, async (request) => {
    const found = await orderWithLines(deps.db, request.params.id);
    if (!found) throw new DomainError('ORDER_NOT_FOUND', 'Invalid ID.');
    return (await succeededRefunds(deps.db, [request.params.id])).map(refundShape);
  });

  const update = { schema: { params: idParams, body: optionalBody(updateBody) } };
  const handleUpdate = async (request: { params: { id: number }; body: z.output<typeof updateBody> }) => {
    const { id } = request.params;
    const body = request.body;
    const found = await updateOrder(
      deps.db,
      id,
      {
        status: body.status,
        customerNote: body.customer_note,
        billing: body.billing && fromWcAddress(body.billing),
        shipping: body.shipping && fromWcAddress(body.shipping),
        metaData: body.meta_data?.map((m) => ({ key: m.key, value: metaValue(m.value) })),
      },
      deps.clock(),
    );
    if (!found) throw new DomainError('ORDER_NOT_FOUND', 'Invalid ID.');
    return readOne(id);
  };
  api.put('/orders/:id', update, handleUpdate);
  api.post('/orders/:id', update, handleUpdate);
  api.patch('/orders/:id', update, handleUpdate);

  api.post('/orders', { schema: { body: createBody } }, async (request, reply) => {
    const body = request.body;
    const billing = { ...EMPTY_ADDRESS, ...fromWcAddress(body.billing) };
    const meta = body.meta_data.map((m) => ({ key: m.key, value: metaValue(m.value) ?? '' }));
    const slotMeta = meta.find((m) => m.key === 'slot_start')?.value;
    const slotStart = slotMeta ? new Date(slotMeta) : undefined;
    if (slotStart && Number.isNaN(slotStart.getTime())) {
      throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): meta_data.slot_start (an ISO date and time)', { params: ['meta_data'] });
    }
    const fulfilment = body.shipping_lines[0]?.method_id ?? (meta.find((m) => m.key === 'fulfilment_type')?.value as FulfilmentType | undefined) ?? 'takeaway';
    if (!fulfilmentTypes.includes(fulfilment)) {
      throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): meta_data.fulfilment_type (delivery, takeaway or dinein)', { params: ['meta_data'] });
    }
    const placed = await deps.placeOrder.place({
      channel: 'store-api',
      lines: {
        given: body.line_items.map((l) => ({ productId: l.product_id, variationId: l.variation_id || undefined, quantity: l.quantity })),
        shippingTotal: Math.round(Number(body.shipping_lines[0]?.total ?? '0') * 100),
      },
      fulfilment,
      slot: meta.find((m) => m.key === 'time_slot')?.value || undefined,
      slotStart,
      customer: {
        id: body.customer_id || undefined,
        billing,
        shipping: body.shipping ? { ...EMPTY_ADDRESS, ...fromWcAddress(body.shipping) } : undefined,
        note: body.customer_note.trim(),
        language: parseLang(meta.find((m) => m.key === 'language')?.value) ?? undefined,
      },
      payment: {
        method: body.payment_method || 'cod',
        title: body.payment_method_title || (body.payment_method === 'cod' ? 'Cash' : body.payment_method),
        transactionId: body.transaction_id,
      },
      flags: { setPaid: body.set_paid, status: body.status },
      metaData: meta.filter((m) => m.key !== 'fulfilment_type' && m.key !== 'slot_start'),
      createdVia: 'rest-api',
    });
    const created = placed.order!;
    return reply.code(201).send(orderShape(created, created.lines));
  });

  api.delete('/orders/:id', { schema: { params: idParams, querystring: deleteQuery } }, async (request) => {
    const { id } = request.params;
    const found = await orderWithLines(deps.db, id);
    const before = await deleteOrder(deps.db, id, request.query.force ?? false, deps.clock());
    if (!before || !found) throw new DomainError('ORDER_NOT_FOUND', 'Invalid ID.');
    if (request.query.force) return orderShape(before, found.lines, []);
    return { ...(await readOne(id)), status: 'trash' };
  });

  api.get('/customers', { schema: { querystring: customerQuery } }, async (request, reply) => {
    const page = pageOf(request.query);
    const listed = await listCustomers(deps.db, {
      email: request.query.email,
      search: request.query.search || undefined,
      page: page.page,
      perPage: page.perPage,
    });
    pagingHeaders(request, reply, page, listed.total);
    return listed.customers.map(customerShape);
  });

  api.get('/customers/:id', { schema: { params: idParams } }, async (request) => {
    const found = await readCustomer(deps.db, request.params.id);
    if (!found) throw new DomainError('CUSTOMER_NOT_FOUND', 'Invalid resource ID.');
    return customerShape(found);
  });

  const customerRoute = { schema: { params: idParams, body: optionalBody(customerUpdate) } };
  const handleCustomerUpdate = async (request: { params: { id: number }; body: z.output<typeof customerUpdate> }) => {
    const { id } = request.params;
    const body = request.body;
    await updateCustomerRecord(
      deps.db,
      id,
      {
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        billing: body.billing && fromWcAddress(body.billing),
        shipping: body.shipping && fromWcAddress(body.shipping),
      },
      deps.clock(),
    );
    const found = await readCustomer(deps.db, id);
    if (!found) throw new DomainError('CUSTOMER_NOT_FOUND', 'Invalid resource ID.');
    return customerShape(found);
  };
  api.put('/customers/:id', customerRoute, handleCustomerUpdate);
  api.post('/customers/:id', customerRoute, handleCustomerUpdate);
  api.patch('/customers/:id', customerRoute, handleCustomerUpdate);
}
