import { ARRIVAL_MINUTES } from '@bakje/contract';
import type { OrderHolder } from '../../../modules/arrival/arrival.js';
import { kitchenSettingsFrom } from '../../../modules/kitchen/kitchen-settings.js';
import type { OrderWithLines } from '../../../modules/orders/order-read.js';
import type { GraphQLContext } from '../context.js';

// "Ik kom eraan" and "Ik ben er" (docs/decisions/0082-ik-kom-eraan.md): the rule is modules/arrival/arrival.ts.

const OPEN = new Set(['pending', 'on-hold', 'processing']);

/** Order.arrival: null for an order not for takeaway. */
export function orderArrival(o: OrderWithLines, _: unknown, ctx: GraphQLContext) {
  if (o.fulfilmentType !== 'takeaway') return null;
  return {
    open: OPEN.has(o.status),
    choices: [...ARRIVAL_MINUTES],
    defaultMinutes: kitchenSettingsFrom(ctx.catalog.settings).arrivalDefaultMinutes,
    awaited: o.awaitsArrival,
    arriveAt: o.arriveAt?.toISOString() ?? null,
    arrivedAt: o.arrivedAt?.toISOString() ?? null,
    spot: o.arrivedAt ? o.arrivalSpot : null,
  };
}

/** The order page's access: its session, the logged-in customer and the key it was given. */
export function holderOf(ctx: GraphQLContext, orderKey: string | null | undefined): OrderHolder {
  const viewer = ctx.account.viewer;
  return { sessionKey: ctx.session.existingKey(), customerId: viewer.kind === 'guest' ? null : viewer.id, orderKey };
}

interface ArrivalInput {
  clientMutationId?: string | null;
  orderId: number;
  orderKey?: string | null;
}

export const arrivalMutations = {
  announceArrival: async (_: unknown, { input }: { input: ArrivalInput & { minutes: number } }, ctx: GraphQLContext) => ({
    clientMutationId: input.clientMutationId ?? null,
    order: await ctx.services.arrival.coming(input.orderId, holderOf(ctx, input.orderKey), input.minutes),
  }),
  announceAtDoor: async (_: unknown, { input }: { input: ArrivalInput & { spot?: string | null } }, ctx: GraphQLContext) => ({
    clientMutationId: input.clientMutationId ?? null,
    order: await ctx.services.arrival.here(input.orderId, holderOf(ctx, input.orderKey), input.spot),
  }),
};
