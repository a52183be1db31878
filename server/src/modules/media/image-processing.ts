import type { Sharp, SharpOptions } from 'sharp';
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
