import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, count, desc, eq, ilike, isNotNull, like, or, type SQL } from 'drizzle-orm';
import { MEDIA_CONTENT_TYPES, MEDIA_VIDEO_CONTENT_TYPES, MEDIA_WIDTHS, type MediaFormat, type VideoFormat } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { media } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { fileProblem, normalizeUpload, resizeTo } from './image-processing.js';
import { enqueueJobs } from '../../jobs/job-store.js';
import { mediaVariantsJob } from './media-jobs.js';
import { sniffVideo, VIDEO_SNIFF_BYTES, videoStructureOk } from './video-files.js';

export type MediaRecord = typeof media.$inferSelect;

export interface MediaSettings {
  /** Folder of the originals and their cached copies. */
  dir: string;
  maxBytes: number;
  /** Largest accepted video (docs/decisions/0049-kiosk-video-suggestions-keyboard.md). */
  maxVideoBytes: number;
  maxPixels: number;
}

export interface UploadInput {
  data: Buffer;
  fileName: string;
  title?: string;
  altText?: string;
}

export type UploadDetails = Omit<UploadInput, 'data'>;

const ORIGINAL_FILE = /^(\d{1,5})x(\d{1,5})\.(jpg|png|webp|avif)$/;
const VIDEO_FILE = /^video\.(mp4|webm)$/;
/** Videos arrive here first (inside the media dir, so the final rename stays on one file system). */
const INCOMING = '.incoming';
const VARIANT_FILE = new RegExp(`^(${MEDIA_WIDTHS.join('|')}|full)\\.(jpg|png|webp|avif)$`);
const HASH = /^[0-9a-f]{32}$/;

/** At most this many images are decoded at once (uploads and resized copies); the others wait (each holds a decoded image). */
const RESIZE_LANES = 2;

const invalid = (field: string, reason: string) => new DomainError('INVALID_INPUT', `Invalid parameter(s): ${field} (${reason})`, { params: [field] });

/** A clean one-line text: no control characters, at most `max` characters. */
function cleanText(value: string | undefined, field: string, max: number): string {
  if (value === undefined) return '';
  // oxlint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)) throw invalid(field, 'contains control characters');
  const text = value.trim();
  if (text.length > max) throw invalid(field, `at most ${max} characters`);
  return text;
}

/**
 * Uploaded images (docs/decisions/0024-media.md): checked and stripped on upload, stored once per content
 * hash in `<dir>/<hash>/<width>x<height>.<ext>`, resized copies made on first request and kept next to it.
 */
export class MediaService {
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly storingOnce = new Map<string, Promise<MediaRecord>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    readonly settings: MediaSettings,
  ) {}

  /** Checks, strips and stores an upload; nothing is written when it is refused. */
  async upload(input: UploadInput): Promise<MediaRecord> {
    return this.store(input, false);
  }

  /**
   * Like upload, but the same content already in the library is that item again (no second item): an import
   * bringing the same picture twice, or run twice, stores it once. The resized copies are not queued: the
   * import queues them when it ends (mediaVariantsJob), so making them does not slow the import down.
   */
  async uploadOnce(input: UploadInput): Promise<MediaRecord> {
    return this.store(input, true);
  }

  private async store(input: UploadInput, reuse: boolean): Promise<MediaRecord> {
    const fileName = cleanText(input.fileName, 'file', 255).replace(/[/\\]/g, '_');
    const altText = cleanText(input.altText, 'alt_text', 500);
    const title = cleanText(input.title, 'title', 500) || fileName.replace(/\.[^.]*$/, '');
    if (input.data.length === 0) throw fileProblem('empty', 'the file is empty');
    const video = sniffVideo(input.data.subarray(0, VIDEO_SNIFF_BYTES));
    if (video) {
      // Imports bring product pictures: a video there is not what they asked for.
      if (reuse) throw fileProblem('unsupported', 'the file is a video, not an image');
      if (input.data.length > this.settings.maxVideoBytes) throw this.tooBig('video');
      const temp = await this.incomingFile();
      await fs.writeFile(temp, input.data);
      return this.storeVideo(temp, video, createHash('sha256').update(input.data).digest('hex'), input.data.length, { fileName, altText, title });
    }
    if (input.data.length > this.settings.maxBytes) throw this.tooBig();
    // In a lane like the resizes: a few large uploads at once must not decode side by side.
    const image = await this.inLane(() => normalizeUpload(input.data, this.settings.maxPixels));
    const hash = createHash('sha256').update(image.data).digest('hex').slice(0, 32);
    const folder = path.join(this.settings.dir, hash);
    const file = `${image.width}x${image.height}.${image.format}`;
    await fs.mkdir(folder, { recursive: true });
    await writeAtomically(path.join(folder, file), image.data);
    const src = `/media/u/${hash}/${file}`;
    if (!reuse) return this.insert(src, { fileName, altText, title, hash, file, folder, image }, true);
    // The same content arriving twice at once (two addresses of one picture): the second waits for the first.
    const earlier = this.storingOnce.get(src);
    if (earlier) return earlier;
    const storing = (async () => {
      const [known] = await this.db.select().from(media).where(eq(media.src, src)).orderBy(media.id).limit(1);
      return known ?? this.insert(src, { fileName, altText, title, hash, file, folder, image }, false);
    })().finally(() => this.storingOnce.delete(src));
    this.storingOnce.set(src, storing);
    return storing;
  }

  private async insert(
    src: string,
    item: { fileName: string; altText: string; title: string; hash: string; file: string; folder: string; image: Awaited<ReturnType<typeof normalizeUpload>> },
    variants: boolean,
  ): Promise<MediaRecord> {
    const { fileName, altText, title, hash, file, folder, image } = item;
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(media)
        .values({
          src,
          altText,
          title,
          mimeType: MEDIA_CONTENT_TYPES[image.format],
          width: image.width,
          height: image.height,
          storageKey: hash,
          fileSize: image.data.length,
          fileName,
        })
        .returning();
      // The resized copies are made in the background (media-jobs.ts), or on first request if sooner.
      if (variants) await enqueueJobs(tx, [mediaVariantsJob(inserted!)]);
      return inserted!;
    });
    // A delete of the last other upload of these same bytes may have removed the folder meanwhile.
    if (!(await exists(path.join(folder, file)))) {
      await fs.mkdir(folder, { recursive: true });
      await writeAtomically(path.join(folder, file), image.data);
    }
    return row;
  }

  tooBig(kind: 'image' | 'video' = 'image'): DomainError {
    const maxBytes = kind === 'video' ? this.settings.maxVideoBytes : this.settings.maxBytes;
    const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
    return fileProblem(kind === 'video' ? 'video_too_large' : 'too_large', `the ${kind} is larger than ${mb} MB`, { maxBytes });
  }

  /** The largest file of any kind; the transports refuse a body above it before reading it. */
  get largestFile(): number {
    return Math.max(this.settings.maxBytes, this.settings.maxVideoBytes);
  }

  /**
   * An upload read as it arrives (the dashboard's form): its first bytes decide. A video goes straight to a
   * file while it is hashed and counted, so a 200 MB video never sits in memory; an image is collected up to
   * the image limit and checked as before. When refused, the rest of the stream is read and dropped (the
   * client gets its answer) and nothing is kept.
   */
  async uploadStream(stream: Readable, details: UploadDetails): Promise<MediaRecord> {
    const meta = {
      fileName: cleanText(details.fileName, 'file', 255).replace(/[/\\]/g, '_'),
      altText: cleanText(details.altText, 'alt_text', 500),
      title: cleanText(details.title, 'title', 500),
    };
    let head: Buffer[] = [];
    let total = 0;
    let kind: 'unknown' | 'image' | VideoFormat = 'unknown';
    let refused: DomainError | undefined;
    let temp: string | undefined;
    let out: fs.FileHandle | undefined;
    const hash = createHash('sha256');
    const startVideo = async (format: VideoFormat) => {
      kind = format;
      temp = await this.incomingFile();
      out = await fs.open(temp, 'wx');
      for (const chunk of head) {
        hash.update(chunk);
        await out.write(chunk);
      }
      head = [];
    };
    try {
      try {
        for await (const piece of stream) {
          const chunk = piece as Buffer;
          total += chunk.length;
          if (refused) continue;
          if (kind === 'unknown') {
            head.push(chunk);
            if (total < VIDEO_SNIFF_BYTES) continue;
            const format = sniffVideo(Buffer.concat(head).subarray(0, VIDEO_SNIFF_BYTES));
            if (format) await startVideo(format);
            else kind = 'image';
          } else if (kind === 'image') {
            head.push(chunk);
          } else {
            hash.update(chunk);
            await out!.write(chunk);
          }
          if (kind === 'image' && total > this.settings.maxBytes) refused = this.tooBig();
          else if (kind !== 'image' && kind !== 'unknown' && total > this.settings.maxVideoBytes) refused = this.tooBig('video');
          if (refused) head = [];
        }
      } catch (error) {
        // The multipart reader's own limit (the largest file of any kind) cut the file off.
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw this.tooBig(kind === 'image' || kind === 'unknown' ? 'image' : 'video');
        throw error;
      }
      // The multipart reader stops at the largest file of any kind and marks the stream cut off.
      if (!refused && (stream as Readable & { truncated?: boolean }).truncated)
        refused = this.tooBig(kind === 'image' || kind === 'unknown' ? 'image' : 'video');
      if (refused) throw refused;
      if (total === 0) throw fileProblem('empty', 'the file is empty');
      if (kind === 'unknown') {
        const format = sniffVideo(Buffer.concat(head));
        if (format) await startVideo(format);
      }
      if (kind === 'unknown' || kind === 'image') return await this.store({ data: Buffer.concat(head), ...meta }, false);
      await out!.close();
      out = undefined;
      const stored = await this.storeVideo(temp!, kind, hash.digest('hex'), total, { ...meta, title: meta.title || meta.fileName.replace(/\.[^.]*$/, '') });
      temp = undefined;
      return stored;
    } finally {
      await out?.close().catch(() => undefined);
      if (temp) await fs.rm(temp, { force: true }).catch(() => undefined);
    }
  }

  private async incomingFile(): Promise<string> {
    const folder = path.join(this.settings.dir, INCOMING);
    await fs.mkdir(folder, { recursive: true });
    return path.join(folder, `${randomBytes(12).toString('hex')}.tmp`);
  }

  /**
   * Checks the received video's structure and moves it to `<hash>/video.<format>`; the temporary file is gone
   * afterwards either way. Stored as sent: no transcoding, no copies.
   */
  private async storeVideo(temp: string, format: VideoFormat, hex: string, size: number, meta: { fileName: string; altText: string; title: string }) {
    try {
      if (!(await videoStructureOk(temp, format))) {
        throw fileProblem('video_broken', `the ${format === 'mp4' ? 'MP4' : 'WebM'} file is incomplete or damaged`);
      }
      const hash = hex.slice(0, 32);
      const folder = path.join(this.settings.dir, hash);
      const file = `video.${format}`;
      await fs.mkdir(folder, { recursive: true });
      await fs.rename(temp, path.join(folder, file));
      const [row] = await this.db
        .insert(media)
        .values({
          src: `/media/u/${hash}/${file}`,
          altText: meta.altText,
          title: meta.title || meta.fileName.replace(/\.[^.]*$/, ''),
          mimeType: MEDIA_VIDEO_CONTENT_TYPES[format],
          width: null,
          height: null,
          storageKey: hash,
          fileSize: size,
          fileName: meta.fileName,
        })
        .returning();
      return row!;
    } finally {
      await fs.rm(temp, { force: true }).catch(() => undefined);
    }
  }

  /** Changes the alt text and/or title; other fields (the file) never change, a new file is a new upload. */
  async update(id: number, change: { altText?: string; title?: string }): Promise<MediaRecord> {
    const values: Partial<MediaRecord> = {};
    if (change.altText !== undefined) values.altText = cleanText(change.altText, 'alt_text', 500);
    if (change.title !== undefined) values.title = cleanText(change.title, 'title', 500);
    if (Object.keys(values).length === 0) return this.get(id);
    const [row] = await this.db.update(media).set(values).where(eq(media.id, id)).returning();
    if (!row) throw new DomainError('MEDIA_NOT_FOUND', 'Invalid post ID.');
    return row;
  }

  /**
   * Deletes the image: products, categories and options using it lose it (the foreign keys set null). The
   * files stay while another upload of the same content uses them; URLs were immutable, so browsers may
   * keep showing a cached copy.
   */
  async delete(id: number): Promise<MediaRecord> {
    const [row] = await this.db.delete(media).where(eq(media.id, id)).returning();
    if (!row) throw new DomainError('MEDIA_NOT_FOUND', 'Invalid post ID.');
    if (row.storageKey) {
      const [shared] = await this.db.select({ n: count() }).from(media).where(eq(media.storageKey, row.storageKey));
      // A background job may be writing a copy meanwhile: retried; a folder left behind is only disk space.
      if (!shared?.n) await fs.rm(path.join(this.settings.dir, row.storageKey), { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
    }
    return row;
  }

  async get(id: number): Promise<MediaRecord> {
    const [row] = await this.db.select().from(media).where(eq(media.id, id));
    if (!row) throw new DomainError('MEDIA_NOT_FOUND', 'Invalid post ID.');
    return row;
  }

  /** Newest first; `search` in title, alt text or file name; `uploadedOnly` leaves out the shipped demo files; `mediaType` images or videos only. */
  async list(options: {
    page: number;
    perPage: number;
    search?: string;
    uploadedOnly?: boolean;
    mediaType?: 'image' | 'video';
  }): Promise<{ rows: MediaRecord[]; total: number }> {
    const conditions: SQL[] = [];
    if (options.uploadedOnly) conditions.push(isNotNull(media.storageKey));
    if (options.mediaType) conditions.push(like(media.mimeType, `${options.mediaType}/%`));
    const search = options.search?.trim();
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(or(ilike(media.title, pattern), ilike(media.altText, pattern), ilike(media.fileName, pattern))!);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(media)
        .where(where)
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage),
      this.db.select({ n: count() }).from(media).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * The file behind `/media/u/<hash>/<name>`: the original, or a resized copy made now if it is not on disk
   * yet. Undefined for a name that is not one of ours or an unknown hash (nothing is created for those).
   */
  async file(hash: string, name: string): Promise<{ path: string; contentType: string } | undefined> {
    if (!HASH.test(hash)) return undefined;
    const video = VIDEO_FILE.exec(name);
    if (video) {
      const target = path.join(this.settings.dir, hash, name);
      return (await exists(target)) ? { path: target, contentType: MEDIA_VIDEO_CONTENT_TYPES[video[1] as VideoFormat] } : undefined;
    }
    const original = ORIGINAL_FILE.exec(name);
    const variant = original ? null : VARIANT_FILE.exec(name);
    if (!original && !variant) return undefined;
    const folder = path.join(this.settings.dir, hash);
    const target = path.join(folder, name);
    const format = (original?.[3] ?? variant![2]) as MediaFormat;
    const contentType = MEDIA_CONTENT_TYPES[format];
    if (await exists(target)) return { path: target, contentType };
    if (original) return undefined;
    const source = await this.originalIn(folder);
    if (!source) return undefined;
    let pending = this.inFlight.get(target);
    if (!pending) {
      const width = variant![1] === 'full' ? undefined : Number(variant![1]);
      pending = this.inLane(async () => writeAtomically(target, await resizeTo(path.join(folder, source), width, format))).finally(() =>
        this.inFlight.delete(target),
      );
      this.inFlight.set(target, pending);
    }
    await pending;
    return { path: target, contentType };
  }

  /** The file name of the stored original under `hash`, if there is one. */
  async originalName(hash: string): Promise<string | undefined> {
    return HASH.test(hash) ? this.originalIn(path.join(this.settings.dir, hash)) : undefined;
  }

  private async originalIn(folder: string): Promise<string | undefined> {
    try {
      return (await fs.readdir(folder)).find((f) => ORIGINAL_FILE.test(f));
    } catch {
      return undefined;
    }
  }

  private async inLane<T>(work: () => Promise<T>): Promise<T> {
    // A finishing task hands its lane straight to the next waiter.
    if (this.running >= RESIZE_LANES) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Written under a temporary name, then renamed: a reader never sees half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temp, data);
  await fs.rename(temp, file);
}
