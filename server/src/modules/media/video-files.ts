import fs from 'node:fs/promises';
import type { VideoFormat } from '@bakje/contract';

/**
 * Videos in the media library (docs/decisions/0049-kiosk-video-suggestions-keyboard.md): recognised by their
 * bytes, never by the file name or the declared type, and stored as sent (no transcoding).
 *
 * An MP4 starts with an `ftyp` box; AVIF and HEIF images do too, so the box's brand tells them apart (those
 * stay images, checked by sharp). A WebM file starts with an EBML header whose DocType is `webm`.
 */

/** Brands of `ftyp` that are still images (sharp's business), not videos. */
const IMAGE_BRANDS = new Set(['avif', 'avis', 'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'mif2']);
/** QuickTime (`.mov`) shares the box layout but is not `video/mp4`; browsers outside Safari may not play it. */
const REFUSED_BRANDS = new Set(['qt  ']);

/** Bytes needed to recognise a video; fewer only when the whole file is shorter. */
export const VIDEO_SNIFF_BYTES = 64;

/** The video format the first bytes announce, or undefined (an image, or anything else). */
export function sniffVideo(head: Buffer): VideoFormat | undefined {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const size = head.readUInt32BE(0);
    const brand = head.toString('latin1', 8, 12);
    if (size < 16 || IMAGE_BRANDS.has(brand) || REFUSED_BRANDS.has(brand)) return undefined;
    return 'mp4';
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && head.subarray(4, VIDEO_SNIFF_BYTES).includes('webm', 0, 'latin1')) return 'webm';
  return undefined;
}

/**
 * Whether the stored file holds a playable structure: for MP4, top-level boxes that tile the file exactly
 * (a cut-off upload does not), starting with `ftyp` and holding `moov` (the index) and `mdat` (the frames).
 * Only box headers are read, so a 200 MB file costs a handful of small reads.
 */
export async function videoStructureOk(file: string, format: VideoFormat): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (format === 'webm') return size > VIDEO_SNIFF_BYTES;
    const header = Buffer.alloc(16);
    const seen = new Set<string>();
    let at = 0;
    for (let boxes = 0; at < size; boxes++) {
      if (boxes > 10_000) return false;
      const { bytesRead } = await handle.read(header, 0, 16, at);
      if (bytesRead < 8) return false;
      let length = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
      if (boxes === 0 && type !== 'ftyp') return false;
      if (length === 1) {
        if (bytesRead < 16) return false;
        length = Number(header.readBigUInt64BE(8));
      } else if (length === 0) {
        // "To the end of the file": only the last box may say so.
        length = size - at;
      }
      if (length < 8 || at + length > size) return false;
      seen.add(type);
      at += length;
    }
    return seen.has('moov') && seen.has('mdat');
  } finally {
    await handle.close();
  }
}
