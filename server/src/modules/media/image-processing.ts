import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { MEDIA_MAX_SIDE, type MediaFormat, type MediaRefusal } from '@bakje/contract';
import { DomainError } from '../../errors/domain-error.js';

/**
 * Decoding, checking and encoding images with sharp (libvips), loaded on first use so start-up does not pay
 * for it. The format is what the decoder finds in the bytes, never the file name or the declared type
 * (docs/decisions/0024-media.md).
 */
type SharpFactory = (input?: Buffer | string, options?: SharpOptions) => Sharp;
let loaded: Promise<SharpFactory> | undefined;
export function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then((module) => {
    const sharp = ((module as unknown as { default?: SharpFactory }).default ?? module) as unknown as SharpFactory & {
      cache(options: boolean): void;
      concurrency(threads: number): number;
    };
    // Files are cached on disk; libvips' own operation cache would only hold memory.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

/** Why a file was refused: `reason` is a stable key the dashboard translates (contract MediaRefusal). */
export const fileProblem = (reason: MediaRefusal, text: string, details: Record<string, number> = {}) =>
  new DomainError('MEDIA_FILE_INVALID', `Invalid parameter(s): file (${text})`, { params: ['file'], reason, ...details });

const UNSUPPORTED = 'the file is not a JPEG, PNG, WebP or AVIF image';

export interface NormalizedImage {
  data: Buffer;
  format: MediaFormat;
  width: number;
  height: number;
}

/** Encoder settings per format, for originals and resized copies alike. */
export function encode(pipeline: Sharp, format: MediaFormat): Sharp {
  switch (format) {
    case 'jpg':
      return pipeline.jpeg({ quality: 82, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 9, palette: false });
    case 'webp':
      return pipeline.webp({ quality: 80, effort: 4 });
    case 'avif':
      return pipeline.avif({ quality: 55, effort: 2 });
  }
}

/**
 * Checks an upload by its content and returns the image to store: turned upright, at most MEDIA_MAX_SIDE
 * pixels on its longest side, re-encoded in its own format without any metadata (EXIF, GPS, XMP, comments).
 * Throws MEDIA_FILE_INVALID (naming `file`) for anything else.
 */
export async function normalizeUpload(input: Buffer, maxPixels: number): Promise<NormalizedImage> {
  const sharp = await loadSharp();
  let meta;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw fileProblem('unsupported', UNSUPPORTED);
  }
  const format = formatOf(meta.format, meta.compression);
  if (meta.format === 'svg') throw fileProblem('svg', 'SVG images are not accepted; upload a JPEG, PNG, WebP or AVIF image');
  if (!format) throw fileProblem('unsupported', UNSUPPORTED);
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw fileProblem('unsupported', UNSUPPORTED);
  if (width * height > maxPixels) {
    throw fileProblem('too_many_pixels', `the image has ${width} x ${height} pixels; at most ${maxPixels.toLocaleString('en')} pixels are accepted`, {
      maxPixels,
    });
  }
  if (keepsAsIs(meta, format, width, height) && onlyPicture(input, format)) {
    // Nothing to turn, shrink or strip: re-encoding would only cost CPU (about 20 ms for an 800 x 600 JPEG,
    // a third of a CSV import's time per product, docs/decisions/0043-import-images.md) and quality. It is still
    // decoded in full (at a small output size, which libvips makes cheaply) so a broken file is refused as before.
    try {
      await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    } catch {
      throw fileProblem('undecodable', 'the image could not be decoded');
    }
    return { data: input, format, width, height };
  }
  try {
    const pipeline = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: MEDIA_MAX_SIDE, height: MEDIA_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await encode(pipeline, format).toBuffer({ resolveWithObject: true });
    return { data, format, width: info.width, height: info.height };
  } catch {
    throw fileProblem('undecodable', 'the image could not be decoded');
  }
}

/**
 * An upload stored as sent: a JPEG, PNG or WebP already upright, within MEDIA_MAX_SIDE and carrying no metadata
 * (no EXIF, ICC profile, IPTC, XMP, Photoshop tags or text comments), so normalising would give the same picture.
 */
function keepsAsIs(meta: Metadata, format: MediaFormat, width: number, height: number): boolean {
  if (format === 'avif' || (meta.space !== 'srgb' && meta.space !== 'b-w')) return false;
  if (width > MEDIA_MAX_SIDE || height > MEDIA_MAX_SIDE) return false;
  if (meta.orientation !== undefined && meta.orientation !== 1) return false;
  if ((meta.pages ?? 1) > 1) return false;
  if (meta.exif || meta.icc || meta.iptc || meta.xmp || meta.tifftagPhotoshop || meta.comments?.length) return false;
  return true;
}

/**
 * The container holds only the picture: no segment or chunk libvips does not report (a maker's APPn block,
 * a JPEG comment, PNG text, WebP's extended format) and nothing after its end (an appended file, a second
 * picture). Anything else is re-encoded, which drops it.
 */
export function onlyPicture(data: Buffer, format: MediaFormat): boolean {
  if (format === 'jpg') {
    if (data.length < 4 || data.readUInt16BE(0) !== 0xffd8 || data.readUInt16BE(data.length - 2) !== 0xffd9) return false;
    let at = 2;
    while (at + 4 <= data.length) {
      if (data[at] !== 0xff) return false;
      const marker = data[at + 1]!;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      // Start of scan: the entropy-coded data follows; every header segment has been seen.
      if (marker === 0xda) return true;
      // APP1-APP15 (EXIF, XMP, ICC, IPTC, makers' blocks) and COM: metadata.
      if ((marker >= 0xe1 && marker <= 0xef) || marker === 0xfe) return false;
      at += 2 + data.readUInt16BE(at + 2);
    }
    return false;
  }
  if (format === 'png') {
    const allowed = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND', 'pHYs', 'sRGB', 'gAMA', 'cHRM', 'sBIT', 'bKGD']);
    let at = 8;
    while (at + 12 <= data.length) {
      const type = data.toString('latin1', at + 4, at + 8);
      if (!allowed.has(type)) return false;
      at += 12 + data.readUInt32BE(at);
      if (type === 'IEND') return at === data.length;
    }
    return false;
  }
  if (format === 'webp') {
    // A simple lossy or lossless WebP: RIFF, one VP8 or VP8L chunk, nothing after it.
    if (data.length < 20 || data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') return false;
    const chunk = data.toString('latin1', 12, 16);
    if (chunk !== 'VP8 ' && chunk !== 'VP8L') return false;
    const size = data.readUInt32LE(16);
    return data.readUInt32LE(4) + 8 === data.length && 20 + size + (size % 2) === data.length;
  }
  return false;
}

function formatOf(format: string | undefined, compression: string | undefined): MediaFormat | undefined {
  if (format === 'jpeg') return 'jpg';
  if (format === 'png') return 'png';
  if (format === 'webp') return 'webp';
  if (format === 'heif' && compression === 'av1') return 'avif';
  return undefined;
}

/** One resized copy of a stored original: `width` wide at most (never enlarged), in `format`. */
export async function resizeTo(original: string, width: number | undefined, format: MediaFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  let pipeline = sharp(original, { limitInputPixels: MEDIA_MAX_SIDE * MEDIA_MAX_SIDE });
  if (width !== undefined) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  return encode(pipeline, format).toBuffer();
}
