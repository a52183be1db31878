import { DomainError, isDomainError } from '../../../errors/domain-error.js';
import { validateNewAccount } from '../../../modules/auth/accounts.js';
import { normaliseAddress, type AddressInput } from '../../../modules/addresses/addresses.js';
import { assignOrderToCustomer } from '../../../modules/orders/order-history.js';
import type { GraphQLContext } from '../context.js';
import { startLogin } from './accounts.js';

export interface CheckoutAccount {
  username?: string | null;
  password: string;
  email?: string | null;
}

/**
 * The checkout's "create an account" box. Everything about the account is checked before the order is
 * placed, so a bad password stops the checkout with nothing written; the account itself is created after
 * the order succeeded, owns that order, and is logged in.
 */
export async function checkoutAccount(ctx: GraphQLContext, account: CheckoutAccount, billingInput: AddressInput | null | undefined) {
  const billing = normaliseAddress(billingInput);
  const email = account.email?.trim() || billing.email;
  if (!email) throw new DomainError('EMAIL_REQUIRED', 'An e-mail address is needed to create an account.');
  const input = { email, username: account.username, password: account.password, firstName: billing.firstName, lastName: billing.lastName, billing };
  await validateNewAccount(ctx.services.db, input);
  return {
    async create(orderId: number) {
      let registered;
      try {
        registered = await ctx.services.auth.register({ ...input, userAgent: ctx.account.userAgent });
      } catch (error) {
        // Someone took the address between the check and now: the order stands as a guest order.
        if (isDomainError(error, 'EMAIL_TAKEN', 'USERNAME_TAKEN')) return;
        throw error;
      }
      const { user, session } = registered;
      await assignOrderToCustomer(ctx.services.db, orderId, user.id);
      await startLogin(ctx, user, session);
    },
  };
}
