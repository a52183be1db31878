import { CASH_ROUNDING_LABELS } from '@bakje/contract';
import { transactionCostLabel } from '../../../modules/cart/transaction-cost.js';
import { addonAmount } from '../../../modules/cart/addons.js';
import { centsToDecimal } from '../../../modules/catalog/money.js';
import { money, type PriceFormat as Format } from '../money-format.js';
import type { AddressInput } from '../../../modules/addresses/addresses.js';
import { parseFulfilment, type PlaceOrderRequest } from '../../../modules/orders/place-order.js';
import { toGlobalId } from '../../../modules/catalog/global-id.js';
import { localizedAddon, localizedLine, localizedLineName } from '../../../modules/catalog/line-names.js';
import { kitchenNotes, readOrderFor, type OrderLineRow, type OrderWithLines } from '../../../modules/orders/order-read.js';
import { isoInZone } from '../../../modules/shop-time/shop-time.js';
import { paymentStateOf, promisedTime } from '../../../modules/orders/order-promise.js';
import { toGraphqlAddress } from '../../../modules/addresses/addresses.js';
import type { GraphQLContext } from '../context.js';
import { checkoutAccount, type CheckoutAccount } from './checkout-account.js';
import { PAYMENT_CREATE_FAILED } from '../../../modules/payments/payments-service.js';
import { can } from '../../../modules/auth/permissions.js';
import { paymentMethodTitleIn } from '../../../modules/payments/method-titles.js';
import { orderDownloads, type DownloadGrant } from '../../../modules/orders/downloads.js';
import { connectionFromArray, type ConnectionArgs } from '../connection.js';

export const Order = {
  id: (o: OrderWithLines) => toGlobalId('post', o.id),
  databaseId: (o: OrderWithLines) => o.id,
  orderNumber: (o: OrderWithLines) => String(o.id),
  status: (o: OrderWithLines) => o.status.toUpperCase().replace('-', '_'),
  date: (o: OrderWithLines) => o.createdAt.toISOString(),
  datePaid: (o: OrderWithLines) => o.datePaid?.toISOString() ?? null,
  needsPayment: (o: OrderWithLines) => o.status === 'pending',
  needsProcessing: () => true,
  isPaid: (o: OrderWithLines) => o.datePaid !== null,
  total: (o: OrderWithLines, args: Format) => money(o.total, args),
  subtotal: (o: OrderWithLines, args: Format) => money(o.subtotal, args),
  discountTotal: (o: OrderWithLines, args: Format) => money(o.discountTotal, args),
  totalTax: (o: OrderWithLines, args: Format) => money(o.totalTax, args),
  shippingTotal: (o: OrderWithLines, args: Format) => money(o.shippingTotal, args),
  vatLines: (o: OrderWithLines) => o.vatLines.map((v) => ({ rate: v.rate, tax: centsToDecimal(v.tax), total: centsToDecimal(v.total) })),
  kitchenNotes: (o: OrderWithLines) => kitchenNotes(o.customerNote),
  // In the reader's language, not the one the order was placed in ("Credit card (Stripe)" on a French page).
  paymentMethodTitle: (o: OrderWithLines, _: unknown, ctx: GraphQLContext) => paymentMethodTitleIn(o.paymentMethod, o.paymentMethodTitle, ctx.lang),
  billing: (o: OrderWithLines) => toGraphqlAddress(o.billing),
  shipping: (o: OrderWithLines) => toGraphqlAddress(o.shipping),
  lineItems: (o: OrderWithLines) => ({ nodes: o.lines }),
  fulfilmentType: (o: OrderWithLines) => o.fulfilmentType,
  // The time as promised to the customer: the slot moved by the kitchen's delay (docs/decisions/0081).
  timeSlot: (o: OrderWithLines, _: unknown, ctx: GraphQLContext) => {
    const time = promisedTime(o);
    return time?.end ? { start: isoInZone(time.start, ctx.config.timeZone), end: isoInZone(time.end, ctx.config.timeZone) } : null;
  },
  asap: (o: OrderWithLines) => o.asap,
  delayMinutes: (o: OrderWithLines) => o.delayMinutes,
  paymentState: (o: OrderWithLines) => paymentStateOf(o).toUpperCase(),
  couponLines: (o: OrderWithLines) => o.couponCodes,
  giftCards: (o: OrderWithLines) => o.giftCards.map((g) => ({ code: `*${g.last4}`, amount: g.amount })),
  transactionCost: (o: OrderWithLines, _: unknown, ctx: GraphQLContext) =>
    o.transactionCost
      ? {
          name: transactionCostLabel(o.transactionCost, ctx.lang),
          total: (args: Format) => money(o.transactionCost!.total, args),
          tax: (args: Format) => money(o.transactionCost!.tax, args),
          vatRate: o.transactionCost.vatRate,
        }
      : null,
  cashRounding: (o: OrderWithLines, args: Format) => money(o.cashRounding, args),
  // WooGraphQL's fee lines, as the store REST API's fee_lines: the transaction cost, then the cash rounding.
  feeLines: (o: OrderWithLines, _: unknown, ctx: GraphQLContext) => {
    const nodes = [];
    if (o.transactionCost) {
      const cost = o.transactionCost;
      nodes.push(feeLine(o.id, 1, transactionCostLabel(cost, ctx.lang), cost.total, cost.tax, cost.vatRate));
    }
    if (o.cashRounding !== 0) nodes.push(feeLine(o.id, 2, CASH_ROUNDING_LABELS[ctx.lang], o.cashRounding, 0, 0));
    return { nodes };
  },
  personalDetailsHidden: (o: OrderWithLines) => o.personalDetailsHidden === true,
  customer: () => null,
  downloadableItems: (o: OrderWithLines, args: ConnectionArgs, ctx: GraphQLContext) =>
    connectionFromArray(orderDownloads(ctx.catalog, o), { ...args, first: Math.min(args.first ?? 100, 100) }),
};

/** A fee line of an order (VAT included in total); ids are per order, as the store REST API numbers them. */
function feeLine(orderId: number, n: number, name: string, total: number, tax: number, vatRate: number) {
  return {
    id: Buffer.from(`order_item:${orderId}:fee:${n}`).toString('base64'),
    databaseId: n,
    name,
    taxClass: String(vatRate),
    taxStatus: vatRate > 0 ? 'TAXABLE' : 'NONE',
    amount: centsToDecimal(total),
    total: centsToDecimal(total),
    totalTax: centsToDecimal(tax),
  };
}

export const DownloadableItem = {
  id: (d: DownloadGrant) => Buffer.from(`download:${d.key}`).toString('base64'),
  accessExpires: (d: DownloadGrant) => d.accessExpires?.toISOString() ?? null,
};

export const LineItem = {
  id: (l: OrderLineRow) => toGlobalId('post', l.id),
  databaseId: (l: OrderLineRow) => l.id,
  subtotal: (l: OrderLineRow) => centsToDecimal(l.subtotal),
  total: (l: OrderLineRow) => centsToDecimal(l.total),
  totalTax: (l: OrderLineRow) => centsToDecimal(l.totalTax),
  // Stored in the shop language; shown in the visitor's where the catalogue still has it (line-names.ts).
  name: (l: OrderLineRow, _: unknown, ctx: GraphQLContext) => localizedLineName(ctx.catalog, l, ctx.lang),
  nameLang: (l: OrderLineRow, _: unknown, ctx: GraphQLContext) => localizedLine(ctx.catalog, l, ctx.lang).nameLang,
  // What the add-on adds to this line (per unit x quantity, or once for a flat fee), as the cart shows it.
  addons: (l: OrderLineRow, _: unknown, ctx: GraphQLContext) =>
    l.addons.map((a) => ({
      ...localizedAddon(ctx.catalog, l.productId, a, ctx.lang),
      price: centsToDecimal(addonAmount(a, l.unitPrice, l.quantity)),
      priceType: a.priceType.toUpperCase(),
    })),
  metaData: (l: OrderLineRow) => l.addons.map((a, i) => ({ id: `${l.id}:${i}`, key: a.name, value: a.value })),
  product: (l: OrderLineRow, _: unknown, ctx: GraphQLContext) => {
    const node = ctx.catalog.products.get(l.productId);
    return node ? { node } : null;
  },
  variation: () => null,
};

export async function orderQuery(_: unknown, args: { id: string; idType?: string | null; orderKey?: string | null }, ctx: GraphQLContext) {
  let orderId: number;
  if ((args.idType ?? 'DATABASE_ID') === 'DATABASE_ID' || args.idType === 'ORDER_NUMBER') orderId = Number(args.id);
  else {
    const decoded = Buffer.from(args.id, 'base64').toString('utf8');
    orderId = Number(/^post:(\d+)$/.exec(decoded)?.[1] ?? NaN);
  }
  if (!Number.isSafeInteger(orderId)) return null;
  const viewer = ctx.account.viewer;
  return readOrderFor(
    ctx.services.db,
    orderId,
    {
      sessionKey: ctx.session.existingKey(),
      customerId: viewer.kind === 'guest' ? null : viewer.id,
      orderKey: args.orderKey,
      // Kitchen staff see every order on the kitchen stream already (docs/permissions.md).
      staff: viewer.kind === 'staff' && can(viewer.role, 'kitchen.view'),
    },
    { now: ctx.services.clock(), hours: ctx.config.orderKeyDetailsHours },
  );
}

/** WooGraphQL's checkout input (docs/interfaces.md): the dialect this resolver maps to Bakje's own order request. */
interface CheckoutInput {
  clientMutationId?: string | null;
  paymentMethod?: string | null;
  billing?: AddressInput | null;
  shipping?: AddressInput | null;
  shipToDifferentAddress?: boolean | null;
  shippingMethod?: (string | null)[] | null;
  customerNote?: string | null;
  metaData?: ({ key: string; value: string } | null)[] | null;
  createdVia?: string | null;
  account?: CheckoutAccount | null;
  transactionId?: string | null;
  isPaid?: boolean | null;
  confirmedAge?: number | null;
  smsPhone?: string | null;
  ownContainer?: boolean | null;
}

/**
 * WooGraphQL's dialect as Bakje's order request: the slot and fulfilment ride in `metaData` (`time_slot`,
 * `fulfilment_type`) or the shipping method; `channel` meta or `createdVia` 'kiosk' marks a kiosk order.
 */
function placeOrderRequest(input: CheckoutInput, ctx: GraphQLContext, startedAt: Date): PlaceOrderRequest {
  const metaData = (input.metaData ?? []).flatMap((m) => (m ? [m] : []));
  const meta = (key: string) => metaData.find((m) => m.key === key)?.value;
  const named = meta('fulfilment_type') ?? input.shippingMethod?.find((m) => m)?.split(':')[0];
  const viewer = ctx.account.viewer;
  return {
    channel: (meta('channel') ?? input.createdVia ?? '').trim().toLowerCase() === 'kiosk' ? 'kiosk' : 'web',
    lines: { cart: ctx.session.key() },
    fulfilment: named === undefined ? undefined : parseFulfilment(named),
    slot: meta('time_slot'),
    customer: {
      id: viewer.kind === 'guest' ? null : viewer.id,
      billing: input.billing,
      shipping: input.shipping,
      shipToDifferentAddress: input.shipToDifferentAddress,
      note: input.customerNote,
      language: ctx.lang,
      ip: ctx.account.address,
      confirmedAge: input.confirmedAge,
      smsPhone: input.smsPhone,
      ownContainer: input.ownContainer,
    },
    payment: { method: input.paymentMethod, stripeIntentId: input.transactionId, claimsPaid: input.isPaid },
    metaData,
    createdVia: input.createdVia,
    startedAt,
  };
}

export const checkoutMutation = {
  checkout: async (_: unknown, { input }: { input: CheckoutInput }, ctx: GraphQLContext) => {
    const startedAt = ctx.services.clock();
    const { clientMutationId, account } = input;
    // A guest who asks for an account gets one with the order (checked before anything is written).
    const newAccount = ctx.account.viewer.kind === 'guest' && account ? await checkoutAccount(ctx, account, input.billing) : undefined;
    const request = placeOrderRequest(input, ctx, startedAt);
    const placed = await ctx.services.placeOrder.place({ ...request, ...(newAccount ? { account: newAccount } : {}) });
    const order = placed.order;
    const received = `/checkout/order-received/${placed.orderId}?key=${encodeURIComponent(placed.orderKey)}`;
    const confirm = `/confirm-payment?order=${placed.orderId}&key=${encodeURIComponent(placed.orderKey)}`;
    switch (placed.payment.kind) {
      case 'failed':
        return { clientMutationId, result: 'failure', redirect: confirm, order, paymentError: `${PAYMENT_CREATE_FAILED} ${placed.payment.error}` };
      case 'started':
        return { clientMutationId, result: 'success', redirect: placed.payment.paymentUrl ?? confirm, order, paymentError: null };
      default:
        return { clientMutationId, result: 'success', redirect: received, order, paymentError: null };
    }
  },
};
