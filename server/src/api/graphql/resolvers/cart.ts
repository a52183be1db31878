import { CASH_ROUNDING_FEE_ID, CASH_ROUNDING_LABELS } from '@bakje/contract';
import type { CartLineView, CartView } from '../../../modules/cart/cart-service.js';
import { localizedAddon } from '../../../modules/catalog/line-names.js';
import { centsToDecimal } from '../../../modules/catalog/money.js';
import { money, type PriceFormat as Format } from '../money-format.js';
import type { AddonChoice } from '../../../modules/cart/addons.js';
import { addonAmount } from '../../../modules/cart/addons.js';
import type { GraphQLContext } from '../context.js';
import { transactionCostLabel, type TransactionCost } from '../../../modules/cart/transaction-cost.js';
import { DomainError } from '../../../errors/domain-error.js';
import { ProductVariation } from './products.js';

const linesTax = (c: CartView) => c.lines.reduce((sum, l) => sum + l.tax, 0);

export const Cart = {
  isEmpty: (c: CartView) => c.lines.length === 0,
  contents: (c: CartView, args: { first?: number }) => {
    const nodes = c.lines.slice(0, Math.min(args.first ?? 100, 100));
    return {
      itemCount: c.lines.reduce((s, l) => s + l.line.quantity, 0),
      productCount: c.lines.length,
      nodes,
      edges: nodes.map((node) => ({ key: node.line.key, node })),
    };
  },
  subtotal: (c: CartView, args: Format) => money(c.totals.subtotal, args),
  subtotalTax: (c: CartView, args: Format) => money(linesTax(c), args),
  discountTotal: (c: CartView, args: Format) => money(c.totals.discountTotal, args),
  discountTax: (_c: CartView, args: Format) => money(0, args),
  shippingTotal: (c: CartView, args: Format) => money(c.totals.shippingTotal, args),
  shippingTax: (c: CartView, args: Format) => money(c.totals.totalTax - linesTax(c), args),
  totalTax: (c: CartView, args: Format) => money(c.totals.totalTax, args),
  // What the method asked for pays: with a cash method, rounded to 5 cents (docs/decisions/0080-cash-rounding.md).
  total: (c: CartView, args: Format) => money(c.totals.total + c.cashRounding, args),
  cashRounding: (c: CartView, args: Format) => money(c.cashRounding, args),
  vatLines: (c: CartView) => c.totals.vatLines.map((v) => ({ rate: v.rate, tax: centsToDecimal(v.tax), total: centsToDecimal(v.total) })),
  chosenShippingMethods: (c: CartView) => (c.shippingMethod ? [c.shippingMethod] : []),
  availableShippingMethods: (c: CartView, _: unknown, ctx: GraphQLContext) => [
    {
      packageDetails: '',
      supportsShippingCalculator: false,
      rates: c.rates.map((r, i) => ({ id: r.id, instanceId: i + 1, methodId: r.id, label: r.label[ctx.lang], cost: centsToDecimal(r.cost) })),
    },
  ],
  needsShippingAddress: (c: CartView) => c.shippingMethod === 'delivery',
  appliedCoupons: (c: CartView) => c.coupons.map(({ coupon, amount }) => ({ code: coupon.code, description: coupon.description, amount })),
  couponsNotApplied: (c: CartView) => c.couponsNotApplied.map(({ coupon, reason }) => ({ code: coupon.code, reason })),
  appliedGiftCards: (c: CartView) =>
    c.giftCards.map(({ card, amount, refusal }) => ({ code: `*${card.code.slice(-4)}`, amount, balance: card.balance, reason: refusal })),
  deliveryMinimumShortfall: (c: CartView) => (c.deliveryShortfall === null ? null : centsToDecimal(c.deliveryShortfall)),
  fees: (c: CartView, _: unknown, ctx: GraphQLContext) => [
    ...(c.transactionCost
      ? [{ id: `transaction-cost:${c.transactionCost.method}`, name: transactionCostLabel(c.transactionCost, ctx.lang), ...c.transactionCost }]
      : []),
    // The cash rounding as WooGraphQL clients add fees up: outside VAT (rate 0), negative when it rounds down.
    ...(c.cashRounding !== 0 ? [{ id: CASH_ROUNDING_FEE_ID, name: CASH_ROUNDING_LABELS[ctx.lang], total: c.cashRounding, tax: 0, vatRate: 0 }] : []),
  ],
  deliveryRule: (c: CartView) => ({
    zone: c.deliveryRule.zone?.name ?? null,
    minimumOrder: centsToDecimal(c.deliveryRule.minimumOrder),
    fee: centsToDecimal(c.deliveryRule.fee),
  }),
};

type Fee = Pick<TransactionCost, 'total' | 'tax' | 'vatRate'>;

export const CartFee = {
  taxClass: (f: Fee) => String(f.vatRate),
  taxable: (f: Fee) => f.vatRate > 0,
  amount: (f: Fee, args: Format) => money(f.total, args),
  total: (f: Fee, args: Format) => money(f.total, args),
  tax: (f: Fee, args: Format) => money(f.tax, args),
};

export const AppliedGiftCard = {
  amount: (g: { amount: number }, args: Format) => money(g.amount, args),
  balance: (g: { balance: number }, args: Format) => money(g.balance, args),
};

export const AppliedCoupon = {
  discountAmount: (c: { amount: number }, args: Format) => money(c.amount, args),
  discountTax: (_c: { amount: number }, args: Format) => money(0, args),
};

export const CartItem = {
  key: (l: CartLineView) => l.line.key,
  quantity: (l: CartLineView) => l.line.quantity,
  product: (l: CartLineView) => ({ node: l.product }),
  variation: (l: CartLineView, _: unknown, ctx: GraphQLContext) =>
    l.variation ? { node: l.variation, attributes: ProductVariation.attributes(l.variation, undefined, ctx).nodes } : null,
  addons: (l: CartLineView, _: unknown, ctx: GraphQLContext) =>
    l.line.addons.map((a) => ({
      fieldName: `addon-${a.fieldId}`,
      // Stored in the shop language; shown in the visitor's (line-names.ts).
      ...localizedAddon(ctx.catalog, l.product.row.id, a, ctx.lang),
      price: centsToDecimal(addonAmount(a, l.unitPrice, l.line.quantity)),
      priceType: a.priceType.toUpperCase(),
    })),
  subtotal: (l: CartLineView, args: Format) => money(l.subtotal, args),
  total: (l: CartLineView, args: Format) => money(l.total, args),
  tax: (l: CartLineView, args: Format) => money(l.tax, args),
  vatRate: (l: CartLineView) => l.vatRate,
  soldOut: (l: CartLineView) => l.soldOut !== null,
  extraData: (l: CartLineView) => l.line.addons.map((a, i) => ({ id: `${l.line.key}:${i}`, key: a.name, value: a.value })),
};

function parseExtraData(extraData: string | null | undefined): AddonChoice[] {
  if (!extraData) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(extraData);
  } catch {
    throw new DomainError('INVALID_INPUT', 'extraData must be JSON.');
  }
  const addons = (parsed as { addons?: unknown } | null)?.addons;
  if (addons === undefined) return [];
  if (!Array.isArray(addons)) throw new DomainError('INVALID_INPUT', 'extraData.addons must be a list.');
  return addons.map((a) => {
    const item = a as { fieldName?: unknown; optionIds?: unknown; value?: unknown };
    if (typeof item?.fieldName !== 'string') throw new DomainError('INVALID_INPUT', 'Each add-on needs a fieldName.');
    if (item.optionIds !== undefined && (!Array.isArray(item.optionIds) || !item.optionIds.every((id) => Number.isInteger(id)))) {
      throw new DomainError('INVALID_INPUT', 'optionIds must be a list of numbers.');
    }
    if (item.value !== undefined && item.value !== null && typeof item.value !== 'string') throw new DomainError('INVALID_INPUT', 'value must be text.');
    return { fieldName: item.fieldName, optionIds: item.optionIds as number[] | undefined, value: item.value as string | undefined };
  });
}

interface AddToCartArgs {
  input: {
    clientMutationId?: string | null;
    productId: number;
    quantity?: number | null;
    variationId?: number | null;
    variation?: ({ attributeName: string; attributeValue?: string | null } | null)[] | null;
    extraData?: string | null;
    addons?: ({ fieldName: string; optionIds?: (number | null)[] | null; value?: string | null } | null)[] | null;
  };
}

export const cartMutations = {
  addToCart: async (_: unknown, { input }: AddToCartArgs, ctx: GraphQLContext) => {
    const addons: AddonChoice[] = input.addons
      ? input.addons.flatMap((a) => (a ? [{ fieldName: a.fieldName, optionIds: a.optionIds?.filter((id): id is number => id !== null), value: a.value }] : []))
      : parseExtraData(input.extraData);
    const { cart, key } = await ctx.services.carts.addToCart(ctx.session.key(), {
      productId: input.productId,
      quantity: input.quantity ?? 1,
      variationId: input.variationId,
      variation: input.variation?.filter((v): v is { attributeName: string; attributeValue?: string | null } => v !== null),
      addons,
    });
    return { clientMutationId: input.clientMutationId, cart, cartItem: cart.lines.find((l) => l.line.key === key) ?? null };
  },
  updateItemQuantities: async (
    _: unknown,
    { input }: { input: { clientMutationId?: string | null; items: ({ key: string; quantity: number } | null)[] } },
    ctx: GraphQLContext,
  ) => {
    const items = input.items.filter((i): i is { key: string; quantity: number } => i !== null);
    const before = await ctx.services.carts.view(ctx.session.key());
    const cart = await ctx.services.carts.updateQuantities(ctx.session.key(), items);
    const removedKeys = new Set(items.filter((i) => i.quantity === 0).map((i) => i.key));
    return {
      clientMutationId: input.clientMutationId,
      cart,
      items: cart.lines,
      removed: before.lines.filter((l) => removedKeys.has(l.line.key)),
      updated: cart.lines.filter((l) => items.some((i) => i.key === l.line.key)),
    };
  },
  emptyCart: async (_: unknown, { input }: { input: { clientMutationId?: string | null } }, ctx: GraphQLContext) => {
    const deletedCart = await ctx.services.carts.view(ctx.session.key());
    const cart = await ctx.services.carts.empty(ctx.session.key());
    return { clientMutationId: input.clientMutationId, cart, deletedCart };
  },
  applyCoupon: async (_: unknown, { input }: { input: { clientMutationId?: string | null; code: string } }, ctx: GraphQLContext) => {
    const cart = await ctx.services.carts.applyCoupon(ctx.session.key(), input.code, ctx.account.address);
    const applied = cart.coupons.find((c) => c.coupon.code === input.code.trim().toLowerCase());
    return {
      clientMutationId: input.clientMutationId,
      cart,
      applied: applied ? { code: applied.coupon.code, description: applied.coupon.description, amount: applied.amount } : null,
    };
  },
  removeCoupons: async (_: unknown, { input }: { input: { clientMutationId?: string | null; codes: (string | null)[] } }, ctx: GraphQLContext) => ({
    clientMutationId: input.clientMutationId,
    cart: await ctx.services.carts.removeCoupons(
      ctx.session.key(),
      input.codes.filter((c): c is string => c !== null),
    ),
  }),
  updateDeliveryPostcode: async (_: unknown, { input }: { input: { clientMutationId?: string | null; postcode?: string | null } }, ctx: GraphQLContext) => ({
    clientMutationId: input.clientMutationId,
    cart: await ctx.services.carts.setDeliveryPostcode(ctx.session.key(), input.postcode ?? ''),
  }),
  updateShippingMethod: async (
    _: unknown,
    { input }: { input: { clientMutationId?: string | null; shippingMethods: (string | null)[] } },
    ctx: GraphQLContext,
  ) => {
    const method = input.shippingMethods.find((m): m is string => Boolean(m));
    if (!method) throw new DomainError('FULFILMENT_REQUIRED', 'Choose delivery, takeaway or dine-in.');
    return { clientMutationId: input.clientMutationId, cart: await ctx.services.carts.setShippingMethod(ctx.session.key(), method) };
  },
};
