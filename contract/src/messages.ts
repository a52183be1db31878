import { z } from 'zod';

/**
 * Messages (banners, docs/decisions/0032-messages-manuals.md): the body and answer of
 * /api/dashboard/messages and /wp-json/wc/v3/messages. Texts in the three shop languages, nl (the default)
 * required; a level; the surfaces that show it; a window from starts_at to ends_at.
 */

export const messageLevels = ['info', 'warning'] as const;
export type MessageLevel = (typeof messageLevels)[number];

/** Where a message shows: the web shop, the kiosk, the order status screen, the menu boards. */
export const messageSurfaces = ['shop', 'kiosk', 'status_screen', 'menu_boards'] as const;
export type MessageSurface = (typeof messageSurfaces)[number];

/** scheduled: its window is still to come; showing: now within it; ended: past it. */
export type MessageState = 'scheduled' | 'showing' | 'ended';

export const MESSAGE_TEXT_MAX = 500;

const optionalText = z.string({ error: 'must be text' }).trim().max(MESSAGE_TEXT_MAX, `must be at most ${MESSAGE_TEXT_MAX} characters`).default('');

export const messageText = z
  .object(
    {
      nl: z
        .string({ error: 'is required (Dutch, the shop default)' })
        .trim()
        .min(1, 'is required (Dutch, the shop default)')
        .max(MESSAGE_TEXT_MAX, `must be at most ${MESSAGE_TEXT_MAX} characters`),
      fr: optionalText,
      en: optionalText,
    },
    { error: 'must be an object with nl, fr and en texts' },
  )
  .strict();

/**
 * An instant: ISO 8601 with an offset ("2026-11-24T17:00:00+01:00", "...Z"), or the shop's wall clock without
 * one ("2026-11-24T17:00"), read in the shop's time zone by the server.
 */
export const messageMoment = z
  .string({ error: 'must be a date and time such as 2026-11-24T17:00' })
  .regex(
    /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/,
    'must be a date and time such as 2026-11-24T17:00 (shop time) or with an offset',
  )
  .refine((value) => {
    const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
    const probe = new Date(Date.UTC(y, m - 1, d));
    return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
  }, 'must be a real date');

export const messageFields = {
  text: messageText,
  level: z.enum(messageLevels, { error: 'must be one of info, warning' }),
  surfaces: z
    .array(z.enum(messageSurfaces, { error: 'must hold only shop, kiosk, status_screen, menu_boards' }), {
      error: 'must be a list of surfaces (shop, kiosk, status_screen, menu_boards)',
    })
    .min(1, 'must hold at least one surface')
    .max(4)
    .transform((list) => [...new Set(list)]),
  starts_at: messageMoment,
  ends_at: messageMoment,
};

export const messageInput = z
  .object({
    text: messageFields.text,
    level: messageFields.level.default('info'),
    surfaces: messageFields.surfaces,
    starts_at: messageFields.starts_at,
    ends_at: messageFields.ends_at,
  })
  .strict();
export type MessageInput = z.output<typeof messageInput>;

/** A change to one message: any of the fields; the merged message is checked as a whole (end after start). */
export const messagePatch = z
  .object({
    text: messageFields.text.optional(),
    level: messageFields.level.optional(),
    surfaces: messageFields.surfaces.optional(),
    starts_at: messageFields.starts_at.optional(),
    ends_at: messageFields.ends_at.optional(),
  })
  .strict();
export type MessagePatch = z.output<typeof messagePatch>;

/** A message as the API answers it; times are ISO 8601 with the shop's offset. */
export interface Message {
  id: number;
  text: { nl: string; fr: string; en: string };
  level: MessageLevel;
  surfaces: MessageSurface[];
  starts_at: string;
  ends_at: string;
  state: MessageState;
  date_created: string;
  date_modified: string;
}
