/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../api/schema-types.generated';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AddToCartInput = {
  addons?: Array<CartAddonInput | null | undefined> | null | undefined;
  clientMutationId?: string | null | undefined;
  /** JSON: {"addons": [CartAddonInput...]} (alternative to addons). */
  extraData?: string | null | undefined;
  productId: number;
  quantity?: number | null | undefined;
  variation?: Array<ProductAttributeInput | null | undefined> | null | undefined;
  variationId?: number | null | undefined;
};

export type AddonPriceTypeEnum =
  | 'FLAT_FEE'
  | 'PERCENTAGE_BASED'
  | 'QUANTITY_BASED';

export type CartAddonInput = {
  /** The add-on's fieldName (addon-<id>). */
  fieldName: string;
  /** Chosen option ids (multiple choice: one; checkbox: any). */
  optionIds?: Array<number | null | undefined> | null | undefined;
  /** Text for a short-text field. */
  value?: string | null | undefined;
};

export type CartItemQuantityInput = {
  key: string | number;
  quantity: number;
};

export type ProductAttributeInput = {
  attributeName: string;
  attributeValue?: string | null | undefined;
};

export type CartFieldsFragment = { isEmpty: boolean, subtotal: string, discountTotal: string, shippingTotal: string, totalTax: string, total: string, chosenShippingMethods: Array<string>, deliveryMinimumShortfall: string | null, vatLines: Array<{ rate: number, tax: string, total: string }>, availableShippingMethods: Array<{ rates: Array<{ id: string, label: string, cost: string }> }>, appliedCoupons: Array<{ code: string, discountAmount: string }>, couponsNotApplied: Array<{ code: string, reason: string }>, appliedGiftCards: Array<{ code: string, amount: string, balance: string, reason: string | null }>, deliveryRule: { zone: string | null, minimumOrder: string, fee: string }, contents: { itemCount: number, nodes: Array<{ key: string, quantity: number, subtotal: string, total: string, vatRate: number, soldOut: boolean, addons: Array<{ fieldName: string, name: string, nameLang: string, value: string, valueLang: string | null, price: string, priceType: Types.AddonPriceTypeEnum }>, product: { node:
          | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
          | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
          | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
          | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
         } | null, variation: { node: { databaseId: number, name: string, nameLang: string }, attributes: Array<{ label: string, value: string }> } | null }> } };

export type GetCartQueryVariables = Exact<{ [key: string]: never; }>;


export type GetCartQuery = { cart: { isEmpty: boolean, subtotal: string, discountTotal: string, shippingTotal: string, totalTax: string, total: string, chosenShippingMethods: Array<string>, deliveryMinimumShortfall: string | null, vatLines: Array<{ rate: number, tax: string, total: string }>, availableShippingMethods: Array<{ rates: Array<{ id: string, label: string, cost: string }> }>, appliedCoupons: Array<{ code: string, discountAmount: string }>, couponsNotApplied: Array<{ code: string, reason: string }>, appliedGiftCards: Array<{ code: string, amount: string, balance: string, reason: string | null }>, deliveryRule: { zone: string | null, minimumOrder: string, fee: string }, contents: { itemCount: number, nodes: Array<{ key: string, quantity: number, subtotal: string, total: string, vatRate: number, soldOut: boolean, addons: Array<{ fieldName: string, name: string, nameLang: string, value: string, valueLang: string | null, price: string, priceType: Types.AddonPriceTypeEnum }>, product: { node:
            | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
            | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
            | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
            | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
           } | null, variation: { node: { databaseId: number, name: string, nameLang: string }, attributes: Array<{ label: string, value: string }> } | null }> } }, customer: { sessionToken: string | null } | null };

export type AddToCartMutationVariables = Exact<{
  input: Types.AddToCartInput;
}>;


export type AddToCartMutation = { addToCart: { cart: { isEmpty: boolean, subtotal: string, discountTotal: string, shippingTotal: string, totalTax: string, total: string, chosenShippingMethods: Array<string>, deliveryMinimumShortfall: string | null, vatLines: Array<{ rate: number, tax: string, total: string }>, availableShippingMethods: Array<{ rates: Array<{ id: string, label: string, cost: string }> }>, appliedCoupons: Array<{ code: string, discountAmount: string }>, couponsNotApplied: Array<{ code: string, reason: string }>, appliedGiftCards: Array<{ code: string, amount: string, balance: string, reason: string | null }>, deliveryRule: { zone: string | null, minimumOrder: string, fee: string }, contents: { itemCount: number, nodes: Array<{ key: string, quantity: number, subtotal: string, total: string, vatRate: number, soldOut: boolean, addons: Array<{ fieldName: string, name: string, nameLang: string, value: string, valueLang: string | null, price: string, priceType: Types.AddonPriceTypeEnum }>, product: { node:
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
             } | null, variation: { node: { databaseId: number, name: string, nameLang: string }, attributes: Array<{ label: string, value: string }> } | null }> } } } };

export type UpdateItemQuantitiesMutationVariables = Exact<{
  items: Array<Types.CartItemQuantityInput | null | undefined> | Types.CartItemQuantityInput;
}>;


export type UpdateItemQuantitiesMutation = { updateItemQuantities: { cart: { isEmpty: boolean, subtotal: string, discountTotal: string, shippingTotal: string, totalTax: string, total: string, chosenShippingMethods: Array<string>, deliveryMinimumShortfall: string | null, vatLines: Array<{ rate: number, tax: string, total: string }>, availableShippingMethods: Array<{ rates: Array<{ id: string, label: string, cost: string }> }>, appliedCoupons: Array<{ code: string, discountAmount: string }>, couponsNotApplied: Array<{ code: string, reason: string }>, appliedGiftCards: Array<{ code: string, amount: string, balance: string, reason: string | null }>, deliveryRule: { zone: string | null, minimumOrder: string, fee: string }, contents: { itemCount: number, nodes: Array<{ key: string, quantity: number, subtotal: string, total: string, vatRate: number, soldOut: boolean, addons: Array<{ fieldName: string, name: string, nameLang: string, value: string, valueLang: string | null, price: string, priceType: Types.AddonPriceTypeEnum }>, product: { node:
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
             } | null, variation: { node: { databaseId: number, name: string, nameLang: string }, attributes: Array<{ label: string, value: string }> } | null }> } } } };

export type EmptyCartMutationVariables = Exact<{ [key: string]: never; }>;


export type EmptyCartMutation = { emptyCart: { cart: { isEmpty: boolean, subtotal: string, discountTotal: string, shippingTotal: string, totalTax: string, total: string, chosenShippingMethods: Array<string>, deliveryMinimumShortfall: string | null, vatLines: Array<{ rate: number, tax: string, total: string }>, availableShippingMethods: Array<{ rates: Array<{ id: string, label: string, cost: string }> }>, appliedCoupons: Array<{ code: string, discountAmount: string }>, couponsNotApplied: Array<{ code: string, reason: string }>, appliedGiftCards: Array<{ code: string, amount: string, balance: string, reason: string | null }>, deliveryRule: { zone: string | null, minimumOrder: string, fee: string }, contents: { itemCount: number, nodes: Array<{ key: string, quantity: number, subtotal: string, total: string, vatRate: number, soldOut: boolean, addons: Array<{ fieldName: string, name: string, nameLang: string, value: string, valueLang: string | null, price: string, priceType: Types.AddonPriceTypeEnum }>, product: { node:
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
             } | null, variation: { node: { databaseId: number, name: string, nameLang: string }, attributes: Array<{ label: string, value: string }> } | null }> } } } };

export type ApplyCouponMutationVariables = Exact<{
  code: string;
}>;


export type ApplyCouponMutation = { applyCoupon: { cart: { isEmpty: boolean, subtotal: string, discountTotal: string, shippingTotal: string, totalTax: string, total: string, chosenShippingMethods: Array<string>, deliveryMinimumShortfall: string | null, vatLines: Array<{ rate: number, tax: string, total: string }>, availableShippingMethods: Array<{ rates: Array<{ id: string, label: string, cost: string }> }>, appliedCoupons: Array<{ code: string, discountAmount: string }>, couponsNotApplied: Array<{ code: string, reason: string }>, appliedGiftCards: Array<{ code: string, amount: string, balance: string, reason: string | null }>, deliveryRule: { zone: string | null, minimumOrder: string, fee: string }, contents: { itemCount: number, nodes: Array<{ key: string, quantity: number, subtotal: string, total: string, vatRate: number, soldOut: boolean, addons: Array<{ fieldName: string, name: string, nameLang: string, value: string, valueLang: string | null, price: string, priceType: Types.AddonPriceTypeEnum }>, product: { node:
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
             } | null, variation: { node: { databaseId: number, name: string, nameLang: string }, attributes: Array<{ label: string, value: string }> } | null }> } } } };

export type RemoveCouponsMutationVariables = Exact<{
  codes: Array<string | null | undefined> | string;
}>;


export type RemoveCouponsMutation = { removeCoupons: { cart: { isEmpty: boolean, subtotal: string, discountTotal: string, shippingTotal: string, totalTax: string, total: string, chosenShippingMethods: Array<string>, deliveryMinimumShortfall: string | null, vatLines: Array<{ rate: number, tax: string, total: string }>, availableShippingMethods: Array<{ rates: Array<{ id: string, label: string, cost: string }> }>, appliedCoupons: Array<{ code: string, discountAmount: string }>, couponsNotApplied: Array<{ code: string, reason: string }>, appliedGiftCards: Array<{ code: string, amount: string, balance: string, reason: string | null }>, deliveryRule: { zone: string | null, minimumOrder: string, fee: string }, contents: { itemCount: number, nodes: Array<{ key: string, quantity: number, subtotal: string, total: string, vatRate: number, soldOut: boolean, addons: Array<{ fieldName: string, name: string, nameLang: string, value: string, valueLang: string | null, price: string, priceType: Types.AddonPriceTypeEnum }>, product: { node:
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
             } | null, variation: { node: { databaseId: number, name: string, nameLang: string }, attributes: Array<{ label: string, value: string }> } | null }> } } } };

export type UpdateShippingMethodMutationVariables = Exact<{
  methods: Array<string | null | undefined> | string;
}>;


export type UpdateShippingMethodMutation = { updateShippingMethod: { cart: { isEmpty: boolean, subtotal: string, discountTotal: string, shippingTotal: string, totalTax: string, total: string, chosenShippingMethods: Array<string>, deliveryMinimumShortfall: string | null, vatLines: Array<{ rate: number, tax: string, total: string }>, availableShippingMethods: Array<{ rates: Array<{ id: string, label: string, cost: string }> }>, appliedCoupons: Array<{ code: string, discountAmount: string }>, couponsNotApplied: Array<{ code: string, reason: string }>, appliedGiftCards: Array<{ code: string, amount: string, balance: string, reason: string | null }>, deliveryRule: { zone: string | null, minimumOrder: string, fee: string }, contents: { itemCount: number, nodes: Array<{ key: string, quantity: number, subtotal: string, total: string, vatRate: number, soldOut: boolean, addons: Array<{ fieldName: string, name: string, nameLang: string, value: string, valueLang: string | null, price: string, priceType: Types.AddonPriceTypeEnum }>, product: { node:
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
             } | null, variation: { node: { databaseId: number, name: string, nameLang: string }, attributes: Array<{ label: string, value: string }> } | null }> } } } };

export type UpdateDeliveryPostcodeMutationVariables = Exact<{
  postcode: string;
}>;


export type UpdateDeliveryPostcodeMutation = { updateDeliveryPostcode: { cart: { isEmpty: boolean, subtotal: string, discountTotal: string, shippingTotal: string, totalTax: string, total: string, chosenShippingMethods: Array<string>, deliveryMinimumShortfall: string | null, vatLines: Array<{ rate: number, tax: string, total: string }>, availableShippingMethods: Array<{ rates: Array<{ id: string, label: string, cost: string }> }>, appliedCoupons: Array<{ code: string, discountAmount: string }>, couponsNotApplied: Array<{ code: string, reason: string }>, appliedGiftCards: Array<{ code: string, amount: string, balance: string, reason: string | null }>, deliveryRule: { zone: string | null, minimumOrder: string, fee: string }, contents: { itemCount: number, nodes: Array<{ key: string, quantity: number, subtotal: string, total: string, vatRate: number, soldOut: boolean, addons: Array<{ fieldName: string, name: string, nameLang: string, value: string, valueLang: string | null, price: string, priceType: Types.AddonPriceTypeEnum }>, product: { node:
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
              | { databaseId: number, name: string, slug: string, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string } | null, image: { thumbnailUrl: string | null, sourceUrl: string | null } | null }
             } | null, variation: { node: { databaseId: number, name: string, nameLang: string }, attributes: Array<{ label: string, value: string }> } | null }> } } } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const CartFieldsFragmentDoc = new TypedDocumentString(`
    fragment CartFields on Cart {
  isEmpty
  subtotal(format: RAW)
  discountTotal(format: RAW)
  shippingTotal(format: RAW)
  totalTax(format: RAW)
  total(format: RAW)
  vatLines {
    rate
    tax
    total
  }
  chosenShippingMethods
  availableShippingMethods {
    rates {
      id
      label
      cost
    }
  }
  appliedCoupons {
    code
    discountAmount(format: RAW)
  }
  couponsNotApplied {
    code
    reason
  }
  appliedGiftCards {
    code
    amount(format: RAW)
    balance(format: RAW)
    reason
  }
  deliveryMinimumShortfall
  deliveryRule {
    zone
    minimumOrder
    fee
  }
  contents {
    itemCount
    nodes {
      key
      quantity
      subtotal(format: RAW)
      total(format: RAW)
      vatRate
      soldOut
      addons {
        fieldName
        name
        nameLang
        value
        valueLang
        price
        priceType
      }
      product {
        node {
          databaseId
          name
          textLangs {
            name
          }
          slug
          ageLimit
          ownContainer
          image {
            thumbnailUrl
            sourceUrl
          }
        }
      }
      variation {
        node {
          databaseId
          name
          nameLang
        }
        attributes {
          label
          value
        }
      }
    }
  }
}
    `, {"fragmentName":"CartFields"}) as unknown as TypedDocumentString<CartFieldsFragment, unknown>;
export const GetCartDocument = new TypedDocumentString(`
    query GetCart {
  cart {
    ...CartFields
  }
  customer {
    sessionToken
  }
}
    fragment CartFields on Cart {
  isEmpty
  subtotal(format: RAW)
  discountTotal(format: RAW)
  shippingTotal(format: RAW)
  totalTax(format: RAW)
  total(format: RAW)
  vatLines {
    rate
    tax
    total
  }
  chosenShippingMethods
  availableShippingMethods {
    rates {
      id
      label
      cost
    }
  }
  appliedCoupons {
    code
    discountAmount(format: RAW)
  }
  couponsNotApplied {
    code
    reason
  }
  appliedGiftCards {
    code
    amount(format: RAW)
    balance(format: RAW)
    reason
  }
  deliveryMinimumShortfall
  deliveryRule {
    zone
    minimumOrder
    fee
  }
  contents {
    itemCount
    nodes {
      key
      quantity
      subtotal(format: RAW)
      total(format: RAW)
      vatRate
      soldOut
      addons {
        fieldName
        name
        nameLang
        value
        valueLang
        price
        priceType
      }
      product {
        node {
          databaseId
          name
          textLangs {
            name
          }
          slug
          ageLimit
          ownContainer
          image {
            thumbnailUrl
            sourceUrl
          }
        }
      }
      variation {
        node {
          databaseId
          name
          nameLang
        }
        attributes {
          label
          value
        }
      }
    }
  }
}`) as unknown as TypedDocumentString<GetCartQuery, GetCartQueryVariables>;
export const AddToCartDocument = new TypedDocumentString(`
    mutation AddToCart($input: AddToCartInput!) {
  addToCart(input: $input) {
    cart {
      ...CartFields
    }
  }
}
    fragment CartFields on Cart {
  isEmpty
  subtotal(format: RAW)
  discountTotal(format: RAW)
  shippingTotal(format: RAW)
  totalTax(format: RAW)
  total(format: RAW)
  vatLines {
    rate
    tax
    total
  }
  chosenShippingMethods
  availableShippingMethods {
    rates {
      id
      label
      cost
    }
  }
  appliedCoupons {
    code
    discountAmount(format: RAW)
  }
  couponsNotApplied {
    code
    reason
  }
  appliedGiftCards {
    code
    amount(format: RAW)
    balance(format: RAW)
    reason
  }
  deliveryMinimumShortfall
  deliveryRule {
    zone
    minimumOrder
    fee
  }
  contents {
    itemCount
    nodes {
      key
      quantity
      subtotal(format: RAW)
      total(format: RAW)
      vatRate
      soldOut
      addons {
        fieldName
        name
        nameLang
        value
        valueLang
        price
        priceType
      }
      product {
        node {
          databaseId
          name
          textLangs {
            name
          }
          slug
          ageLimit
          ownContainer
          image {
            thumbnailUrl
            sourceUrl
          }
        }
      }
      variation {
        node {
          databaseId
          name
          nameLang
        }
        attributes {
          label
          value
        }
      }
    }
  }
}`) as unknown as TypedDocumentString<AddToCartMutation, AddToCartMutationVariables>;
export const UpdateItemQuantitiesDocument = new TypedDocumentString(`
    mutation UpdateItemQuantities($items: [CartItemQuantityInput]!) {
  updateItemQuantities(input: {items: $items}) {
    cart {
      ...CartFields
    }
  }
}
    fragment CartFields on Cart {
  isEmpty
  subtotal(format: RAW)
  discountTotal(format: RAW)
  shippingTotal(format: RAW)
  totalTax(format: RAW)
  total(format: RAW)
  vatLines {
    rate
    tax
    total
  }
  chosenShippingMethods
  availableShippingMethods {
    rates {
      id
      label
      cost
    }
  }
  appliedCoupons {
    code
    discountAmount(format: RAW)
  }
  couponsNotApplied {
    code
    reason
  }
  appliedGiftCards {
    code
    amount(format: RAW)
    balance(format: RAW)
    reason
  }
  deliveryMinimumShortfall
  deliveryRule {
    zone
    minimumOrder
    fee
  }
  contents {
    itemCount
    nodes {
      key
      quantity
      subtotal(format: RAW)
      total(format: RAW)
      vatRate
      soldOut
      addons {
        fieldName
        name
        nameLang
        value
        valueLang
        price
        priceType
      }
      product {
        node {
          databaseId
          name
          textLangs {
            name
          }
          slug
          ageLimit
          ownContainer
          image {
            thumbnailUrl
            sourceUrl
          }
        }
      }
      variation {
        node {
          databaseId
          name
          nameLang
        }
        attributes {
          label
          value
        }
      }
    }
  }
}`) as unknown as TypedDocumentString<UpdateItemQuantitiesMutation, UpdateItemQuantitiesMutationVariables>;
export const EmptyCartDocument = new TypedDocumentString(`
    mutation EmptyCart {
  emptyCart(input: {clearPersistentCart: true}) {
    cart {
      ...CartFields
    }
  }
}
    fragment CartFields on Cart {
  isEmpty
  subtotal(format: RAW)
  discountTotal(format: RAW)
  shippingTotal(format: RAW)
  totalTax(format: RAW)
  total(format: RAW)
  vatLines {
    rate
    tax
    total
  }
  chosenShippingMethods
  availableShippingMethods {
    rates {
      id
      label
      cost
    }
  }
  appliedCoupons {
    code
    discountAmount(format: RAW)
  }
  couponsNotApplied {
    code
    reason
  }
  appliedGiftCards {
    code
    amount(format: RAW)
    balance(format: RAW)
    reason
  }
  deliveryMinimumShortfall
  deliveryRule {
    zone
    minimumOrder
    fee
  }
  contents {
    itemCount
    nodes {
      key
      quantity
      subtotal(format: RAW)
      total(format: RAW)
      vatRate
      soldOut
      addons {
        fieldName
        name
        nameLang
        value
        valueLang
        price
        priceType
      }
      product {
        node {
          databaseId
          name
          textLangs {
            name
          }
          slug
          ageLimit
          ownContainer
          image {
            thumbnailUrl
            sourceUrl
          }
        }
      }
      variation {
        node {
          databaseId
          name
          nameLang
        }
        attributes {
          label
          value
        }
      }
    }
  }
}`) as unknown as TypedDocumentString<EmptyCartMutation, EmptyCartMutationVariables>;
export const ApplyCouponDocument = new TypedDocumentString(`
    mutation ApplyCoupon($code: String!) {
  applyCoupon(input: {code: $code}) {
    cart {
      ...CartFields
    }
  }
}
    fragment CartFields on Cart {
  isEmpty
  subtotal(format: RAW)
  discountTotal(format: RAW)
  shippingTotal(format: RAW)
  totalTax(format: RAW)
  total(format: RAW)
  vatLines {
    rate
    tax
    total
  }
  chosenShippingMethods
  availableShippingMethods {
    rates {
      id
      label
      cost
    }
  }
  appliedCoupons {
    code
    discountAmount(format: RAW)
  }
  couponsNotApplied {
    code
    reason
  }
  appliedGiftCards {
    code
    amount(format: RAW)
    balance(format: RAW)
    reason
  }
  deliveryMinimumShortfall
  deliveryRule {
    zone
    minimumOrder
    fee
  }
  contents {
    itemCount
    nodes {
      key
      quantity
      subtotal(format: RAW)
      total(format: RAW)
      vatRate
      soldOut
      addons {
        fieldName
        name
        nameLang
        value
        valueLang
        price
        priceType
      }
      product {
        node {
          databaseId
          name
          textLangs {
            name
          }
          slug
          ageLimit
          ownContainer
          image {
            thumbnailUrl
            sourceUrl
          }
        }
      }
      variation {
        node {
          databaseId
          name
          nameLang
        }
        attributes {
          label
          value
        }
      }
    }
  }
}`) as unknown as TypedDocumentString<ApplyCouponMutation, ApplyCouponMutationVariables>;
export const RemoveCouponsDocument = new TypedDocumentString(`
    mutation RemoveCoupons($codes: [String]!) {
  removeCoupons(input: {codes: $codes}) {
    cart {
      ...CartFields
    }
  }
}
    fragment CartFields on Cart {
  isEmpty
  subtotal(format: RAW)
  discountTotal(format: RAW)
  shippingTotal(format: RAW)
  totalTax(format: RAW)
  total(format: RAW)
  vatLines {
    rate
    tax
    total
  }
  chosenShippingMethods
  availableShippingMethods {
    rates {
      id
      label
      cost
    }
  }
  appliedCoupons {
    code
    discountAmount(format: RAW)
  }
  couponsNotApplied {
    code
    reason
  }
  appliedGiftCards {
    code
    amount(format: RAW)
    balance(format: RAW)
    reason
  }
  deliveryMinimumShortfall
  deliveryRule {
    zone
    minimumOrder
    fee
  }
  contents {
    itemCount
    nodes {
      key
      quantity
      subtotal(format: RAW)
      total(format: RAW)
      vatRate
      soldOut
      addons {
        fieldName
        name
        nameLang
        value
        valueLang
        price
        priceType
      }
      product {
        node {
          databaseId
          name
          textLangs {
            name
          }
          slug
          ageLimit
          ownContainer
          image {
            thumbnailUrl
            sourceUrl
          }
        }
      }
      variation {
        node {
          databaseId
          name
          nameLang
        }
        attributes {
          label
          value
        }
      }
    }
  }
}`) as unknown as TypedDocumentString<RemoveCouponsMutation, RemoveCouponsMutationVariables>;
export const UpdateShippingMethodDocument = new TypedDocumentString(`
    mutation UpdateShippingMethod($methods: [String]!) {
  updateShippingMethod(input: {shippingMethods: $methods}) {
    cart {
      ...CartFields
    }
  }
}
    fragment CartFields on Cart {
  isEmpty
  subtotal(format: RAW)
  discountTotal(format: RAW)
  shippingTotal(format: RAW)
  totalTax(format: RAW)
  total(format: RAW)
  vatLines {
    rate
    tax
    total
  }
  chosenShippingMethods
  availableShippingMethods {
    rates {
      id
      label
      cost
    }
  }
  appliedCoupons {
    code
    discountAmount(format: RAW)
  }
  couponsNotApplied {
    code
    reason
  }
  appliedGiftCards {
    code
    amount(format: RAW)
    balance(format: RAW)
    reason
  }
  deliveryMinimumShortfall
  deliveryRule {
    zone
    minimumOrder
    fee
  }
  contents {
    itemCount
    nodes {
      key
      quantity
      subtotal(format: RAW)
      total(format: RAW)
      vatRate
      soldOut
      addons {
        fieldName
        name
        nameLang
        value
        valueLang
        price
        priceType
      }
      product {
        node {
          databaseId
          name
          textLangs {
            name
          }
          slug
          ageLimit
          ownContainer
          image {
            thumbnailUrl
            sourceUrl
          }
        }
      }
      variation {
        node {
          databaseId
          name
          nameLang
        }
        attributes {
          label
          value
        }
      }
    }
  }
}`) as unknown as TypedDocumentString<UpdateShippingMethodMutation, UpdateShippingMethodMutationVariables>;
export const UpdateDeliveryPostcodeDocument = new TypedDocumentString(`
    mutation UpdateDeliveryPostcode($postcode: String!) {
  updateDeliveryPostcode(input: {postcode: $postcode}) {
    cart {
      ...CartFields
    }
  }
}
    fragment CartFields on Cart {
  isEmpty
  subtotal(format: RAW)
  discountTotal(format: RAW)
  shippingTotal(format: RAW)
  totalTax(format: RAW)
  total(format: RAW)
  vatLines {
    rate
    tax
    total
  }
  chosenShippingMethods
  availableShippingMethods {
    rates {
      id
      label
      cost
    }
  }
  appliedCoupons {
    code
    discountAmount(format: RAW)
  }
  couponsNotApplied {
    code
    reason
  }
  appliedGiftCards {
    code
    amount(format: RAW)
    balance(format: RAW)
    reason
  }
  deliveryMinimumShortfall
  deliveryRule {
    zone
    minimumOrder
    fee
  }
  contents {
    itemCount
    nodes {
      key
      quantity
      subtotal(format: RAW)
      total(format: RAW)
      vatRate
      soldOut
      addons {
        fieldName
        name
        nameLang
        value
        valueLang
        price
        priceType
      }
      product {
        node {
          databaseId
          name
          textLangs {
            name
          }
          slug
          ageLimit
          ownContainer
          image {
            thumbnailUrl
            sourceUrl
          }
        }
      }
      variation {
        node {
          databaseId
          name
          nameLang
        }
        attributes {
          label
          value
        }
      }
    }
  }
}`) as unknown as TypedDocumentString<UpdateDeliveryPostcodeMutation, UpdateDeliveryPostcodeMutationVariables>;