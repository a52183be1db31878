import { MEDIA_SOURCE_FORMATS, mediaWidthsOf, parseUploadedSrc } from '@bakje/contract';
import type { JobHandler } from '../../jobs/job-runner.js';
import type { NewJob } from '../../jobs/job-store.js';
import type { MediaService } from './media-service.js';

export const MEDIA_JOB_KIND = 'media';

export interface MediaVariantsPayload {
  mediaId: number;
  src: string;
}

/** The job an upload enqueues in its own transaction: make its resized copies before the first visitor asks. */
export const mediaVariantsJob = (row: { id: number; src: string; storageKey: string | null }): NewJob => ({
  kind: MEDIA_JOB_KIND,
  lane: MEDIA_JOB_KIND,
  payload: { mediaId: row.id, src: row.src } satisfies MediaVariantsPayload,
  idempotencyKey: `media-variants:${row.id}`,
});

/**
 * Makes every resized copy of an upload (each width below its own and its full size, in AVIF, WebP and its
 * own format) on disk, one upload at a time (lane "media"). The copies are also made on first request if this
 * has not run yet (docs/decisions/0024-media.md); running it again only finds them there.
 */
export function mediaVariantsJobHandler(media: MediaService): JobHandler<MediaVariantsPayload> {
  return {
    kind: MEDIA_JOB_KIND,
    maxAttempts: 3,
    async handle(job) {
      const image = parseUploadedSrc(job.payload.src);
      if (!image) return { skipped: 'not an uploaded image' };
      const hash = image.base.split('/').pop()!;
      if (!(await media.originalName(hash))) return { skipped: 'the image was deleted' };
      const formats = [...new Set(['avif', 'webp', image.format] as const)].filter((f) => MEDIA_SOURCE_FORMATS.includes(f));
      let made = 0;
      for (const { name } of mediaWidthsOf(image)) {
        for (const format of formats) {
          if (await media.file(hash, `${name}.${format}`)) made++;
        }
      }
      return { result: { copies: made } };
    },
    describe: (payload) => ({ image: payload.mediaId }),
  };
}
