import { mediaUrlFor, mediaVariantUrl, mediaWidthsOf, parseUploadedSrc, MEDIA_CONTENT_TYPES, type MediaWidth } from '@bakje/contract';

/**
 * WordPress / WooCommerce size names and the width Bakje serves for each (docs/decisions/0024-media.md).
 * A size larger than the image itself is the image at its own size.
 */
export const NAMED_SIZES = {
  thumbnail: 160,
  woocommerce_gallery_thumbnail: 160,
  medium: 320,
  woocommerce_thumbnail: 320,
  woocommerce_single: 640,
  large: 1280,
} as const satisfies Record<string, MediaWidth>;
export type NamedSize = keyof typeof NAMED_SIZES | 'full';

/** GraphQL's MediaItemSizeEnum (WooGraphQL) to our size names. */
export const GRAPHQL_SIZES: Record<string, NamedSize> = {
  THUMBNAIL: 'thumbnail',
  MEDIUM: 'medium',
  // WordPress's medium_large is 768 wide; the nearest width Bakje serves is the product page's 640.
  MEDIUM_LARGE: 'woocommerce_single',
  LARGE: 'large',
  WOOCOMMERCE_THUMBNAIL: 'woocommerce_thumbnail',
  WOOCOMMERCE_SINGLE: 'woocommerce_single',
  WOOCOMMERCE_GALLERY_THUMBNAIL: 'woocommerce_gallery_thumbnail',
  FULL: 'full',
};

export interface SizedUrl {
  name: string;
  url: string;
  width: number;
  height: number;
  mimeType: string;
}

/** An image's URL in a named size, in its own format; the shipped files (SVG) have one URL for every size. */
export function urlOfSize(src: string, size: NamedSize): string {
  const image = parseUploadedSrc(src);
  if (!image || size === 'full' || NAMED_SIZES[size] >= image.width) return src;
  return mediaUrlFor(image, NAMED_SIZES[size], image.format);
}

/** The named sizes an image has (smaller than itself), each with its URL, size and type; empty for shipped files. */
export function sizesOf(src: string): SizedUrl[] {
  const image = parseUploadedSrc(src);
  if (!image) return [];
  const offered = new Set(mediaWidthsOf(image).map((w) => w.width));
  const sized = (Object.entries(NAMED_SIZES) as [string, MediaWidth][])
    .filter(([, width]) => offered.has(width) && width < image.width)
    .map(([name, width]) => ({
      name,
      url: mediaVariantUrl(image, width, image.format),
      width,
      height: Math.round((image.height * width) / image.width),
      mimeType: MEDIA_CONTENT_TYPES[image.format],
    }));
  return [...sized, { name: 'full', url: src, width: image.width, height: image.height, mimeType: MEDIA_CONTENT_TYPES[image.format] }];
}
