/** GraphQL documents of the account screens (REFERENCE.md §1 shapes). */
const ADDRESS = 'firstName lastName company address1 address2 city state postcode country email phone';

export const ACCOUNT_QUERY = `query Account { viewer { databaseId firstName lastName email username role capabilities } customer { databaseId firstName lastName email username billing { ${ADDRESS} } shipping { ${ADDRESS} } } }`;
export const LOGIN_MUTATION = `mutation Login($username: String!, $password: String!, $rememberMe: Boolean) { login(input: {username: $username, password: $password, rememberMe: $rememberMe}) { viewer { databaseId role firstName } } }`;
export const LOGOUT_MUTATION = `mutation Logout { logout(input: {}) { success } }`;
export const LOGOUT_EVERYWHERE_MUTATION = `mutation LogoutEverywhere { logout(input: {everywhere: true}) { success } }`;
export const REGISTER_MUTATION = `mutation Register($input: RegisterCustomerInput!) { registerCustomer(input: $input) { viewer { databaseId role firstName } } }`;
export const LOST_PASSWORD_MUTATION = `mutation ResetPasswordEmail($username: String!) { sendPasswordResetEmail(input: {username: $username}) { success } }`;
export const RESET_PASSWORD_MUTATION = `mutation ResetPasswordKey($key: String!, $login: String!, $password: String!) { resetUserPassword(input: {key: $key, login: $login, password: $password}) { user { databaseId } } }`;
export const UPDATE_CUSTOMER_MUTATION = `mutation UpdateCustomer($input: UpdateCustomerInput!) { updateCustomer(input: $input) { customer { databaseId } } }`;
export const UPDATE_PASSWORD_MUTATION = `mutation UpdatePassword($id: ID!, $password: String!) { updateUser(input: {id: $id, password: $password}) { user { databaseId } } }`;
export const ORDERS_QUERY = `query Orders { customer { orders(first: 100) { nodes { databaseId orderNumber date status total } } } }`;
export const DOWNLOADS_QUERY = `query Downloads { customer { downloadableItems(first: 100) { nodes { id name url accessExpires downloadsRemaining } } } }`;
export const WISHLIST_QUERY = `query Wishlist { wishlist { databaseId name slug } }`;
export const REMOVE_WISHLIST_MUTATION = `mutation RemoveWish($productId: Int!) { removeFromWishlist(input: {productId: $productId}) { wishlist { databaseId } } }`;
export const WISHLIST_TO_CART_MUTATION = `mutation WishToCart($productId: Int!) { moveWishlistItemToCart(input: {productId: $productId}) { wishlist { databaseId } } }`;

export interface Address {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  email: string | null;
  phone: string | null;
}

export interface AccountData {
  viewer: { databaseId: number; firstName: string | null; lastName: string | null; email: string; username: string; role: string; capabilities: string[] } | null;
  customer: { databaseId: number | null; firstName: string | null; lastName: string | null; email: string | null; username: string | null; billing: Address | null; shipping: Address | null } | null;
}

export interface OrderSummary {
  databaseId: number;
  orderNumber: string;
  date: string;
  status: string;
  total: string;
}
