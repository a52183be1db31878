import type { GuestDetails } from '../../../db/schema/index.js';
import { DomainError } from '../../../errors/domain-error.js';
import { toGraphqlAddress } from '../../../modules/addresses/addresses.js';
import { findUser, guestDetailsAfter, updateProfile, type UserRow } from '../../../modules/auth/accounts.js';
import { LOGIN_REQUIRED } from '../../../modules/auth/auth-service.js';
import { permissionsOf } from '../../../modules/auth/permissions.js';
import { TooManyAttemptsError } from '../../../modules/auth/throttle.js';
import { mergeGuestCart } from '../../../modules/cart/merge.js';
import { customerOrders, isPayingCustomer } from '../../../modules/orders/order-history.js';
import type { OrderWithLines } from '../../../modules/orders/order-read.js';
import { addToWishlist, assertOnWishlist, removeFromWishlist, wishlistOf } from '../../../modules/wishlist/wishlist.js';
import { connectionFromArray } from '../connection.js';
import type { GraphQLContext } from '../context.js';
import { writeReview, type ReviewInput } from '../../../modules/reviews/write-review.js';
import { REFRESH_TOKEN_INVALID, type IssuedTokens } from '../../../modules/auth/auth-tokens.js';
import type { ActiveSession } from '../../../modules/auth/sessions.js';
import { customerDownloads } from '../../../modules/orders/downloads.js';
import { filterCustomerOrders, type CustomerOrdersWhere } from '../../../modules/orders/order-filter.js';

/** Account errors are the user's to fix: their message goes out as is (docs/product.md §8). */
async function accountCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyAttemptsError) throw new DomainError('TOO_MANY_ATTEMPTS', error.message);
    throw error;
  }
}

export interface CustomerNode {
  userId: number | null;
  id: string;
  databaseId: number | null;
  sessionToken: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  username: string | null;
  role: string;
  billing: Record<string, unknown> | null;
  shipping: Record<string, unknown> | null;
  date: string | null;
}

async function customerNode(user: UserRow, ctx: GraphQLContext): Promise<CustomerNode> {
  return {
    userId: user.id,
    id: Buffer.from(`user:${user.id}`).toString('base64'),
    databaseId: user.id,
    sessionToken: await ctx.session.token(),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    username: user.username,
    role: user.role,
    billing: toGraphqlAddress(user.billing),
    shipping: toGraphqlAddress(user.shipping),
    date: user.createdAt.toISOString(),
  };
}

const guestId = (ctx: GraphQLContext) => Buffer.from(`guest:${ctx.session.key()}`).toString('base64');

/** A guest: the session's own details if updateCustomer set some (kept with the cart). */
async function guestNode(ctx: GraphQLContext, known?: GuestDetails | null): Promise<CustomerNode> {
  const details = known === undefined ? await ctx.services.carts.guestDetails(ctx.session.key()) : known;
  return {
    userId: null,
    id: guestId(ctx),
    databaseId: null,
    sessionToken: await ctx.session.token(),
    firstName: details?.firstName ?? null,
    lastName: details?.lastName ?? null,
    email: details?.email ?? null,
    username: null,
    role: 'guest',
    billing: details ? toGraphqlAddress(details.billing) : null,
    shipping: details ? toGraphqlAddress(details.shipping) : null,
    date: null,
  };
}

async function viewerNode(user: UserRow, ctx: GraphQLContext) {
  return {
    id: Buffer.from(`user:${user.id}`).toString('base64'),
    databaseId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    username: user.username,
    nicename: user.username,
    wooSessionToken: await ctx.session.token(),
    avatar: null,
    role: user.role,
    capabilities: permissionsOf(user.role),
  };
}

/** WPGraphQL's User: the logged-in account (login's answer). */
function userNode(user: UserRow) {
  return {
    id: Buffer.from(`user:${user.id}`).toString('base64'),
    databaseId: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
    nicename: user.username,
    registeredDate: user.createdAt.toISOString(),
    avatar: null,
  };
}

/** WPGraphQL-JWT's token fields: expirations as unix seconds in a string. */
const unixSeconds = (date: Date) => String(Math.floor(date.getTime() / 1000));
function tokenFields(tokens: IssuedTokens) {
  return {
    authToken: tokens.auth.token,
    authTokenExpiration: unixSeconds(tokens.auth.expiresAt),
    refreshToken: tokens.refresh.token,
    refreshTokenExpiration: unixSeconds(tokens.refresh.expiresAt),
  };
}

/** The logged-in user's row; guests (and dead sessions) get undefined. A bad Bearer token is an error, not a guest. */
async function currentUser(ctx: GraphQLContext): Promise<UserRow | undefined> {
  if (ctx.account.tokenProblem) throw new DomainError('INVALID_AUTH_TOKEN', ctx.account.tokenProblem);
  const viewer = ctx.account.viewer;
  if (viewer.kind === 'guest') return undefined;
  return findUser(ctx.services.db, viewer.id);
}

async function requireUser(ctx: GraphQLContext): Promise<UserRow> {
  const user = await currentUser(ctx);
  if (!user) throw new DomainError('LOGIN_REQUIRED', LOGIN_REQUIRED);
  return user;
}

export const Customer = {
  isPayingCustomer: async (c: CustomerNode, _: unknown, ctx: GraphQLContext) => {
    return c.userId ? isPayingCustomer(ctx.services.db, c.userId) : false;
  },
  orders: async (c: CustomerNode, args: { first?: number | null; after?: string | null; where?: CustomerOrdersWhere | null }, ctx: GraphQLContext) => {
    // Only the logged-in owner: a Customer node is never built for anyone else, but check anyway.
    const viewer = ctx.account.viewer;
    if (!c.userId || viewer.kind === 'guest' || viewer.id !== c.userId) return connectionFromArray([], {});
    const orders = filterCustomerOrders(await customerOrders(ctx.services.db, c.userId), args.where ?? {}, ctx.catalog, ctx.lang);
    return connectionFromArray(orders, { first: Math.min(args.first ?? 100, 100), after: args.after });
  },
  downloadableItems: async (c: CustomerNode, args: { first?: number | null }, ctx: GraphQLContext) => {
    const viewer = ctx.account.viewer;
    if (!c.userId || viewer.kind === 'guest' || viewer.id !== c.userId) return connectionFromArray([], {});
    const downloads = customerDownloads(ctx.catalog, await customerOrders(ctx.services.db, c.userId), ctx.services.clock());
    return connectionFromArray(downloads, { first: Math.min(args.first ?? 100, 100) });
  },
};

/** Order.customer: only for the customer who owns the order; key holders and others see null. */
export async function orderCustomer(o: OrderWithLines, _: unknown, ctx: GraphQLContext) {
  const viewer = ctx.account.viewer;
  if (!o.customerId || viewer.kind === 'guest' || viewer.id !== o.customerId) return null;
  const user = await findUser(ctx.services.db, o.customerId);
  return user ? customerNode(user, ctx) : null;
}

export const accountQueries = {
  customer: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
    const user = await currentUser(ctx);
    return user ? customerNode(user, ctx) : guestNode(ctx);
  },
  viewer: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
    const user = await currentUser(ctx);
    return user ? viewerNode(user, ctx) : null;
  },
  wishlist: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
    const user = await currentUser(ctx);
    return user ? wishlistOf(ctx.services.db, ctx.catalog, user.id) : [];
  },
  // No social login provider can be set up yet (docs/decisions/0037-storefront-auth-tokens.md).
  loginClients: () => [],
};

type Maybe<T> = T | null | undefined;
interface AddressArg {
  [key: string]: unknown;
  overwrite?: Maybe<boolean>;
}
const withoutOverwrite = (a: Maybe<AddressArg>) => {
  if (!a) return a;
  const { overwrite: _overwrite, ...rest } = a;
  return rest;
};

/** After a login or registration: the guest cart joins the customer's, a new token and cookie go out. */
export async function startLogin(ctx: GraphQLContext, user: UserRow, created: Parameters<GraphQLContext['account']['startSession']>[0]) {
  const guestKey = ctx.session.existingKey();
  const customerKey = `c_${user.id}`;
  if (guestKey) await mergeGuestCart(ctx.services.db, guestKey, customerKey, ctx.services.clock());
  ctx.session.switchTo(customerKey);
  ctx.account.startSession(created);
  // Resolvers below this one (customer, viewer) see the new login.
  ctx.account.viewer = user.role === 'customer' ? { kind: 'customer', id: user.id } : { kind: 'staff', id: user.id, role: user.role };
  ctx.account.session = created;
  // A stale Bearer token sent along no longer speaks for this request.
  ctx.account.tokenProblem = undefined;
}

export const accountMutations = {
  login: (
    _: unknown,
    {
      input,
    }: {
      input: {
        clientMutationId?: string | null;
        username?: string | null;
        password?: string | null;
        credentials?: { username: string; password: string } | null;
        rememberMe?: boolean | null;
        provider?: string | null;
      };
    },
    ctx: GraphQLContext,
  ) =>
    accountCall(async () => {
      if (input.provider && input.provider !== 'PASSWORD') {
        throw new DomainError(
          'LOGIN_PROVIDER_NOT_SET_UP',
          `Logging in with ${input.provider} is not set up in this shop; log in with your username and password.`,
        );
      }
      const username = input.credentials?.username ?? input.username ?? '';
      const password = input.credentials?.password ?? input.password ?? '';
      if (!username.trim() || !password) throw new DomainError('CREDENTIALS_REQUIRED', 'Please enter your username and password.');
      const { user, session, deviceCookie } = await ctx.services.auth.login({
        login: username,
        password,
        remember: input.rememberMe ?? true,
        address: ctx.account.address,
        userAgent: ctx.account.userAgent,
        deviceCookie: ctx.account.deviceCookie,
      });
      ctx.account.rememberDevice(deviceCookie);
      // A login from an already logged-in browser replaces that session.
      if (ctx.account.session) await ctx.services.auth.sessions.revoke(ctx.account.session.idHash);
      await startLogin(ctx, user, session);
      return {
        clientMutationId: input.clientMutationId,
        sessionToken: await ctx.session.token(),
        customer: await customerNode(user, ctx),
        viewer: await viewerNode(user, ctx),
        csrfToken: session.csrfToken,
        ...tokenFields(await ctx.services.authTokens.issue(session)),
        user: userNode(user),
      };
    }),

  refreshJwtAuthToken: async (_: unknown, { input }: { input: { clientMutationId?: string | null; jwtRefreshToken: string } }, ctx: GraphQLContext) => {
    const refreshed = await ctx.services.authTokens.refresh(input.jwtRefreshToken);
    if (!refreshed) throw new DomainError('INVALID_REFRESH_TOKEN', REFRESH_TOKEN_INVALID);
    return {
      clientMutationId: input.clientMutationId,
      authToken: refreshed.auth.token,
      authTokenExpiration: unixSeconds(refreshed.auth.expiresAt),
    };
  },

  logout: async (_: unknown, { input }: { input?: { clientMutationId?: string | null; everywhere?: boolean | null } | null }, ctx: GraphQLContext) => {
    if (ctx.account.session) {
      if (input?.everywhere) await ctx.services.auth.sessions.revokeAllFor(ctx.account.session.userId);
      else await ctx.services.auth.sessions.revoke(ctx.account.session.idHash);
    }
    ctx.account.endSession();
    ctx.account.viewer = { kind: 'guest' };
    ctx.account.session = undefined;
    ctx.account.tokenProblem = undefined;
    // A fresh guest session with an empty cart; the customer's saved cart waits for the next login.
    ctx.session.bindOwner(undefined);
    return { clientMutationId: input?.clientMutationId, success: true };
  },

  registerCustomer: (
    _: unknown,
    {
      input,
    }: {
      input: {
        clientMutationId?: string | null;
        email: string;
        username?: string | null;
        password: string;
        firstName?: string | null;
        lastName?: string | null;
        billing?: Maybe<AddressArg>;
        shipping?: Maybe<AddressArg>;
        shippingSameAsBilling?: Maybe<boolean>;
      };
    },
    ctx: GraphQLContext,
  ) =>
    accountCall(async () => {
      if (ctx.account.viewer.kind !== 'guest') throw new DomainError('ALREADY_LOGGED_IN', 'You are already logged in.');
      const billing = withoutOverwrite(input.billing);
      const { user, session } = await ctx.services.auth.register({
        email: input.email,
        username: input.username,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        billing: billing as never,
        shipping: (input.shippingSameAsBilling ? billing : withoutOverwrite(input.shipping)) as never,
        userAgent: ctx.account.userAgent,
      });
      await startLogin(ctx, user, session);
      const tokens = await ctx.services.authTokens.issue(session);
      return {
        clientMutationId: input.clientMutationId,
        customer: await customerNode(user, ctx),
        viewer: await viewerNode(user, ctx),
        csrfToken: session.csrfToken,
        authToken: tokens.auth.token,
        refreshToken: tokens.refresh.token,
      };
    }),

  sendPasswordResetEmail: (_: unknown, { input }: { input: { clientMutationId?: string | null; username: string } }, ctx: GraphQLContext) =>
    accountCall(async () => {
      await ctx.services.auth.requestReset(input.username, ctx.account.address, ctx.lang);
      return { clientMutationId: input.clientMutationId, success: true };
    }),

  resetUserPassword: (
    _: unknown,
    { input }: { input: { clientMutationId?: string | null; key: string; login: string; password: string } },
    ctx: GraphQLContext,
  ) =>
    accountCall(async () => {
      const user = await ctx.services.auth.resetPassword({ key: input.key, login: input.login, password: input.password, address: ctx.account.address });
      return { clientMutationId: input.clientMutationId, user: await viewerNode(user, ctx) };
    }),

  updateCustomer: (
    _: unknown,
    {
      input,
    }: {
      input: {
        clientMutationId?: string | null;
        id?: string | null;
        firstName?: Maybe<string>;
        lastName?: Maybe<string>;
        email?: Maybe<string>;
        billing?: Maybe<AddressArg>;
        shipping?: Maybe<AddressArg>;
        shippingSameAsBilling?: Maybe<boolean>;
        password?: Maybe<string>;
        currentPassword?: Maybe<string>;
      };
    },
    ctx: GraphQLContext,
  ) =>
    accountCall(async () => {
      const billing = withoutOverwrite(input.billing);
      const change = {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        billing,
        shipping: input.shippingSameAsBilling ? billing : withoutOverwrite(input.shipping),
      };
      const user = await currentUser(ctx);
      if (!user) {
        // A guest (WooGraphQL keeps these in the session): saved with the cart, shown by `customer`.
        if (input.id && input.id !== guestId(ctx)) throw new DomainError('UPDATE_FAILED', 'Update failed.');
        if (input.password !== undefined && input.password !== null) throw new DomainError('LOGIN_REQUIRED', LOGIN_REQUIRED);
        const details = await ctx.services.carts.updateGuestDetails(ctx.session.key(), (current) => guestDetailsAfter(current, change));
        return { clientMutationId: input.clientMutationId, customer: await guestNode(ctx, details) };
      }
      if (input.id && !idIsUser(input.id, user.id)) throw new DomainError('UPDATE_FAILED', 'Update failed.');
      // The password first: a wrong current password changes nothing at all.
      if (input.password !== undefined && input.password !== null) {
        await ctx.services.auth.changePassword(user.id, input.currentPassword ?? '', input.password, liveSession(ctx).idHash);
      }
      const updated = await updateProfile(ctx.services.db, user.id, change, ctx.services.clock());
      return { clientMutationId: input.clientMutationId, customer: await customerNode(updated, ctx) };
    }),

  updateUser: (
    _: unknown,
    { input }: { input: { clientMutationId?: string | null; id: string; password?: string | null; currentPassword?: string | null } },
    ctx: GraphQLContext,
  ) =>
    accountCall(async () => {
      const user = await requireUser(ctx);
      // Someone else's id looks exactly like an id that does not exist.
      if (!idIsUser(input.id, user.id)) throw new DomainError('UPDATE_FAILED', 'Update failed.');
      if (input.password !== undefined && input.password !== null) {
        await ctx.services.auth.changePassword(user.id, input.currentPassword ?? '', input.password, liveSession(ctx).idHash);
      }
      const fresh = (await findUser(ctx.services.db, user.id))!;
      return { clientMutationId: input.clientMutationId, user: await viewerNode(fresh, ctx) };
    }),

  writeReview: async (_: unknown, { input }: { input: ReviewInput & { clientMutationId?: string | null } }, ctx: GraphQLContext) => {
    const viewer = ctx.account.viewer;
    const review = await writeReview(ctx.services.db, ctx.catalog, input, viewer.kind === 'customer' ? viewer.id : null, ctx.services.clock());
    return { clientMutationId: input.clientMutationId, rating: review.rating, review, published: review.status === 'approved' };
  },

  addToWishlist: (_: unknown, { input }: { input: { clientMutationId?: string | null; productId: number } }, ctx: GraphQLContext) =>
    accountCall(async () => {
      const user = await requireUser(ctx);
      await addToWishlist(ctx.services.db, ctx.catalog, user.id, input.productId, ctx.services.clock());
      return { clientMutationId: input.clientMutationId, wishlist: await wishlistOf(ctx.services.db, ctx.catalog, user.id), cart: null };
    }),

  removeFromWishlist: (_: unknown, { input }: { input: { clientMutationId?: string | null; productId: number } }, ctx: GraphQLContext) =>
    accountCall(async () => {
      const user = await requireUser(ctx);
      await removeFromWishlist(ctx.services.db, user.id, input.productId);
      return { clientMutationId: input.clientMutationId, wishlist: await wishlistOf(ctx.services.db, ctx.catalog, user.id), cart: null };
    }),

  moveWishlistItemToCart: (_: unknown, { input }: { input: { clientMutationId?: string | null; productId: number } }, ctx: GraphQLContext) =>
    accountCall(async () => {
      const user = await requireUser(ctx);
      await assertOnWishlist(ctx.services.db, user.id, input.productId);
      const { cart } = await ctx.services.carts.addToCart(ctx.session.key(), { productId: input.productId, quantity: 1, addons: [] });
      await removeFromWishlist(ctx.services.db, user.id, input.productId);
      return { clientMutationId: input.clientMutationId, wishlist: await wishlistOf(ctx.services.db, ctx.catalog, user.id), cart };
    }),
};

/** The login session of a logged-in request (cookie or Bearer token); requireUser has made sure there is one. */
function liveSession(ctx: GraphQLContext): ActiveSession {
  if (!ctx.account.session) throw new DomainError('LOGIN_REQUIRED', LOGIN_REQUIRED);
  return ctx.account.session;
}

/** Accepts the numeric database id or the opaque id of a user. */
function idIsUser(id: string, userId: number): boolean {
  if (String(userId) === id.trim()) return true;
  return Buffer.from(id, 'base64').toString('utf8') === `user:${userId}`;
}
