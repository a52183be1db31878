/** Cart calls (documents in cart.graphql). */
import type { FulfilmentType } from '@bakje/contract';
import { gql, type TypedDocument } from '../api/client';
import type { LocaleCode } from '../i18n/locale';
import type { AddToCartInput } from '../api/schema-types.generated';
import {
  AddToCartDocument,
  ApplyCouponDocument,
  EmptyCartDocument,
  GetCartDocument,
  RemoveCouponsDocument,
  UpdateItemQuantitiesDocument,
  UpdateDeliveryPostcodeDocument,
  UpdateShippingMethodDocument,
  type CartFieldsFragment,
} from './cart.generated';

export type { FulfilmentType };
export const FULFILMENT_TYPES: readonly FulfilmentType[] = ['takeaway', 'delivery', 'dinein'];

/** The cart as the cart documents select it (cart.graphql). */
export type Cart = CartFieldsFragment;
export type CartLine = Cart['contents']['nodes'][number];

export type { AddToCartInput };

const call = <T, V>(locale: LocaleCode, document: TypedDocument<T, V>, variables?: V) => gql(document, variables, { locale, session: true });

export const cartApi = {
  load: (locale: LocaleCode) => call(locale, GetCartDocument),
  add: (locale: LocaleCode, input: AddToCartInput) => call(locale, AddToCartDocument, { input }).then((d) => d.addToCart.cart),
  setQuantities: (locale: LocaleCode, items: { key: string; quantity: number }[]) =>
    call(locale, UpdateItemQuantitiesDocument, { items }).then((d) => d.updateItemQuantities.cart),
  empty: (locale: LocaleCode) => call(locale, EmptyCartDocument).then((d) => d.emptyCart.cart),
  applyCoupon: (locale: LocaleCode, code: string) => call(locale, ApplyCouponDocument, { code: code.trim() }).then((d) => d.applyCoupon.cart),
  removeCoupon: (locale: LocaleCode, code: string) => call(locale, RemoveCouponsDocument, { codes: [code] }).then((d) => d.removeCoupons.cart),
  setShippingMethod: (locale: LocaleCode, id: FulfilmentType) =>
    call(locale, UpdateShippingMethodDocument, { methods: [id] }).then((d) => d.updateShippingMethod.cart),
  setDeliveryPostcode: (locale: LocaleCode, postcode: string) =>
    call(locale, UpdateDeliveryPostcodeDocument, { postcode }).then((d) => d.updateDeliveryPostcode.cart),
};

/** Money strings from the API ("5.60") as euros. */
export function euros(raw: string | null | undefined): number {
  const n = Number.parseFloat(raw ?? '');
  return Number.isFinite(n) ? n : 0;
}
