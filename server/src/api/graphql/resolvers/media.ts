import type { MediaRow } from '../../../modules/catalog/snapshot.js';
import { toGlobalId } from '../../../modules/catalog/global-id.js';
import type { GraphQLContext } from '../context.js';

/** Our images are SVG or pre-sized WebP, so every size points at the same file. */
export const MediaItem = {
  id: (m: MediaRow) => toGlobalId('post', m.id),
  databaseId: (m: MediaRow) => m.id,
  sourceUrl: (m: MediaRow) => m.src,
  thumbnailUrl: (m: MediaRow) => m.src,
  productCardUrl: (m: MediaRow) => m.src,
  altText: (m: MediaRow) => m.altText,
  title: (m: MediaRow) => m.title,
  mimeType: (m: MediaRow) => m.mimeType,
};

export function mediaById(ctx: GraphQLContext, id: number | null): MediaRow | null {
  return id === null ? null : (ctx.catalog.media.get(id) ?? null);
}
