import { vapidKeys, type PushSubscriptionInput } from '../../../modules/notifications/web-push.js';
import type { GraphQLContext } from '../context.js';
import { holderOf } from './arrival.js';

// Web push on the order page (docs/decisions/0086-order-web-push.md): the rule is modules/notifications/web-push.ts.

export const orderPushQueries = {
  webPushPublicKey: async (_: unknown, __: unknown, ctx: GraphQLContext) => (await vapidKeys(ctx.services.db)).publicKey,
};

interface SubscribeOrderPushInput extends PushSubscriptionInput {
  clientMutationId?: string | null;
  orderId: number;
  orderKey?: string | null;
}

export const orderPushMutations = {
  subscribeOrderPush: async (_: unknown, { input }: { input: SubscribeOrderPushInput }, ctx: GraphQLContext) => {
    await ctx.services.orderPush.subscribe(input.orderId, holderOf(ctx, input.orderKey), { endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth });
    return { clientMutationId: input.clientMutationId ?? null, subscribed: true };
  },
};
