/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from '../api/schema-types.generated';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type CountriesEnum =
  | 'BE'
  | 'DE'
  | 'FR'
  | 'GB'
  | 'IE'
  | 'LU'
  | 'NL';

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

export type OrderStatusEnum =
  | 'CANCELLED'
  | 'CHECKOUT_DRAFT'
  | 'COMPLETED'
  | 'FAILED'
  | 'ON_HOLD'
  | 'PENDING'
  | 'PROCESSING'
  | 'REFUNDED';

export type RegisterCustomerInput = {
  billing?: CustomerAddressInput | null | undefined;
  clientMutationId?: string | null | undefined;
  email: string;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  password: string;
  shipping?: CustomerAddressInput | null | undefined;
  shippingSameAsBilling?: boolean | null | undefined;
  username?: string | null | undefined;
};

export type UpdateCustomerInput = {
  billing?: CustomerAddressInput | null | undefined;
  clientMutationId?: string | null | undefined;
  currentPassword?: string | null | undefined;
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  id?: string | number | null | undefined;
  lastName?: string | null | undefined;
  /** A new password (logged-in customers); needs currentPassword, as updateUser does. Ends the account's other logins and tokens. */
  password?: string | null | undefined;
  shipping?: CustomerAddressInput | null | undefined;
  shippingSameAsBilling?: boolean | null | undefined;
};

export type WriteReviewInput = {
  author?: string | null | undefined;
  authorEmail?: string | null | undefined;
  clientMutationId?: string | null | undefined;
  commentOn: number;
  content: string;
  rating: number;
};

export type AddressFieldsFragment = { firstName: string | null, lastName: string | null, company: string | null, address1: string | null, address2: string | null, city: string | null, state: string | null, postcode: string | null, country: string | null, email: string | null, phone: string | null };

export type AccountQueryVariables = Exact<{ [key: string]: never; }>;


export type AccountQuery = { viewer: { databaseId: number, firstName: string | null, lastName: string | null, email: string | null, username: string | null, role: string, capabilities: Array<string> } | null, customer: { databaseId: number | null, firstName: string | null, lastName: string | null, email: string | null, username: string | null, billing: { firstName: string | null, lastName: string | null, company: string | null, address1: string | null, address2: string | null, city: string | null, state: string | null, postcode: string | null, country: string | null, email: string | null, phone: string | null } | null, shipping: { firstName: string | null, lastName: string | null, company: string | null, address1: string | null, address2: string | null, city: string | null, state: string | null, postcode: string | null, country: string | null, email: string | null, phone: string | null } | null } | null };

export type LoginMutationVariables = Exact<{
  username: string;
  password: string;
  rememberMe?: boolean | null | undefined;
}>;


export type LoginMutation = { login: { viewer: { databaseId: number, role: string, firstName: string | null } | null } };

export type LogoutMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutMutation = { logout: { success: boolean } };

export type LogoutEverywhereMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutEverywhereMutation = { logout: { success: boolean } };

export type RegisterMutationVariables = Exact<{
  input: Types.RegisterCustomerInput;
}>;


export type RegisterMutation = { registerCustomer: { viewer: { databaseId: number, role: string, firstName: string | null } | null } };

export type ResetPasswordEmailMutationVariables = Exact<{
  username: string;
}>;


export type ResetPasswordEmailMutation = { sendPasswordResetEmail: { success: boolean } };

export type ResetPasswordKeyMutationVariables = Exact<{
  key: string;
  login: string;
  password: string;
}>;


export type ResetPasswordKeyMutation = { resetUserPassword: { user: { databaseId: number } | null } };

export type UpdateCustomerMutationVariables = Exact<{
  input: Types.UpdateCustomerInput;
}>;


export type UpdateCustomerMutation = { updateCustomer: { customer: { databaseId: number | null } } };

export type UpdatePasswordMutationVariables = Exact<{
  id: string | number;
  password: string;
  currentPassword: string;
}>;


export type UpdatePasswordMutation = { updateUser: { user: { databaseId: number } } };

export type OrdersQueryVariables = Exact<{ [key: string]: never; }>;


export type OrdersQuery = { customer: { orders: { nodes: Array<{ databaseId: number, orderNumber: string, date: string, status: Types.OrderStatusEnum, total: string }> } } | null };

export type DownloadsQueryVariables = Exact<{ [key: string]: never; }>;


export type DownloadsQuery = { customer: { downloadableItems: { nodes: Array<{ id: string, name: string, url: string | null, accessExpires: string | null, downloadsRemaining: number | null }> } } | null };

export type WishlistQueryVariables = Exact<{ [key: string]: never; }>;


export type WishlistQuery = { wishlist: Array<
    | { databaseId: number, name: string, slug: string }
    | { databaseId: number, name: string, slug: string }
    | { databaseId: number, name: string, slug: string }
    | { databaseId: number, name: string, slug: string }
  > };

export type AddWishMutationVariables = Exact<{
  productId: number;
}>;


export type AddWishMutation = { addToWishlist: { wishlist: Array<
      | { databaseId: number }
      | { databaseId: number }
      | { databaseId: number }
      | { databaseId: number }
    > } };

export type RemoveWishMutationVariables = Exact<{
  productId: number;
}>;


export type RemoveWishMutation = { removeFromWishlist: { wishlist: Array<
      | { databaseId: number }
      | { databaseId: number }
      | { databaseId: number }
      | { databaseId: number }
    > } };

export type WishToCartMutationVariables = Exact<{
  productId: number;
}>;


export type WishToCartMutation = { moveWishlistItemToCart: { wishlist: Array<
      | { databaseId: number }
      | { databaseId: number }
      | { databaseId: number }
      | { databaseId: number }
    > } };

export type WriteReviewMutationVariables = Exact<{
  input: Types.WriteReviewInput;
}>;


export type WriteReviewMutation = { writeReview: { rating: number, published: boolean, review: { databaseId: number } } };

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
export const AddressFieldsFragmentDoc = new TypedDocumentString(`
    fragment AddressFields on CustomerAddress {
  firstName
  lastName
  company
  address1
  address2
  city
  state
  postcode
  country
  email
  phone
}
    `, {"fragmentName":"AddressFields"}) as unknown as TypedDocumentString<AddressFieldsFragment, unknown>;
export const AccountDocument = new TypedDocumentString(`
    query Account {
  viewer {
    databaseId
    firstName
    lastName
    email
    username
    role
    capabilities
  }
  customer {
    databaseId
    firstName
    lastName
    email
    username
    billing {
      ...AddressFields
    }
    shipping {
      ...AddressFields
    }
  }
}
    fragment AddressFields on CustomerAddress {
  firstName
  lastName
  company
  address1
  address2
  city
  state
  postcode
  country
  email
  phone
}`) as unknown as TypedDocumentString<AccountQuery, AccountQueryVariables>;
export const LoginDocument = new TypedDocumentString(`
    mutation Login($username: String!, $password: String!, $rememberMe: Boolean) {
  login(
    input: {username: $username, password: $password, rememberMe: $rememberMe}
  ) {
    viewer {
      databaseId
      role
      firstName
    }
  }
}
    `) as unknown as TypedDocumentString<LoginMutation, LoginMutationVariables>;
export const LogoutDocument = new TypedDocumentString(`
    mutation Logout {
  logout(input: {}) {
    success
  }
}
    `) as unknown as TypedDocumentString<LogoutMutation, LogoutMutationVariables>;
export const LogoutEverywhereDocument = new TypedDocumentString(`
    mutation LogoutEverywhere {
  logout(input: {everywhere: true}) {
    success
  }
}
    `) as unknown as TypedDocumentString<LogoutEverywhereMutation, LogoutEverywhereMutationVariables>;
export const RegisterDocument = new TypedDocumentString(`
    mutation Register($input: RegisterCustomerInput!) {
  registerCustomer(input: $input) {
    viewer {
      databaseId
      role
      firstName
    }
  }
}
    `) as unknown as TypedDocumentString<RegisterMutation, RegisterMutationVariables>;
export const ResetPasswordEmailDocument = new TypedDocumentString(`
    mutation ResetPasswordEmail($username: String!) {
  sendPasswordResetEmail(input: {username: $username}) {
    success
  }
}
    `) as unknown as TypedDocumentString<ResetPasswordEmailMutation, ResetPasswordEmailMutationVariables>;
export const ResetPasswordKeyDocument = new TypedDocumentString(`
    mutation ResetPasswordKey($key: String!, $login: String!, $password: String!) {
  resetUserPassword(input: {key: $key, login: $login, password: $password}) {
    user {
      databaseId
    }
  }
}
    `) as unknown as TypedDocumentString<ResetPasswordKeyMutation, ResetPasswordKeyMutationVariables>;
export const UpdateCustomerDocument = new TypedDocumentString(`
    mutation UpdateCustomer($input: UpdateCustomerInput!) {
  updateCustomer(input: $input) {
    customer {
      databaseId
    }
  }
}
    `) as unknown as TypedDocumentString<UpdateCustomerMutation, UpdateCustomerMutationVariables>;
export const UpdatePasswordDocument = new TypedDocumentString(`
    mutation UpdatePassword($id: ID!, $password: String!, $currentPassword: String!) {
  updateUser(
    input: {id: $id, password: $password, currentPassword: $currentPassword}
  ) {
    user {
      databaseId
    }
  }
}
    `) as unknown as TypedDocumentString<UpdatePasswordMutation, UpdatePasswordMutationVariables>;
export const OrdersDocument = new TypedDocumentString(`
    query Orders {
  customer {
    orders(first: 100) {
      nodes {
        databaseId
        orderNumber
        date
        status
        total(format: RAW)
      }
    }
  }
}
    `) as unknown as TypedDocumentString<OrdersQuery, OrdersQueryVariables>;
export const DownloadsDocument = new TypedDocumentString(`
    query Downloads {
  customer {
    downloadableItems(first: 100) {
      nodes {
        id
        name
        url
        accessExpires
        downloadsRemaining
      }
    }
  }
}
    `) as unknown as TypedDocumentString<DownloadsQuery, DownloadsQueryVariables>;
export const WishlistDocument = new TypedDocumentString(`
    query Wishlist {
  wishlist {
    databaseId
    name
    slug
  }
}
    `) as unknown as TypedDocumentString<WishlistQuery, WishlistQueryVariables>;
export const AddWishDocument = new TypedDocumentString(`
    mutation AddWish($productId: Int!) {
  addToWishlist(input: {productId: $productId}) {
    wishlist {
      databaseId
    }
  }
}
    `) as unknown as TypedDocumentString<AddWishMutation, AddWishMutationVariables>;
export const RemoveWishDocument = new TypedDocumentString(`
    mutation RemoveWish($productId: Int!) {
  removeFromWishlist(input: {productId: $productId}) {
    wishlist {
      databaseId
    }
  }
}
    `) as unknown as TypedDocumentString<RemoveWishMutation, RemoveWishMutationVariables>;
export const WishToCartDocument = new TypedDocumentString(`
    mutation WishToCart($productId: Int!) {
  moveWishlistItemToCart(input: {productId: $productId}) {
    wishlist {
      databaseId
    }
  }
}
    `) as unknown as TypedDocumentString<WishToCartMutation, WishToCartMutationVariables>;
export const WriteReviewDocument = new TypedDocumentString(`
    mutation WriteReview($input: WriteReviewInput!) {
  writeReview(input: $input) {
    rating
    published
    review {
      databaseId
    }
  }
}
    `) as unknown as TypedDocumentString<WriteReviewMutation, WriteReviewMutationVariables>;