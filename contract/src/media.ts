/**
 * Uploaded images and their URLs (docs/decisions/0024-media.md), shared by the server (which serves them)
 * and the web (which builds `<picture>`/`srcset` from an image's `src`).
 *
 * An upload is stored once under a hash of its (metadata-free) content; its `src` names that hash and the
 * original's size and format, `/media/u/<hash>/<width>x<height>.<ext>`, so every URL derived from it is
 * immutable. Resized copies are `/media/u/<hash>/<w>.<format>` with `w` one of MEDIA_WIDTHS or `full`
 * (the original's size in another format).
 */

/** Widths the shop (cards 320-640, product page 640-1280), kiosk (640) and menu boards (1280) ask for. */
export const MEDIA_WIDTHS = [160, 320, 640, 1280] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** Formats a stored original may have (by content); `jpg` for JPEG. */
export const MEDIA_SOURCE_FORMATS = ['jpg', 'png', 'webp', 'avif'] as const;
export type MediaFormat = (typeof MEDIA_SOURCE_FORMATS)[number];

export const MEDIA_CONTENT_TYPES: Record<MediaFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * Videos (the kiosk's attract loop, docs/decisions/0049-kiosk-video-suggestions-keyboard.md): stored as uploaded
 * under `/media/u/<hash>/video.<format>`, no resized copies.
 */
export const MEDIA_VIDEO_FORMATS = ['mp4', 'webm'] as const;
export type VideoFormat = (typeof MEDIA_VIDEO_FORMATS)[number];
export const MEDIA_VIDEO_CONTENT_TYPES: Record<VideoFormat, string> = { mp4: 'video/mp4', webm: 'video/webm' };
/** What the file picker offers; the server still checks every file by its bytes. */
export const MEDIA_ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/avif';
export const MEDIA_ACCEPTED_VIDEO_TYPES = 'video/mp4,video/webm';

/** The longest side of a stored original; larger uploads are scaled down to it. */
export const MEDIA_MAX_SIDE = 2560;

/** Maximum images in a product gallery. */
export const MEDIA_GALLERY_MAX = 20;

export interface UploadedImage {
  /** `/media/u/<hash>`, after the origin when `src` had one */
  base: string;
  width: number;
  height: number;
  format: MediaFormat;
}

const UPLOADED_SRC = /^((?:https?:\/\/[^/?#\s]+)?\/media\/u\/[0-9a-f]{32})\/(\d{1,5})x(\d{1,5})\.(jpg|png|webp|avif)$/;

/** The parts of an uploaded image's `src` (a path or an absolute URL), or null for any other image (the shipped SVGs, outside URLs). */
export function parseUploadedSrc(src: string | null | undefined): UploadedImage | null {
  const match = src ? UPLOADED_SRC.exec(src) : null;
  if (!match) return null;
  return { base: match[1]!, width: Number(match[2]), height: Number(match[3]), format: match[4] as MediaFormat };
}

/** The URL of one resized copy: `width` from MEDIA_WIDTHS (not above the original's) or 'full'. */
export const mediaVariantUrl = (image: UploadedImage, width: MediaWidth | 'full', format: MediaFormat) => `${image.base}/${width}.${format}`;

/** The widths worth offering for an image: the listed ones below its own width, then its own. */
export function mediaWidthsOf(image: UploadedImage): { name: MediaWidth | 'full'; width: number }[] {
  const below = MEDIA_WIDTHS.filter((w) => w < image.width).map((w) => ({ name: w as MediaWidth | 'full', width: w as number }));
  return [...below, { name: 'full', width: image.width }];
}

/** A `srcset` in one format: "…/160.webp 160w, …/320.webp 320w, …/full.webp 500w". */
export function mediaSrcSet(image: UploadedImage, format: MediaFormat): string {
  return mediaWidthsOf(image)
    .map(({ name, width }) => `${mediaVariantUrl(image, name, format)} ${width}w`)
    .join(', ');
}

/** The URL of the copy closest to `width` CSS pixels wide (at least that wide when one is). */
export function mediaUrlFor(image: UploadedImage, width: number, format: MediaFormat): string {
  const pick = mediaWidthsOf(image).find((w) => w.width >= width) ?? { name: 'full' as const };
  return mediaVariantUrl(image, pick.name, format);
}

/** Why an upload was refused (`data.reason` of a MEDIA_FILE_INVALID answer). */
export type MediaRefusal = 'missing' | 'empty' | 'too_large' | 'video_too_large' | 'unsupported' | 'svg' | 'too_many_pixels' | 'undecodable' | 'video_broken';

/** What the store REST API answers for one image (WordPress media shape, the fields Bakje fills). */
export interface MediaItemRest {
  id: number;
  date_created: string;
  date_created_gmt: string;
  title: { rendered: string; raw: string };
  alt_text: string;
  /** WordPress: `image` for pictures, `file` for anything else (videos). */
  media_type: 'image' | 'file';
  mime_type: string;
  source_url: string;
  src: string;
  name: string;
  media_details: {
    width: number | null;
    height: number | null;
    file: string;
    filesize: number | null;
    sizes: Record<string, { file: string; width: number; height: number; mime_type: string; source_url: string }>;
  };
}
