import { z } from 'zod';

/**
 * Manuals (staff help pages, docs/decisions/0032-messages-manuals.md): the body and answer of
 * /api/dashboard/manuals. Title and body (rich text, sanitized on write) in three languages, nl required;
 * an optional video: an mp4 file by URL (https, or a path on this server), shown in a plain <video> player.
 */

export const MANUAL_TITLE_MAX = 200;
export const MANUAL_BODY_MAX = 100_000;

const title = (required: boolean) => {
  const base = z.string({ error: 'must be text' }).trim().max(MANUAL_TITLE_MAX, `must be at most ${MANUAL_TITLE_MAX} characters`);
  return required ? base.min(1, 'is required (Dutch, the shop default)') : base.default('');
};
const body = z.string({ error: 'must be text' }).max(MANUAL_BODY_MAX, `must be at most ${MANUAL_BODY_MAX} characters`).default('');

/** An mp4 video: https://... or a path on this server (/media/...), ending in .mp4. */
export const manualVideoUrl = z
  .string({ error: 'must be the address of an mp4 video' })
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .refine((value) => {
    if (value.startsWith('/') && !value.startsWith('//')) return /^\/[\w\-./%]+\.mp4$/i.test(value) && !value.includes('..');
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && /\.mp4$/i.test(url.pathname);
    } catch {
      return false;
    }
  }, 'must be an https address (or a path on this server) of an .mp4 video');

export const manualInput = z
  .object({
    title: z.object({ nl: title(true), fr: title(false), en: title(false) }, { error: 'must be an object with nl, fr and en titles' }).strict(),
    body: z.object({ nl: body, fr: body, en: body }, { error: 'must be an object with nl, fr and en texts' }).strict(),
    video_url: manualVideoUrl.nullable().default(null),
  })
  .strict();
export type ManualInput = z.output<typeof manualInput>;

export interface Manual {
  id: number;
  title: { nl: string; fr: string; en: string };
  body: { nl: string; fr: string; en: string };
  video_url: string | null;
  date_modified: string;
}

/** A manual in the list: no body, a short plain-text excerpt in the asked language instead. */
export interface ManualSummary {
  id: number;
  title: { nl: string; fr: string; en: string };
  excerpt: string;
  has_video: boolean;
  date_modified: string;
}
