import { messageSurfaces, type MessageSurface } from '@bakje/contract';
import { isShowing } from '../../../modules/messages/messages.js';
import { isoInZone } from '../../../modules/shop-time/shop-time.js';
import type { GraphQLContext } from '../context.js';

/**
 * `shopMessages(surface)`: the banners showing now on one surface, warnings first, from the catalogue
 * snapshot (it reloads when a message is written or a window opens or closes, and /api/events/catalog tells
 * open pages to refetch). The text is in the request's language, falling back to Dutch where it is empty.
 */
export const messageQueries = {
  shopMessages: (_: unknown, args: { surface: string }, ctx: GraphQLContext) => {
    const surface = args.surface.toLowerCase() as MessageSurface;
    if (!messageSurfaces.includes(surface)) return [];
    const now = ctx.services.clock();
    return ctx.catalog.messages
      .filter((row) => isShowing(row, surface, now))
      .sort((a, b) => (a.level === b.level ? a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id : a.level === 'warning' ? -1 : 1))
      .map((row) => ({
        id: Buffer.from(`message:${row.id}`).toString('base64'),
        databaseId: row.id,
        level: row.level.toUpperCase(),
        text: row.text[ctx.lang]?.trim() || row.text.nl,
        startsAt: isoInZone(row.startsAt, ctx.config.timeZone),
        endsAt: isoInZone(row.endsAt, ctx.config.timeZone),
      }));
  },
};
