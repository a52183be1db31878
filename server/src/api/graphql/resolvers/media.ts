import { mediaSrcSet, parseUploadedSrc } from '@bakje/contract';
import type { MediaRow } from '../../../modules/catalog/snapshot.js';
import { toGlobalId } from '../../../modules/catalog/global-id.js';
import { GRAPHQL_SIZES, NAMED_SIZES, sizesOf, urlOfSize } from '../../../modules/media/media-sizes.js';
import type { GraphQLContext } from '../context.js';

type SizeArgs = { size?: string | null };
const sizeName = (args: SizeArgs) => GRAPHQL_SIZES[args.size ?? 'FULL'] ?? 'full';

/**
 * Shipped images are SVG (one file for every size); uploads have resized copies (docs/decisions/0024-media.md),
 * so sourceUrl(size:) and srcSet point at those.
 */
export const MediaItem = {
  id: (m: MediaRow) => toGlobalId('post', m.id),
  databaseId: (m: MediaRow) => m.id,
  sourceUrl: (m: MediaRow, args: SizeArgs) => urlOfSize(m.src, sizeName(args)),
  mediaItemUrl: (m: MediaRow) => m.src,
  thumbnailUrl: (m: MediaRow) => urlOfSize(m.src, 'medium'),
  productCardUrl: (m: MediaRow) => urlOfSize(m.src, 'woocommerce_single'),
  srcSet: (m: MediaRow) => {
    const image = parseUploadedSrc(m.src);
    return image ? mediaSrcSet(image, image.format) : null;
  },
  sizes: (m: MediaRow, args: SizeArgs) => {
    const name = sizeName(args);
    const width = name === 'full' ? m.width : Math.min(NAMED_SIZES[name], m.width ?? Infinity);
    return width ? `(max-width: ${width}px) 100vw, ${width}px` : null;
  },
  mediaDetails: (m: MediaRow) => ({
    width: m.width,
    height: m.height,
    file: m.src.replace(/^\/media\//, ''),
    sizes: sizesOf(m.src).map((s) => ({
      name: s.name,
      sourceUrl: s.url,
      file: s.url.split('/').pop(),
      width: String(s.width),
      height: String(s.height),
      mimeType: s.mimeType,
    })),
  }),
  altText: (m: MediaRow) => m.altText,
  title: (m: MediaRow) => m.title,
  mimeType: (m: MediaRow) => m.mimeType,
};

export function mediaById(ctx: GraphQLContext, id: number | null): MediaRow | null {
  return id === null ? null : (ctx.catalog.media.get(id) ?? null);
}
