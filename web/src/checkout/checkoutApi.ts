/** Fulfilment, slots, delivery and checkout calls (documents in checkout.graphql). */
import type { DistanceAnswer, RestErrorBody } from '@bakje/contract';
import { gql, networkProblem, type TypedDocument } from '../api/client';
import type { CountriesEnum, FulfilmentTypeEnum } from '../api/schema-types.generated';
import type { LocaleCode } from '../i18n/locale';
import type { FulfilmentType } from '../cart/cartApi';
import type { PaymentState, StartPaymentAnswer } from '@bakje/contract';
import { http } from '../api/http';
import {
  AvailableTimeSlotsDocument,
  CartForPaymentDocument,
  CheckoutContextDocument,
  CheckoutDocument,
  OrderingDaysDocument,
  PaymentGatewaysDocument,
  StripePaymentIntentDocument,
  type CheckoutContextQuery,
} from './checkout.generated';

export type CheckoutContext = CheckoutContextQuery;
export type PaymentGateway = CheckoutContextQuery['paymentGateways']['nodes'][number];

const call = <T, V>(locale: LocaleCode, document: TypedDocument<T, V>, variables?: V) => gql(document, variables, { locale, session: true });

const FULFILMENT_ENUM: Record<FulfilmentType, FulfilmentTypeEnum> = { delivery: 'DELIVERY', takeaway: 'TAKEAWAY', dinein: 'DINEIN' };

const toEnum = (type: FulfilmentType) => FULFILMENT_ENUM[type];

export function loadCheckoutContext(locale: LocaleCode) {
  return call(locale, CheckoutContextDocument);
}

/** The payment methods offered for a fulfilment type (cash and the enabled card methods). */
export function loadPaymentGateways(locale: LocaleCode, type: FulfilmentType) {
  return call(locale, PaymentGatewaysDocument, { fulfilmentType: toEnum(type) }).then((d) => d.paymentGateways.nodes);
}

/** The session's cart priced for a payment method: its transaction cost and the total with it. */
export function loadCartForPayment(locale: LocaleCode, paymentMethod: string) {
  return call(locale, CartForPaymentDocument, { paymentMethod }).then((d) => d.cart);
}
export type CartForPayment = Awaited<ReturnType<typeof loadCartForPayment>>;

export type StripeCheckoutSettings = NonNullable<CheckoutContextQuery['stripeCheckout']>;

/** A Stripe payment intent for this session's cart, at the total the server computes. */
export async function createStripeIntent(locale: LocaleCode): Promise<{ id: string; clientSecret: string }> {
  const intent = (await call(locale, StripePaymentIntentDocument)).stripePaymentIntent;
  if (!intent?.id || !intent.clientSecret) throw new Error('no payment intent');
  return { id: intent.id, clientSecret: intent.clientSecret };
}

const paymentPath = (orderId: number) => `/api/payments/orders/${orderId}`;

/** The payment state of an order, from our server (never from the provider's return URL). */
export function loadPaymentState(orderId: number, key: string, signal?: AbortSignal) {
  return http<PaymentState>('GET', `${paymentPath(orderId)}?key=${encodeURIComponent(key)}`, { signal });
}

/** Try again: starts (or resumes) the card payment; answers the payment page's address. */
export function retryCardPayment(orderId: number, key: string, gateway: string, lang: string) {
  return http<StartPaymentAnswer>('POST', `${paymentPath(orderId)}/pay`, { body: { key, gateway, lang } });
}

/** Pay cash instead: the order goes to the kitchen as a cash order. */
export function payCashInstead(orderId: number, key: string) {
  return http<PaymentState>('POST', `${paymentPath(orderId)}/cash`, { body: { key } });
}

export function loadOrderingDays(locale: LocaleCode, type: FulfilmentType) {
  return call(locale, OrderingDaysDocument, { type: toEnum(type) }).then((d) => d.orderingDays);
}

export function loadSlots(locale: LocaleCode, type: FulfilmentType, date: string) {
  return call(locale, AvailableTimeSlotsDocument, { type: toEnum(type), date }).then((d) => d.availableTimeSlots);
}

export interface DistanceResult {
  kind: 'ok' | 'tooFar' | 'incomplete' | 'failed';
  distance?: number;
  maximum?: number;
  /** The address's delivery zone (its own minimum and fee, euros as "10.00"), else null. */
  zone?: string | null;
  minimumOrder?: string;
  fee?: string;
}

/** GET /api/calculate-distance (docs/product.md §7): within range, too far, incomplete address or failure. */
export async function checkDistance(address: { address1: string; city: string; postcode: string }, signal?: AbortSignal): Promise<DistanceResult> {
  const params = new URLSearchParams({ address_1: address.address1, city: address.city, postcode: address.postcode });
  let response: Response;
  try {
    response = await fetch(`/api/calculate-distance?${params.toString()}`, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkProblem();
  }
  const body = (await response.json().catch(() => null)) as Partial<DistanceAnswer & RestErrorBody> | null;
  if (body?.code === 'INCOMPLETE_ADDRESS') return { kind: 'incomplete' };
  if (!response.ok || !body || typeof body.distance !== 'number') return { kind: 'failed' };
  return {
    kind: body.within_range ? 'ok' : 'tooFar',
    distance: body.distance,
    maximum: body.maximum_distance,
    zone: body.zone ?? null,
    minimumOrder: body.minimum_order,
    fee: body.fee,
  };
}

export interface BillingInput {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  address1: string;
  address2: string;
  postcode: string;
  city: string;
  country: string;
}

export interface ShippingAddressInput {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  postcode: string;
  city: string;
}

/** The countries the checkout offers; the schema's CountriesEnum must know each. */
const CHECKOUT_COUNTRIES = ['BE', 'NL', 'FR', 'LU', 'DE'] as const satisfies readonly CountriesEnum[];
const checkoutCountry = (code: string): CountriesEnum => CHECKOUT_COUNTRIES.find((country) => country === code) ?? 'BE';

export function placeOrder(
  locale: LocaleCode,
  input: {
    billing: BillingInput;
    fulfilment: FulfilmentType;
    slotId: string;
    paymentMethod: string;
    note: string;
    /** A guest's new account, made with the order and logged in. */
    accountPassword?: string;
    /** Another address to deliver to than the billing one (docs/product.md §2). */
    shipping?: ShippingAddressInput | null;
    /** A Stripe card payment confirmed on the page: the server checks the intent at Stripe before believing it. */
    stripeIntentId?: string;
    /** The age the customer confirmed (16 or 18): needed when the cart holds age-restricted products. */
    confirmedAge?: number;
    /** The mobile number for texts about the order (opt-in); the server checks it. */
    smsPhone?: string;
    /** "Ik breng mijn eigen pot mee" for the products whose category allows it. */
    ownContainer?: boolean;
  },
) {
  const { billing, fulfilment, slotId, paymentMethod, note, accountPassword, shipping, stripeIntentId, confirmedAge, smsPhone, ownContainer } = input;
  return call(locale, CheckoutDocument, {
    input: {
      paymentMethod,
      ...(stripeIntentId ? { isPaid: true, transactionId: stripeIntentId } : {}),
      billing: { ...billing, country: checkoutCountry(billing.country), email: billing.email.trim() || null },
      shippingMethod: [fulfilment],
      ...(shipping ? { shipToDifferentAddress: true, shipping: { ...shipping, country: checkoutCountry(billing.country) } } : {}),
      metaData: [
        { key: 'fulfilment_type', value: fulfilment },
        { key: 'time_slot', value: slotId },
      ],
      customerNote: note,
      ...(confirmedAge ? { confirmedAge } : {}),
      ...(smsPhone ? { smsPhone } : {}),
      ...(ownContainer ? { ownContainer } : {}),
      ...(accountPassword ? { account: { password: accountPassword } } : {}),
    },
  }).then((d) => d.checkout);
}
