/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../api/schema-types.generated';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AddonPriceTypeEnum =
  | 'FLAT_FEE'
  | 'PERCENTAGE_BASED'
  | 'QUANTITY_BASED';

export type AnnounceArrivalInput = {
  clientMutationId?: string | null | undefined;
  minutes: number;
  orderId: number;
  /** The order's key (from its link); not needed in the session or account that placed it. */
  orderKey?: string | null | undefined;
};

export type AnnounceAtDoorInput = {
  clientMutationId?: string | null | undefined;
  orderId: number;
  orderKey?: string | null | undefined;
  spot?: string | null | undefined;
};

export type CheckoutInput = {
  account?: CreateAccountInput | null | undefined;
  billing?: CustomerAddressInput | null | undefined;
  clientMutationId?: string | null | undefined;
  /** Bakje: the age the customer confirmed being at least (16 or 18); an order with age-restricted products needs it. */
  confirmedAge?: number | null | undefined;
  createdVia?: string | null | undefined;
  customerNote?: string | null | undefined;
  isPaid?: boolean | null | undefined;
  metaData?: Array<MetaDataInput | null | undefined> | null | undefined;
  /** Bakje: "Ik breng mijn eigen pot mee": kept on the lines whose category allows it. */
  ownContainer?: boolean | null | undefined;
  paymentMethod?: string | null | undefined;
  shipToDifferentAddress?: boolean | null | undefined;
  shipping?: CustomerAddressInput | null | undefined;
  shippingMethod?: Array<string | null | undefined> | null | undefined;
  /** Bakje: a mobile number (international, or Belgian without a country code) for texts about the order; empty: none. A wrong one answers SMS_PHONE_INVALID. */
  smsPhone?: string | null | undefined;
  transactionId?: string | null | undefined;
};

export type CountriesEnum =
  | 'BE'
  | 'DE'
  | 'FR'
  | 'GB'
  | 'IE'
  | 'LU'
  | 'NL';

export type CreateAccountInput = {
  email?: string | null | undefined;
  password: string;
  username?: string | null | undefined;
};

export type CustomerAddressInput = {
  address1?: string | null | undefined;
  address2?: string | null | undefined;
  city?: string | null | undefined;
  company?: string | null | undefined;
  country?: CountriesEnum | null | undefined;
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  overwrite?: boolean | null | undefined;
  phone?: string | null | undefined;
  postcode?: string | null | undefined;
  state?: string | null | undefined;
};

export type FulfilmentTypeEnum =
  | 'DELIVERY'
  | 'DINEIN'
  | 'TAKEAWAY';

export type MetaDataInput = {
  key: string;
  value: string;
};

/** Bakje: PAID; CASH to pay in cash at handover; COUNTER to pay at the counter; AWAITING a card payment not confirmed yet. */
export type OrderPaymentStateEnum =
  | 'AWAITING'
  | 'CASH'
  | 'COUNTER'
  | 'PAID';

export type OrderStatusEnum =
  | 'CANCELLED'
  | 'CHECKOUT_DRAFT'
  | 'COMPLETED'
  | 'FAILED'
  | 'ON_HOLD'
  | 'PENDING'
  | 'PROCESSING'
  | 'REFUNDED';

/** OPEN: a slot time is free; FULL: every time left is fully booked; ENDED: today, every slot time has passed (ordering for today has ended); NO_SLOTS: no slot times that day; CLOSED: the shop takes no orders that day. */
export type OrderingDayState =
  | 'CLOSED'
  | 'ENDED'
  | 'FULL'
  | 'NO_SLOTS'
  | 'OPEN';

export type SlotCapacityModeEnum =
  | 'AMOUNT'
  | 'ITEMS'
  | 'ORDERS';

export type SubscribeOrderPushInput = {
  /** The browser's authentication secret (base64url). */
  auth: string;
  clientMutationId?: string | null | undefined;
  /** The push service's endpoint (an https URL). */
  endpoint: string;
  orderId: number;
  /** The order's key (from its link); not needed in the session or account that placed it. */
  orderKey?: string | null | undefined;
  /** The browser's P-256 public key (base64url). */
  p256dh: string;
};

export type CheckoutContextQueryVariables = Exact<{ [key: string]: never; }>;


export type CheckoutContextQuery = { smsNotifications: boolean, openingStatus: { isOpen: boolean, orderingPossible: boolean, paused: boolean, pausedUntil: string | null, message: string | null, openNow: { dinein: boolean }, week: Array<{ weekday: number, periods: Array<{ open: string, close: string }> }> }, deliverySettings: { enabled: boolean, minimumOrder: string, maximumDistanceKm: number, fee: string }, paymentGateways: { nodes: Array<{ id: string, title: string, description: string | null, icon: string | null, isMultisafepay: boolean | null }> }, stripeCheckout: { publishableKey: string, jsUrl: string } | null };

export type StripePaymentIntentQueryVariables = Exact<{ [key: string]: never; }>;


export type StripePaymentIntentQuery = { stripePaymentIntent: { id: string | null, clientSecret: string | null } | null };

export type PaymentGatewaysQueryVariables = Exact<{
  fulfilmentType?: Types.FulfilmentTypeEnum | null | undefined;
}>;


export type PaymentGatewaysQuery = { paymentGateways: { nodes: Array<{ id: string, title: string, description: string | null, icon: string | null, isMultisafepay: boolean | null }> } };

export type CartForPaymentQueryVariables = Exact<{
  paymentMethod: string;
}>;


export type CartForPaymentQuery = { cart: { total: string, cashRounding: string, vatLines: Array<{ rate: number, tax: string, total: string }>, fees: Array<{ id: string, name: string, total: string | null }> } };

export type OrderingDaysQueryVariables = Exact<{
  type: Types.FulfilmentTypeEnum;
}>;


export type OrderingDaysQuery = { orderingDays: Array<{ date: string, label: string, hasSlots: boolean, state: Types.OrderingDayState }> };

export type AvailableTimeSlotsQueryVariables = Exact<{
  type: Types.FulfilmentTypeEnum;
  date: string;
}>;


export type AvailableTimeSlotsQuery = { availableTimeSlots: Array<{ id: string, start: string, end: string, remaining: number, capacityMode: Types.SlotCapacityModeEnum, isFullyBooked: boolean, message: string | null }> };

export type CheckoutMutationVariables = Exact<{
  input: Types.CheckoutInput;
}>;


export type CheckoutMutation = { checkout: { result: string, redirect: string | null, paymentError: string | null, order: { databaseId: number, orderKey: string } } };

export type OrderSummaryQueryVariables = Exact<{
  id: string | number;
  key?: string | null | undefined;
}>;


export type OrderSummaryQuery = { order: { databaseId: number, orderNumber: string, status: Types.OrderStatusEnum, date: string, total: string, subtotal: string, discountTotal: string, shippingTotal: string, paymentMethodTitle: string, kitchenNotes: Array<string>, pickupNumber: number, fulfilmentType: string, asap: boolean, delayMinutes: number, paymentState: Types.OrderPaymentStateEnum, couponLines: Array<string>, cashRounding: string, distanceKm: string | null, vatLines: Array<{ rate: number, tax: string, total: string }>, timeSlot: { start: string, end: string } | null, arrival: { open: boolean, choices: Array<number>, defaultMinutes: number, awaited: boolean, arriveAt: string | null, arrivedAt: string | null, spot: string | null } | null, giftCards: Array<{ code: string, amount: string }>, transactionCost: { name: string, total: string } | null, billing: { firstName: string | null, lastName: string | null, address1: string | null, postcode: string | null, city: string | null }, shipping: { firstName: string | null, lastName: string | null, address1: string | null, address2: string | null, postcode: string | null, city: string | null }, lineItems: { nodes: Array<{ databaseId: number, name: string, nameLang: string, quantity: number, subtotal: string, total: string, addons: Array<{ name: string, nameLang: string, value: string, valueLang: string | null, price: string, priceType: Types.AddonPriceTypeEnum }> }> } } | null };

export type OrderArrivalFieldsFragment = { open: boolean, choices: Array<number>, defaultMinutes: number, awaited: boolean, arriveAt: string | null, arrivedAt: string | null, spot: string | null };

export type AnnounceArrivalMutationVariables = Exact<{
  input: Types.AnnounceArrivalInput;
}>;


export type AnnounceArrivalMutation = { announceArrival: { order: { arrival: { open: boolean, choices: Array<number>, defaultMinutes: number, awaited: boolean, arriveAt: string | null, arrivedAt: string | null, spot: string | null } | null } } };

export type AnnounceAtDoorMutationVariables = Exact<{
  input: Types.AnnounceAtDoorInput;
}>;


export type AnnounceAtDoorMutation = { announceAtDoor: { order: { arrival: { open: boolean, choices: Array<number>, defaultMinutes: number, awaited: boolean, arriveAt: string | null, arrivedAt: string | null, spot: string | null } | null } } };

export type WebPushPublicKeyQueryVariables = Exact<{ [key: string]: never; }>;


export type WebPushPublicKeyQuery = { webPushPublicKey: string };

export type SubscribeOrderPushMutationVariables = Exact<{
  input: Types.SubscribeOrderPushInput;
}>;


export type SubscribeOrderPushMutation = { subscribeOrderPush: { subscribed: boolean } };

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
export const OrderArrivalFieldsFragmentDoc = new TypedDocumentString(`
    fragment OrderArrivalFields on OrderArrival {
  open
  choices
  defaultMinutes
  awaited
  arriveAt
  arrivedAt
  spot
}
    `, {"fragmentName":"OrderArrivalFields"}) as unknown as TypedDocumentString<OrderArrivalFieldsFragment, unknown>;
export const CheckoutContextDocument = new TypedDocumentString(`
    query CheckoutContext {
  openingStatus {
    isOpen
    openNow {
      dinein
    }
    orderingPossible
    paused
    pausedUntil
    message
    week {
      weekday
      periods {
        open
        close
      }
    }
  }
  deliverySettings {
    enabled
    minimumOrder
    maximumDistanceKm
    fee
  }
  paymentGateways {
    nodes {
      id
      title
      description
      icon
      isMultisafepay
    }
  }
  stripeCheckout {
    publishableKey
    jsUrl
  }
  smsNotifications
}
    `) as unknown as TypedDocumentString<CheckoutContextQuery, CheckoutContextQueryVariables>;
export const StripePaymentIntentDocument = new TypedDocumentString(`
    query StripePaymentIntent {
  stripePaymentIntent {
    id
    clientSecret
  }
}
    `) as unknown as TypedDocumentString<StripePaymentIntentQuery, StripePaymentIntentQueryVariables>;
export const PaymentGatewaysDocument = new TypedDocumentString(`
    query PaymentGateways($fulfilmentType: FulfilmentTypeEnum) {
  paymentGateways(fulfilmentType: $fulfilmentType, channel: "web") {
    nodes {
      id
      title
      description
      icon
      isMultisafepay
    }
  }
}
    `) as unknown as TypedDocumentString<PaymentGatewaysQuery, PaymentGatewaysQueryVariables>;
export const CartForPaymentDocument = new TypedDocumentString(`
    query CartForPayment($paymentMethod: String!) {
  cart(paymentMethod: $paymentMethod) {
    total(format: RAW)
    cashRounding(format: RAW)
    vatLines {
      rate
      tax
      total
    }
    fees {
      id
      name
      total(format: RAW)
    }
  }
}
    `) as unknown as TypedDocumentString<CartForPaymentQuery, CartForPaymentQueryVariables>;
export const OrderingDaysDocument = new TypedDocumentString(`
    query OrderingDays($type: FulfilmentTypeEnum!) {
  orderingDays(type: $type) {
    date
    label
    hasSlots
    state
  }
}
    `) as unknown as TypedDocumentString<OrderingDaysQuery, OrderingDaysQueryVariables>;
export const AvailableTimeSlotsDocument = new TypedDocumentString(`
    query AvailableTimeSlots($type: FulfilmentTypeEnum!, $date: String!) {
  availableTimeSlots(type: $type, date: $date) {
    id
    start
    end
    remaining
    capacityMode
    isFullyBooked
    message
  }
}
    `) as unknown as TypedDocumentString<AvailableTimeSlotsQuery, AvailableTimeSlotsQueryVariables>;
export const CheckoutDocument = new TypedDocumentString(`
    mutation Checkout($input: CheckoutInput!) {
  checkout(input: $input) {
    result
    redirect
    paymentError
    order {
      databaseId
      orderKey
    }
  }
}
    `) as unknown as TypedDocumentString<CheckoutMutation, CheckoutMutationVariables>;
export const OrderSummaryDocument = new TypedDocumentString(`
    query OrderSummary($id: ID!, $key: String) {
  order(id: $id, idType: DATABASE_ID, orderKey: $key) {
    databaseId
    orderNumber
    status
    date
    total(format: RAW)
    subtotal(format: RAW)
    discountTotal(format: RAW)
    shippingTotal(format: RAW)
    vatLines {
      rate
      tax
      total
    }
    paymentMethodTitle
    kitchenNotes
    pickupNumber
    fulfilmentType
    timeSlot {
      start
      end
    }
    asap
    delayMinutes
    paymentState
    arrival {
      ...OrderArrivalFields
    }
    couponLines
    giftCards {
      code
      amount(format: RAW)
    }
    transactionCost {
      name
      total(format: RAW)
    }
    cashRounding(format: RAW)
    distanceKm
    billing {
      firstName
      lastName
      address1
      postcode
      city
    }
    shipping {
      firstName
      lastName
      address1
      address2
      postcode
      city
    }
    lineItems {
      nodes {
        databaseId
        name
        nameLang
        quantity
        subtotal
        total
        addons {
          name
          nameLang
          value
          valueLang
          price
          priceType
        }
      }
    }
  }
}
    fragment OrderArrivalFields on OrderArrival {
  open
  choices
  defaultMinutes
  awaited
  arriveAt
  arrivedAt
  spot
}`) as unknown as TypedDocumentString<OrderSummaryQuery, OrderSummaryQueryVariables>;
export const AnnounceArrivalDocument = new TypedDocumentString(`
    mutation AnnounceArrival($input: AnnounceArrivalInput!) {
  announceArrival(input: $input) {
    order {
      arrival {
        ...OrderArrivalFields
      }
    }
  }
}
    fragment OrderArrivalFields on OrderArrival {
  open
  choices
  defaultMinutes
  awaited
  arriveAt
  arrivedAt
  spot
}`) as unknown as TypedDocumentString<AnnounceArrivalMutation, AnnounceArrivalMutationVariables>;
export const AnnounceAtDoorDocument = new TypedDocumentString(`
    mutation AnnounceAtDoor($input: AnnounceAtDoorInput!) {
  announceAtDoor(input: $input) {
    order {
      arrival {
        ...OrderArrivalFields
      }
    }
  }
}
    fragment OrderArrivalFields on OrderArrival {
  open
  choices
  defaultMinutes
  awaited
  arriveAt
  arrivedAt
  spot
}`) as unknown as TypedDocumentString<AnnounceAtDoorMutation, AnnounceAtDoorMutationVariables>;
export const WebPushPublicKeyDocument = new TypedDocumentString(`
    query WebPushPublicKey {
  webPushPublicKey
}
    `) as unknown as TypedDocumentString<WebPushPublicKeyQuery, WebPushPublicKeyQueryVariables>;
export const SubscribeOrderPushDocument = new TypedDocumentString(`
    mutation SubscribeOrderPush($input: SubscribeOrderPushInput!) {
  subscribeOrderPush(input: $input) {
    subscribed
  }
}
    `) as unknown as TypedDocumentString<SubscribeOrderPushMutation, SubscribeOrderPushMutationVariables>;