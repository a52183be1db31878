export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** Taxonomies: product categories plus every global attribute (pa_*). Values are lower case slugs, e.g. PRODUCT_CAT, PA_FORMAAT. */
  TaxonomyEnum: { input: string; output: string; }
};

export type AddToCartInput = {
  addons?: InputMaybe<Array<InputMaybe<CartAddonInput>>>;
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** JSON: {"addons": [CartAddonInput...]} (alternative to addons). */
  extraData?: InputMaybe<Scalars['String']['input']>;
  productId: Scalars['Int']['input'];
  quantity?: InputMaybe<Scalars['Int']['input']>;
  variation?: InputMaybe<Array<InputMaybe<ProductAttributeInput>>>;
  variationId?: InputMaybe<Scalars['Int']['input']>;
};

export type AddonFieldTypeEnum =
  | 'CHECKBOX'
  | 'CUSTOM_TEXT'
  | 'HEADING'
  | 'MULTIPLE_CHOICE';

export type AddonPriceTypeEnum =
  | 'FLAT_FEE'
  | 'PERCENTAGE_BASED'
  | 'QUANTITY_BASED';

export type AnnounceArrivalInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  minutes: Scalars['Int']['input'];
  orderId: Scalars['Int']['input'];
  /** The order's key (from its link); not needed in the session or account that placed it. */
  orderKey?: InputMaybe<Scalars['String']['input']>;
};

export type AnnounceAtDoorInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  orderId: Scalars['Int']['input'];
  orderKey?: InputMaybe<Scalars['String']['input']>;
  spot?: InputMaybe<Scalars['String']['input']>;
};

export type ApplyCouponInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  code: Scalars['String']['input'];
};

export type CartAddonInput = {
  /** The add-on's fieldName (addon-<id>). */
  fieldName: Scalars['String']['input'];
  /** Chosen option ids (multiple choice: one; checkbox: any). */
  optionIds?: InputMaybe<Array<InputMaybe<Scalars['Int']['input']>>>;
  /** Text for a short-text field. */
  value?: InputMaybe<Scalars['String']['input']>;
};

export type CartItemQuantityInput = {
  key: Scalars['ID']['input'];
  quantity: Scalars['Int']['input'];
};

export type CatalogVisibilityEnum =
  | 'CATALOG'
  | 'HIDDEN'
  | 'SEARCH'
  | 'VISIBLE';

export type CheckoutInput = {
  account?: InputMaybe<CreateAccountInput>;
  billing?: InputMaybe<CustomerAddressInput>;
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** Bakje: the age the customer confirmed being at least (16 or 18); an order with age-restricted products needs it. */
  confirmedAge?: InputMaybe<Scalars['Int']['input']>;
  createdVia?: InputMaybe<Scalars['String']['input']>;
  customerNote?: InputMaybe<Scalars['String']['input']>;
  isPaid?: InputMaybe<Scalars['Boolean']['input']>;
  metaData?: InputMaybe<Array<InputMaybe<MetaDataInput>>>;
  /** Bakje: "Ik breng mijn eigen pot mee": kept on the lines whose category allows it. */
  ownContainer?: InputMaybe<Scalars['Boolean']['input']>;
  paymentMethod?: InputMaybe<Scalars['String']['input']>;
  shipToDifferentAddress?: InputMaybe<Scalars['Boolean']['input']>;
  shipping?: InputMaybe<CustomerAddressInput>;
  shippingMethod?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  /** Bakje: a mobile number (international, or Belgian without a country code) for texts about the order; empty: none. A wrong one answers SMS_PHONE_INVALID. */
  smsPhone?: InputMaybe<Scalars['String']['input']>;
  transactionId?: InputMaybe<Scalars['String']['input']>;
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
  email?: InputMaybe<Scalars['String']['input']>;
  password: Scalars['String']['input'];
  username?: InputMaybe<Scalars['String']['input']>;
};

export type CustomerAddressInput = {
  address1?: InputMaybe<Scalars['String']['input']>;
  address2?: InputMaybe<Scalars['String']['input']>;
  city?: InputMaybe<Scalars['String']['input']>;
  company?: InputMaybe<Scalars['String']['input']>;
  country?: InputMaybe<CountriesEnum>;
  email?: InputMaybe<Scalars['String']['input']>;
  firstName?: InputMaybe<Scalars['String']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  overwrite?: InputMaybe<Scalars['Boolean']['input']>;
  phone?: InputMaybe<Scalars['String']['input']>;
  postcode?: InputMaybe<Scalars['String']['input']>;
  state?: InputMaybe<Scalars['String']['input']>;
};

export type CustomerToOrderConnectionWhereArgs = {
  orderby?: InputMaybe<Array<InputMaybe<OrdersOrderbyInput>>>;
  /** Only orders with a line of this product (or variation). */
  productId?: InputMaybe<Scalars['Int']['input']>;
  /** Order number, or a word of a line's name. */
  search?: InputMaybe<Scalars['String']['input']>;
  /** Only orders in these statuses. */
  statuses?: InputMaybe<Array<InputMaybe<OrderStatusEnum>>>;
};

export type EmptyCartInput = {
  clearPersistentCart?: InputMaybe<Scalars['Boolean']['input']>;
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
};

export type FulfilmentTypeEnum =
  | 'DELIVERY'
  | 'DINEIN'
  | 'TAKEAWAY';

export type GlobalProductAttributeToTermNodeConnectionWhereArgs = {
  order?: InputMaybe<OrderEnum>;
  orderby?: InputMaybe<TermObjectsConnectionOrderbyEnum>;
};

export type LanguageCodeEnum =
  | 'EN_US'
  | 'FR_FR'
  | 'NL_BE';

export type LoginCredentialsInput = {
  password: Scalars['String']['input'];
  username: Scalars['String']['input'];
};

export type LoginInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  credentials?: InputMaybe<LoginCredentialsInput>;
  oauthResponse?: InputMaybe<OAuthProviderResponseInput>;
  password?: InputMaybe<Scalars['String']['input']>;
  provider?: InputMaybe<LoginProviderEnum>;
  /** Keep the login for 30 days instead of the browser session (default true, as the storefront asks). */
  rememberMe?: InputMaybe<Scalars['Boolean']['input']>;
  username?: InputMaybe<Scalars['String']['input']>;
};

/** WPGraphQL headless login providers; only PASSWORD is set up, the others answer LOGIN_PROVIDER_NOT_SET_UP. */
export type LoginProviderEnum =
  | 'FACEBOOK'
  | 'GITHUB'
  | 'GOOGLE'
  | 'INSTAGRAM'
  | 'LINKEDIN'
  | 'OAUTH2_GENERIC'
  | 'PASSWORD'
  | 'SITETOKEN';

export type LogoutInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** Bakje: also end every other session of this account (lost phone, shared computer). */
  everywhere?: InputMaybe<Scalars['Boolean']['input']>;
};

export type MediaItemSizeEnum =
  | 'FULL'
  | 'LARGE'
  | 'MEDIUM'
  | 'MEDIUM_LARGE'
  | 'THUMBNAIL'
  | 'WOOCOMMERCE_GALLERY_THUMBNAIL'
  | 'WOOCOMMERCE_SINGLE'
  | 'WOOCOMMERCE_THUMBNAIL';

export type MessageLevelEnum =
  | 'INFO'
  | 'WARNING';

export type MessageSurfaceEnum =
  | 'KIOSK'
  | 'MENU_BOARDS'
  | 'SHOP'
  | 'STATUS_SCREEN';

export type MetaDataInput = {
  key: Scalars['String']['input'];
  value: Scalars['String']['input'];
};

/** What a social login provider answered (the authorization code and state). */
export type OAuthProviderResponseInput = {
  code: Scalars['String']['input'];
  state?: InputMaybe<Scalars['String']['input']>;
};

export type OrderEnum =
  | 'ASC'
  | 'DESC';

export type OrderIdTypeEnum =
  | 'DATABASE_ID'
  | 'ID'
  | 'ORDER_KEY'
  | 'ORDER_NUMBER';

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

export type OrdersOrderByEnum =
  | 'DATABASE_ID'
  | 'DATE'
  | 'DATE_PAID'
  | 'ORDER_KEY'
  | 'TOTAL';

export type OrdersOrderbyInput = {
  field: OrdersOrderByEnum;
  order?: InputMaybe<OrderEnum>;
};

/** WPGraphQL: how a text field is given: RENDERED is HTML to put in a page as it is (the default), RAW the text as stored. */
export type PostObjectFieldFormatEnum =
  | 'RAW'
  | 'RENDERED';

export type PricingFieldFormatEnum =
  | 'FORMATTED'
  | 'RAW';

export type ProductAttributeInput = {
  attributeName: Scalars['String']['input'];
  attributeValue?: InputMaybe<Scalars['String']['input']>;
};

export type ProductCategoryIdType =
  | 'DATABASE_ID'
  | 'ID'
  | 'SLUG';

export type ProductIdTypeEnum =
  | 'DATABASE_ID'
  | 'ID'
  | 'SKU'
  | 'SLUG';

export type ProductTypesEnum =
  | 'EXTERNAL'
  | 'GROUPED'
  | 'SIMPLE'
  | 'VARIABLE'
  | 'VARIATION';

/** POPULARITY orders by units sold, as TOTAL_SALES does. */
export type ProductsOrderByEnum =
  | 'DATE'
  | 'MENU_ORDER'
  | 'NAME'
  | 'POPULARITY'
  | 'PRICE'
  | 'RATING'
  | 'REGULAR_PRICE'
  | 'SALE_PRICE'
  | 'SLUG'
  | 'TOTAL_SALES';

export type ProductsOrderbyInput = {
  field: ProductsOrderByEnum;
  order?: InputMaybe<OrderEnum>;
};

export type RefreshJwtAuthTokenInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  jwtRefreshToken: Scalars['String']['input'];
};

export type RegisterCustomerInput = {
  billing?: InputMaybe<CustomerAddressInput>;
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  email: Scalars['String']['input'];
  firstName?: InputMaybe<Scalars['String']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  password: Scalars['String']['input'];
  shipping?: InputMaybe<CustomerAddressInput>;
  shippingSameAsBilling?: InputMaybe<Scalars['Boolean']['input']>;
  username?: InputMaybe<Scalars['String']['input']>;
};

export type RemoveCouponsInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  codes: Array<InputMaybe<Scalars['String']['input']>>;
};

export type ResetUserPasswordInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  key: Scalars['String']['input'];
  login: Scalars['String']['input'];
  password: Scalars['String']['input'];
};

export type RootQueryToProductCategoryConnectionWhereArgs = {
  hideEmpty?: InputMaybe<Scalars['Boolean']['input']>;
  order?: InputMaybe<OrderEnum>;
  orderby?: InputMaybe<TermObjectsConnectionOrderbyEnum>;
  search?: InputMaybe<Scalars['String']['input']>;
  slug?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
};

export type RootQueryToProductConnectionWhereArgs = {
  category?: InputMaybe<Scalars['String']['input']>;
  categoryIn?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  exclude?: InputMaybe<Array<InputMaybe<Scalars['Int']['input']>>>;
  featured?: InputMaybe<Scalars['Boolean']['input']>;
  include?: InputMaybe<Array<InputMaybe<Scalars['Int']['input']>>>;
  maxPrice?: InputMaybe<Scalars['Float']['input']>;
  minPrice?: InputMaybe<Scalars['Float']['input']>;
  onSale?: InputMaybe<Scalars['Boolean']['input']>;
  orderby?: InputMaybe<Array<InputMaybe<ProductsOrderbyInput>>>;
  search?: InputMaybe<Scalars['String']['input']>;
  slugIn?: InputMaybe<Array<InputMaybe<Scalars['String']['input']>>>;
  status?: InputMaybe<Scalars['String']['input']>;
  stockStatus?: InputMaybe<Array<InputMaybe<StockStatusEnum>>>;
  type?: InputMaybe<ProductTypesEnum>;
  typeIn?: InputMaybe<Array<InputMaybe<ProductTypesEnum>>>;
  typeNotIn?: InputMaybe<Array<InputMaybe<ProductTypesEnum>>>;
  visibility?: InputMaybe<CatalogVisibilityEnum>;
};

export type RootQueryToTermNodeConnectionWhereArgs = {
  hideEmpty?: InputMaybe<Scalars['Boolean']['input']>;
  taxonomies: Array<InputMaybe<Scalars['TaxonomyEnum']['input']>>;
};

export type SendPasswordResetEmailInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  username: Scalars['String']['input'];
};

export type SlotCapacityModeEnum =
  | 'AMOUNT'
  | 'ITEMS'
  | 'ORDERS';

export type StockStatusEnum =
  | 'IN_STOCK'
  | 'ON_BACKORDER'
  | 'OUT_OF_STOCK';

export type StripePaymentMethodEnum =
  | 'PAYMENT'
  | 'SETUP';

export type SubscribeOrderPushInput = {
  /** The browser's authentication secret (base64url). */
  auth: Scalars['String']['input'];
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** The push service's endpoint (an https URL). */
  endpoint: Scalars['String']['input'];
  orderId: Scalars['Int']['input'];
  /** The order's key (from its link); not needed in the session or account that placed it. */
  orderKey?: InputMaybe<Scalars['String']['input']>;
  /** The browser's P-256 public key (base64url). */
  p256dh: Scalars['String']['input'];
};

export type TaxStatusEnum =
  | 'NONE'
  | 'SHIPPING'
  | 'TAXABLE';

export type TermObjectsConnectionOrderbyEnum =
  | 'COUNT'
  | 'NAME'
  | 'SLUG'
  | 'TERM_ID'
  | 'TERM_ORDER';

export type UpdateCustomerInput = {
  billing?: InputMaybe<CustomerAddressInput>;
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  currentPassword?: InputMaybe<Scalars['String']['input']>;
  email?: InputMaybe<Scalars['String']['input']>;
  firstName?: InputMaybe<Scalars['String']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  /** A new password (logged-in customers); needs currentPassword, as updateUser does. Ends the account's other logins and tokens. */
  password?: InputMaybe<Scalars['String']['input']>;
  shipping?: InputMaybe<CustomerAddressInput>;
  shippingSameAsBilling?: InputMaybe<Scalars['Boolean']['input']>;
};

export type UpdateDeliveryPostcodeInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  postcode?: InputMaybe<Scalars['String']['input']>;
};

export type UpdateItemQuantitiesInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  items: Array<InputMaybe<CartItemQuantityInput>>;
};

export type UpdateShippingMethodInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  shippingMethods: Array<InputMaybe<Scalars['String']['input']>>;
};

export type UpdateUserInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  /** Required with password: a stolen session alone cannot take over the account. */
  currentPassword?: InputMaybe<Scalars['String']['input']>;
  id: Scalars['ID']['input'];
  password?: InputMaybe<Scalars['String']['input']>;
};

export type WishlistInput = {
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  productId: Scalars['Int']['input'];
};

export type WriteReviewInput = {
  author?: InputMaybe<Scalars['String']['input']>;
  authorEmail?: InputMaybe<Scalars['String']['input']>;
  clientMutationId?: InputMaybe<Scalars['String']['input']>;
  commentOn: Scalars['Int']['input'];
  content: Scalars['String']['input'];
  rating: Scalars['Int']['input'];
};
