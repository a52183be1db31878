/**
 * Every error code the server gives, with its kind. Clients (the web app imports this file) react to the
 * code, never to the message text; the message stays the English text of the error catalogue (server and web
 * import it from @bakje/contract).
 * How a kind becomes an HTTP status and a GraphQL error: docs/decisions/0010-error-model.md.
 */

export const errorKinds = ['invalid', 'not_found', 'conflict', 'forbidden', 'unauthenticated', 'unavailable', 'rate_limited'] as const;
export type ErrorKind = (typeof errorKinds)[number];

export const errorCodes = {
  // Any request whose input does not fit (route schemas, GraphQL arguments).
  INVALID_INPUT: 'invalid',

  // Signing in and permissions.
  STAFF_LOGIN_REQUIRED: 'unauthenticated',
  PERMISSION_DENIED: 'forbidden',
  LOGIN_REQUIRED: 'unauthenticated',
  INVALID_SESSION: 'unauthenticated',
  // Bearer tokens of the storefront API (docs/decisions/0037-storefront-auth-tokens.md).
  INVALID_AUTH_TOKEN: 'unauthenticated',
  INVALID_REFRESH_TOKEN: 'unauthenticated',
  LOGIN_PROVIDER_NOT_SET_UP: 'unavailable',
  STRIPE_NOT_CONFIGURED: 'unavailable',
  STRIPE_AMOUNT_MISMATCH: 'invalid',
  STRIPE_PAYMENT_NOT_VERIFIED: 'invalid',
  STRIPE_SETUP_UNSUPPORTED: 'invalid',
  STRIPE_UNAVAILABLE: 'unavailable',
  // Provider keys in the dashboard (docs/decisions/0040-provider-keys-stripe-checkout.md).
  PAYMENT_PROVIDERS_INVALID: 'invalid',
  // Customer notifications (docs/decisions/0083-order-notifications-sms.md): the dashboard's settings, the
  // checkout's SMS number, and a Twilio status callback whose signature does not match.
  NOTIFICATION_SETTINGS_INVALID: 'invalid',
  SMS_PHONE_INVALID: 'invalid',
  TWILIO_SIGNATURE_INVALID: 'forbidden',
  // Switching the shop to live mode (docs/decisions/0070-test-and-live-mode.md): something is not real yet.
  LIVE_MODE_REFUSED: 'conflict',
  TOO_MANY_ATTEMPTS: 'rate_limited',
  // Many wrong passwords for one account from elsewhere: a new device waits a little (issue 33 D3, decision 0078).
  ACCOUNT_BACKOFF: 'rate_limited',
  // Live event streams (api/events): too many from one address, or in the whole process.
  TOO_MANY_STREAMS_FROM_CLIENT: 'rate_limited',
  TOO_MANY_STREAMS: 'unavailable',
  API_KEY_REQUIRED: 'unauthenticated',
  API_KEY_REJECTED: 'unauthenticated',

  // Accounts.
  CREDENTIALS_REQUIRED: 'invalid',
  NO_ACCOUNT: 'unauthenticated',
  WRONG_PASSWORD: 'unauthenticated',
  // Changing the password of a signed-in account asks for the current one (issue 17).
  CURRENT_PASSWORD_REQUIRED: 'invalid',
  CURRENT_PASSWORD_WRONG: 'invalid',
  RESET_LINK_INVALID: 'invalid',
  EMAIL_REQUIRED: 'invalid',
  EMAIL_INVALID: 'invalid',
  EMAIL_TAKEN: 'conflict',
  USERNAME_INVALID: 'invalid',
  USERNAME_TAKEN: 'conflict',
  PASSWORD_TOO_SHORT: 'invalid',
  PASSWORD_TOO_LONG: 'invalid',
  PASSWORD_TOO_COMMON: 'invalid',
  NAME_TOO_LONG: 'invalid',
  FIELD_INVALID: 'invalid',
  UPDATE_FAILED: 'not_found',
  ALREADY_LOGGED_IN: 'conflict',
  USER_NOT_FOUND: 'not_found',

  // Cart.
  MAX_QUANTITY: 'conflict',
  INVALID_QUANTITY: 'invalid',
  FIELD_REQUIRED: 'invalid',
  INVALID_ADDON: 'invalid',
  ADDON_TOO_LONG: 'invalid',
  OUT_OF_STOCK: 'conflict',
  // "Sold out today" (modules/catalog/sold-out.ts): adding it to the cart, or a cart line at checkout.
  SOLD_OUT: 'conflict',
  NOT_ENOUGH_STOCK: 'conflict',
  NOT_PURCHASABLE: 'invalid',
  CHOOSE_VARIATION: 'invalid',
  CART_FULL: 'invalid',
  UNKNOWN_CART_LINE: 'not_found',
  UNKNOWN_SHIPPING_METHOD: 'invalid',
  FULFILMENT_REQUIRED: 'invalid',
  // Age-restricted lines without the customer's confirmation (docs/decisions/0071-age-restricted-products-staff-language.md).
  AGE_CONFIRMATION_REQUIRED: 'invalid',

  // Coupons.
  COUPON_REQUIRED: 'invalid',
  INVALID_COUPON: 'invalid',
  COUPON_EXPIRED: 'invalid',
  COUPON_USAGE_LIMIT: 'conflict',
  COUPON_MINIMUM_SPEND: 'invalid',
  COUPON_ALREADY_APPLIED: 'conflict',
  COUPON_DEFINITION_INVALID: 'invalid',
  COUPON_EXISTS: 'conflict',
  COUPON_NOT_FOUND: 'not_found',
  COUPON_NOT_APPLICABLE: 'invalid',

  // Gift cards (docs/decisions/0045-coupons-gift-cards.md).
  GIFT_CARD_NOT_FOUND: 'not_found',
  GIFT_CARD_INVALID: 'invalid',
  GIFT_CARD_EXPIRED: 'invalid',
  GIFT_CARD_INSUFFICIENT_BALANCE: 'conflict',
  GIFT_CARD_BALANCE_CHANGED: 'conflict',

  // Checkout, delivery, slots.
  CART_EMPTY: 'invalid',
  PAYMENT_METHOD_UNAVAILABLE: 'invalid',
  NOTE_TOO_LONG: 'invalid',
  BILLING_TOO_LONG: 'invalid',
  BILLING_FIRST_NAME_REQUIRED: 'invalid',
  BILLING_LAST_NAME_REQUIRED: 'invalid',
  BILLING_PHONE_REQUIRED: 'invalid',
  BILLING_PHONE_INVALID: 'invalid',
  BILLING_EMAIL_INVALID: 'invalid',
  SLOT_REQUIRED: 'invalid',
  SLOT_TAKEN: 'conflict',
  SLOT_TOO_SMALL: 'conflict',
  NO_SLOT_FREE: 'conflict',
  TIME_SLOT_NOT_FOUND: 'not_found',
  MESSAGE_NOT_FOUND: 'not_found',
  MANUAL_NOT_FOUND: 'not_found',
  TIME_SLOT_INVALID: 'invalid',
  ORDERING_CLOSED: 'unavailable',
  ORDERING_PAUSED: 'unavailable',
  DINEIN_CLOSED: 'unavailable',
  DELIVERY_UNAVAILABLE: 'unavailable',
  INCOMPLETE_ADDRESS: 'invalid',
  INVALID_POSTCODE: 'invalid',
  // The address cannot be placed (a postcode the distance table does not know): the customer's to fix.
  DISTANCE_FAILED: 'invalid',
  DELIVERY_TOO_FAR: 'invalid',
  DELIVERY_BELOW_MINIMUM: 'invalid',

  // Reviews and wishlist.
  REVIEW_INVALID: 'invalid',
  REVIEW_RATING_INVALID: 'invalid',
  REVIEW_NOT_ALLOWED: 'invalid',
  REVIEW_EXISTS: 'conflict',
  REVIEW_NOT_FOUND: 'not_found',
  WISHLIST_NOT_ALLOWED: 'invalid',
  NOT_ON_WISHLIST: 'not_found',

  // Orders and the kitchen.
  ORDER_NOT_FOUND: 'not_found',
  CUSTOMER_NOT_FOUND: 'not_found',
  // Customer records and privacy rights (docs/decisions/0046-customers-privacy.md).
  CUSTOMER_INVALID: 'invalid',
  CUSTOMER_EMAIL_TAKEN: 'conflict',
  CUSTOMER_NOTE_INVALID: 'invalid',
  ERASURE_REQUEST_NOT_FOUND: 'not_found',
  ERASURE_NOT_ALLOWED: 'forbidden',
  ORDER_STATUS_CHANGE_INVALID: 'invalid',
  // Refunds of card orders (docs/decisions/0039-refunds.md).
  REFUND_NOT_CARD: 'invalid',
  REFUND_NOT_PAID: 'conflict',
  REFUND_TOO_MUCH: 'conflict',
  REFUND_KEY_REUSED: 'conflict',
  REFUND_PROVIDER_FAILED: 'unavailable',
  ORDER_ACTION_REFUSED: 'conflict',
  /**
   * "Ik kom eraan" / "Ik ben er" on an order that cannot take it (docs/decisions/0082-ik-kom-eraan.md):
   * details.reason is 'not-takeaway' or 'closed' (ready, collected or ended).
   */
  ARRIVAL_REFUSED: 'conflict',

  // The self-order kiosk (contract/src/kiosk.ts).
  KIOSK_NOT_FOUND: 'not_found',
  /** The page's device cookie is missing, unknown or was unpaired: the kiosk shows its pairing screen. */
  KIOSK_NOT_PAIRED: 'unauthenticated',
  PAIRING_CODE_INVALID: 'invalid',
  /** A fulfilment type or payment method this kiosk does not offer. */
  KIOSK_OPTION_UNAVAILABLE: 'invalid',
  KIOSK_PAYMENT_REFUSED: 'conflict',
  COUNTER_PAYMENT_REFUSED: 'conflict',

  // Kitchen stations (docs/decisions/0069-kitchen-stations.md).
  STATION_NOT_FOUND: 'not_found',
  /** A station's name or assignment that does not fit (details.params names the field). */
  STATION_INVALID: 'invalid',
  /** A preparation time for a category or product that does not exist (details.params names the field). */
  PREP_TIMES_INVALID: 'invalid',

  // Background jobs (the dashboard's jobs page).
  JOB_NOT_FOUND: 'not_found',
  JOB_NOT_RETRYABLE: 'conflict',

  // Catalogue.
  PRODUCT_NOT_FOUND: 'not_found',
  VARIATION_NOT_FOUND: 'not_found',
  ADDON_OPTION_NOT_FOUND: 'not_found',
  PRODUCT_UPDATE_INVALID: 'invalid',
  CATEGORY_NOT_FOUND: 'not_found',
  // Catalogue writes (store REST API): a field that does not fit names itself in details.params.
  PRODUCT_INVALID: 'invalid',
  PRODUCT_SKU_TAKEN: 'invalid',
  PRODUCT_SLUG_TAKEN: 'invalid',
  PRODUCT_CHANGED: 'conflict',
  TOO_MANY_VARIATIONS: 'invalid',
  BATCH_TOO_LARGE: 'invalid',

  // Media (uploaded images).
  MEDIA_FILE_INVALID: 'invalid',
  MEDIA_NOT_FOUND: 'not_found',
  // Categories, attributes and terms, allergens, global add-ons (details.params names the field).
  TAXONOMY_INVALID: 'invalid',
  SLUG_TAKEN: 'invalid',
  DELETE_NOT_FORCED: 'invalid',
  // The default category (slug uncategorized) takes products left without one; it stays.
  DEFAULT_CATEGORY_UNDELETABLE: 'invalid',
  ATTRIBUTE_NOT_FOUND: 'not_found',
  TERM_NOT_FOUND: 'not_found',
  TAG_NOT_FOUND: 'not_found',
  ALLERGEN_NOT_FOUND: 'not_found',
  GLOBAL_ADDON_NOT_FOUND: 'not_found',

  // API keys.
  API_KEY_SCOPE_INVALID: 'invalid',
  API_KEY_DESCRIPTION_INVALID: 'invalid',
  API_KEY_NOT_FOUND: 'not_found',

  // Printing.
  PRINT_SETTINGS_INVALID: 'invalid',
  PRINTER_NOT_CONFIGURED: 'conflict',
  PRINT_FAILED: 'unavailable',
  VIRTUAL_PRINTER_OFF: 'not_found',

  // Point-of-sale sync.
  POS_SETTINGS_INVALID: 'invalid',
  POS_SYNC_OFF: 'conflict',

  // Menu import.
  MENU_IMPORT_NOT_FOUND: 'not_found',
  MENU_IMPORT_NOT_PENDING: 'conflict',
  MENU_IMPORT_HAS_PROBLEMS: 'conflict',
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof errorCodes;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}
