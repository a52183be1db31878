import type { FastifyRequest } from 'fastify';
import type { CartService, CartView } from '../../modules/cart/cart-service.js';
import { SessionTokenError, tokenFromHeader, type SessionTokens } from '../../modules/session/session-token.js';

/** `/checkout` (a query too): the page whose first paint is the visitor's own cart (docs/decisions/0056-checkout-first-paint.md). */
export const CHECKOUT_ROUTE = /^\/checkout\/?(\?|$)/;

/** The cookie the web app keeps its cart token in (web/src/cart/session.ts). */
const CART_COOKIE = 'woocommerce-session';

/**
 * The cart the app's cart query will show this visitor, read only (no session is started and no token renewed):
 * the token in the cart cookie, tied to the login as GraphQL's RequestSession.bindOwner ties it (a logged-in
 * customer's cart is `c_<id>`; a customer's cart without its login is nobody's). Null when there is none or the
 * token is bad: the app then starts a new session and shows an empty cart, as the first paint does.
 */
export async function checkoutCartOf(request: FastifyRequest, deps: { tokens: SessionTokens; carts: CartService }): Promise<CartView | null> {
  const viewer = await request.viewer();
  let key: string | undefined;
  if (viewer.kind !== 'guest') key = `c_${viewer.id}`;
  else {
    const token = tokenFromHeader(request.cookies[CART_COOKIE]);
    if (!token) return null;
    try {
      key = (await deps.tokens.verify(token)).key;
    } catch (error) {
      if (error instanceof SessionTokenError) return null;
      throw error;
    }
    if (key.startsWith('c_')) return null;
  }
  return deps.carts.view(key);
}
