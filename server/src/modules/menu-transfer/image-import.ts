import path from 'node:path';
import { DomainError } from '../../errors/domain-error.js';
import type { NewJob } from '../../jobs/job-store.js';
import { mediaVariantsJob } from '../media/media-jobs.js';
import type { MediaService } from '../media/media-service.js';

export interface ImportedImage {
  id: number;
  src: string;
}

export interface ImageOutcome {
  image?: ImportedImage;
  /** Why the image could not be brought in (the row is imported without it). */
  error?: string;
}

export interface ImageImportOptions {
  fetch?: typeof fetch;
  /** Downloads at once: a shop's image server is not to be flooded, and each download holds its bytes. */
  concurrency?: number;
  /** The most one download may take, answer and body. */
  timeoutMs?: number;
}

const DEFAULTS = { concurrency: 6, timeoutMs: 15_000 };

/** An address worth downloading: the source's own, not an image already in this library (`/media/...`). */
export const isRemoteImage = (src: string) => /^https?:\/\//i.test(src);

/**
 * Brings the images of an import into the media library (docs/decisions/0043-import-images.md): each address
 * downloaded once per import, a few at a time, with a time limit and the library's own size and format checks;
 * the same content is one library item (MediaService.uploadOnce), so a second import finds it again.
 */
export class ImageImporter {
  private readonly known = new Map<string, Promise<ImageOutcome>>();
  private running = 0;
  /** Addresses brought in so far. */
  stored = 0;
  /** The library items brought in, for their resized copies once the import ends (variantJobs). */
  private readonly items = new Map<number, { id: number; src: string; storageKey: string | null }>();
  private readonly waiting: (() => void)[] = [];
  private readonly options: typeof DEFAULTS & { fetch: typeof fetch };

  constructor(
    private readonly media: MediaService,
    options: ImageImportOptions = {},
  ) {
    this.options = { ...DEFAULTS, fetch: globalThis.fetch, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) };
  }

  /** The library item for an address, downloading it the first time it is asked for. */
  image(src: string, details: { alt?: string; name?: string } = {}): Promise<ImageOutcome> {
    let pending = this.known.get(src);
    if (!pending) {
      pending = this.inLane(() => this.download(src, details));
      this.known.set(src, pending);
    }
    return pending;
  }

  /**
   * The jobs that make the resized copies of the images brought in (uploadOnce leaves them out so they do not
   * compete with the import for the processor); queued when the import ends. One already made is found on disk.
   */
  variantJobs(): NewJob[] {
    return [...this.items.values()].map((item) => mediaVariantsJob(item));
  }

  /** Every address at once (bounded by the lanes): the answers by address. */
  async all(sources: Iterable<string>): Promise<Map<string, ImageOutcome>> {
    const unique = [...new Set(sources)].filter(isRemoteImage);
    const outcomes = await Promise.all(unique.map(async (src) => [src, await this.image(src)] as const));
    return new Map(outcomes);
  }

  private async download(src: string, details: { alt?: string; name?: string }): Promise<ImageOutcome> {
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      return { error: 'not a valid address' };
    }
    try {
      const response = await this.options.fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs), redirect: 'follow' });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return { error: `the address answered ${response.status}` };
      }
      const data = await readLimited(response, this.media.settings.maxBytes);
      if (!data) return { error: `larger than ${Math.round(this.media.settings.maxBytes / 1024 / 1024)} MB` };
      const fileName = decodeURIComponent(path.posix.basename(url.pathname)).slice(0, 200) || 'image';
      const record = await this.media.uploadOnce({
        data,
        fileName,
        ...(details.alt ? { altText: details.alt.slice(0, 500) } : {}),
        ...(details.name ? { title: details.name.slice(0, 500) } : {}),
      });
      this.stored += 1;
      this.items.set(record.id, record);
      return { image: { id: record.id, src: record.src } };
    } catch (error) {
      if (error instanceof DomainError) return { error: error.message };
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
        return { error: `no answer within ${Math.round(this.options.timeoutMs / 1000)} s` };
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
      return { error: `could not be downloaded (${cause.slice(0, 120)})` };
    }
  }

  private async inLane<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
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

/** The body, or undefined once it passes `max` bytes (the rest is not read). */
async function readLimited(response: Response, max: number): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
