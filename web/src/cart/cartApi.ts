/** Cart, fulfilment and checkout GraphQL documents and their types (REFERENCE §1). */
import { gql } from '../api/client';
import type { LocaleCode } from '../i18n/locale';

export type FulfilmentType = 'delivery' | 'takeaway' | 'dinein';
export const FULFILMENT_TYPES: readonly FulfilmentType[] = ['takeaway', 'delivery', 'dinein'];

export interface CartAddon {
  fieldName: string;
  name: string;
  value: string;
  price: string;
}

export interface CartLine {
  key: string;
  quantity: number;
  subtotal: string;
  total: string;
  vatRate: number;
  addons: CartAddon[];
  product: { node: { databaseId: number; name: string; slug: string; image: { thumbnailUrl: string | null; sourceUrl: string | null } | null } } | null;
  variation: { node: { databaseId: number; name: string }; attributes: { label: string; value: string }[] } | null;
}

export interface Cart {
  isEmpty: boolean;
  subtotal: string;
  discountTotal: string;
  shippingTotal: string;
  totalTax: string;
  total: string;
  vatLines: { rate: number; tax: string; total: string }[];
  chosenShippingMethods: string[];
  availableShippingMethods: { rates: { id: string; label: string; cost: string }[] }[];
  appliedCoupons: { code: string; discountAmount: string }[];
  deliveryMinimumShortfall: string | null;
  contents: { itemCount: number; nodes: CartLine[] };
}

export const CART_FIELDS = `
  isEmpty
  subtotal(format: RAW) discountTotal(format: RAW) shippingTotal(format: RAW) totalTax(format: RAW) total(format: RAW)
  vatLines { rate tax total }
  chosenShippingMethods
  availableShippingMethods { rates { id label cost } }
  appliedCoupons { code discountAmount(format: RAW) }
  deliveryMinimumShortfall
  contents {
    itemCount
    nodes {
      key quantity subtotal(format: RAW) total(format: RAW) vatRate
      addons { fieldName name value price }
      product { node { databaseId name slug image { thumbnailUrl sourceUrl } } }
      variation { node { databaseId name } attributes { label value } }
    }
  }
`;

export interface AddToCartInput {
  productId: number;
  quantity: number;
  variationId?: number | null;
  addons?: { fieldName: string; optionIds?: number[]; value?: string }[];
}

const call = <T>(locale: LocaleCode, query: string, variables?: Record<string, unknown>) => gql<T>(query, variables, { locale, session: true });

export const cartApi = {
  load: (locale: LocaleCode) =>
    call<{ cart: Cart; customer: { sessionToken: string | null } | null }>(locale, `query GetCart { cart { ${CART_FIELDS} } customer { sessionToken } }`),
  add: (locale: LocaleCode, input: AddToCartInput) =>
    call<{ addToCart: { cart: Cart } }>(locale, `mutation AddToCart($input: AddToCartInput!) { addToCart(input: $input) { cart { ${CART_FIELDS} } } }`, { input }).then((d) => d.addToCart.cart),
  setQuantities: (locale: LocaleCode, items: { key: string; quantity: number }[]) =>
    call<{ updateItemQuantities: { cart: Cart } }>(
      locale,
      `mutation UpdateItemQuantities($items: [CartItemQuantityInput]!) { updateItemQuantities(input: {items: $items}) { cart { ${CART_FIELDS} } } }`,
      { items },
    ).then((d) => d.updateItemQuantities.cart),
  empty: (locale: LocaleCode) =>
    call<{ emptyCart: { cart: Cart } }>(locale, `mutation EmptyCart { emptyCart(input: {clearPersistentCart: true}) { cart { ${CART_FIELDS} } } }`).then((d) => d.emptyCart.cart),
  applyCoupon: (locale: LocaleCode, code: string) =>
    call<{ applyCoupon: { cart: Cart } }>(locale, `mutation ApplyCoupon($code: String!) { applyCoupon(input: {code: $code}) { cart { ${CART_FIELDS} } } }`, { code: code.trim() }).then(
      (d) => d.applyCoupon.cart,
    ),
  removeCoupon: (locale: LocaleCode, code: string) =>
    call<{ removeCoupons: { cart: Cart } }>(locale, `mutation RemoveCoupons($codes: [String]!) { removeCoupons(input: {codes: $codes}) { cart { ${CART_FIELDS} } } }`, { codes: [code] }).then(
      (d) => d.removeCoupons.cart,
    ),
  setShippingMethod: (locale: LocaleCode, id: FulfilmentType) =>
    call<{ updateShippingMethod: { cart: Cart } }>(
      locale,
      `mutation UpdateShippingMethod($methods: [String]!) { updateShippingMethod(input: {shippingMethods: $methods}) { cart { ${CART_FIELDS} } } }`,
      { methods: [id] },
    ).then((d) => d.updateShippingMethod.cart),
};

/** Money strings from the API ("5.60") as euros. */
export function euros(raw: string | null | undefined): number {
  const n = Number.parseFloat(raw ?? '');
  return Number.isFinite(n) ? n : 0;
}
