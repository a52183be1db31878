import type { Lang } from '../../modules/i18n/locale.js';
import type { CatalogSnapshot } from '../../modules/catalog/snapshot.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { CartService } from '../../modules/cart/cart-service.js';
import type { PlaceOrder } from '../../modules/orders/place-order.js';
import type { RequestSession } from './session.js';
import type { AuthService } from '../../modules/auth/auth-service.js';
import type { ActiveSession, CreatedSession } from '../../modules/auth/sessions.js';
import type { Viewer } from '../http/viewer.js';
import type { AuthTokens } from '../../modules/auth/auth-tokens.js';
import type { PaymentsService } from '../../modules/payments/payments-service.js';
import type { StripePayments } from '../../modules/payments/stripe-payments.js';
import type { GatewayRegistry } from '../../modules/payments/gateways/registry.js';
import type { CustomerArrival } from '../../modules/arrival/arrival.js';
import type { OrderPushSubscriptions } from '../../modules/notifications/web-push.js';

/** The login side of a GraphQL request: who is asking, and how to start or end their cookie session. */
export interface AccountContext {
  viewer: Viewer;
  session: ActiveSession | undefined;
  /** Why the sent `Authorization: Bearer` token was not honoured (expired, bad, its login ended); the request goes on as a guest. */
  tokenProblem: string | undefined;
  /** Client address for rate limits (X-Forwarded-For only from a trusted proxy). */
  address: string;
  userAgent: string;
  /** The browser's known-device cookie (modules/auth/known-devices.ts), if any. */
  deviceCookie: string | undefined;
  startSession(session: CreatedSession): void;
  endSession(): void;
  /** Keeps the device cookie a successful login gives this browser. */
  rememberDevice(cookie: string): void;
}

export interface Services {
  db: Db;
  carts: CartService;
  /** Places orders for every channel (docs/decisions/0061-place-order-workflow.md). */
  placeOrder: PlaceOrder;
  /** "Ik kom eraan" and "Ik ben er" on the order page (docs/decisions/0082-ik-kom-eraan.md). */
  arrival: CustomerArrival;
  /** Web push subscriptions from the order page (docs/decisions/0086-order-web-push.md). */
  orderPush: OrderPushSubscriptions;
  auth: AuthService;
  authTokens: AuthTokens;
  clock: () => Date;
  /** Card payments; undefined when none are configured. */
  payments?: PaymentsService | undefined;
  /** Stripe card payments (docs/decisions/0038-stripe.md); undefined when Stripe is not configured. */
  stripe?: StripePayments | undefined;
  /** Every payment gateway: what the storefront offers (docs/decisions/0062-payment-gateways-composition-root.md). */
  gateways: GatewayRegistry;
}

export interface GraphQLContext {
  lang: Lang;
  catalog: CatalogSnapshot;
  config: Config;
  session: RequestSession;
  services: Services;
  account: AccountContext;
}
