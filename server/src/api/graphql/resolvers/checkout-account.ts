import { eq } from 'drizzle-orm';
import { orders } from '../../../db/schema/index.js';
import { AccountError, validateNewAccount } from '../../../modules/auth/accounts.js';
import type { AddressInput } from '../../../modules/checkout/billing.js';
import { normaliseAddress } from '../../../modules/checkout/billing.js';
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
  if (!email) throw new AccountError('An e-mail address is needed to create an account.');
  const input = { email, username: account.username, password: account.password, firstName: billing.firstName, lastName: billing.lastName, billing };
  await validateNewAccount(ctx.services.db, input);
  return {
    async create(orderId: number) {
      let registered;
      try {
        registered = await ctx.services.auth.register({ ...input, userAgent: ctx.account.userAgent });
      } catch (error) {
        // Someone took the address between the check and now: the order stands as a guest order.
        if (error instanceof AccountError) return;
        throw error;
      }
      const { user, session } = registered;
      await ctx.services.db.update(orders).set({ customerId: user.id }).where(eq(orders.id, orderId));
      await startLogin(ctx, user, session);
    },
  };
}
