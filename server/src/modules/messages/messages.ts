import { asc, desc, eq, gt } from 'drizzle-orm';
import { messageInput, type Message, type MessageInput, type MessagePatch, type MessageState, type MessageSurface } from '@bakje/contract';
import type { DbOrTx } from '../../db/client.js';
import { messages } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { instantAt, isoInZone } from '../shop-time/shop-time.js';

/**
 * Banners (docs/decisions/0032-messages-manuals.md): managed by staff with `settings.manage` through
 * /api/dashboard/messages and the store API's /messages; read by the shop, kiosk, status screen and menu
 * boards through GraphQL `shopMessages(surface)`, from the catalogue snapshot (catalog/snapshot.ts), which
 * reloads when a message is written and when a window opens or closes.
 */

export type MessageRow = typeof messages.$inferSelect;

/** A window includes its start and excludes its end: at ends_at the message is gone. */
export function messageState(row: Pick<MessageRow, 'startsAt' | 'endsAt'>, now: Date): MessageState {
  if (now.getTime() < row.startsAt.getTime()) return 'scheduled';
  if (now.getTime() < row.endsAt.getTime()) return 'showing';
  return 'ended';
}

export function isShowing(row: MessageRow, surface: MessageSurface, now: Date): boolean {
  return messageState(row, now) === 'showing' && row.surfaces.includes(surface);
}

/** The next start or end after `now` among the messages, in epoch ms: what the shop shows changes then. */
export function nextMessageChange(rows: readonly MessageRow[], now: Date): number | null {
  let next: number | null = null;
  for (const row of rows) {
    for (const moment of [row.startsAt.getTime(), row.endsAt.getTime()]) {
      if (moment > now.getTime() && (next === null || moment < next)) next = moment;
    }
  }
  return next;
}

/** An instant from the API: with an offset as given, without one on the shop's wall clock. */
export function parseMoment(value: string, timeZone: string): Date {
  if (/(Z|[+-]\d{2}:\d{2})$/.test(value)) return new Date(value);
  const [hours, minutes] = value.slice(11, 16).split(':').map(Number) as [number, number];
  const seconds = value.length > 16 ? Number(value.slice(17, 19)) : 0;
  return new Date(instantAt(value.slice(0, 10), hours * 60 + minutes, timeZone).getTime() + seconds * 1000);
}

export function messageShape(row: MessageRow, now: Date, timeZone: string): Message {
  return {
    id: row.id,
    text: { nl: row.text.nl, fr: row.text.fr ?? '', en: row.text.en ?? '' },
    level: row.level,
    surfaces: row.surfaces as MessageSurface[],
    starts_at: isoInZone(row.startsAt, timeZone),
    ends_at: isoInZone(row.endsAt, timeZone),
    state: messageState(row, now),
    date_created: isoInZone(row.createdAt, timeZone),
    date_modified: isoInZone(row.updatedAt, timeZone),
  };
}

const notFound = () => new DomainError('MESSAGE_NOT_FOUND', 'Invalid ID.');

function windowOf(input: Pick<MessageInput, 'starts_at' | 'ends_at'>, timeZone: string) {
  const startsAt = parseMoment(input.starts_at, timeZone);
  const endsAt = parseMoment(input.ends_at, timeZone);
  if (endsAt.getTime() <= startsAt.getTime()) {
    throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): ends_at (must be after starts_at)', { params: ['ends_at'] });
  }
  return { startsAt, endsAt };
}

function rowValues(input: MessageInput, timeZone: string) {
  return {
    text: { nl: input.text.nl.trim(), fr: input.text.fr.trim(), en: input.text.en.trim() },
    level: input.level,
    surfaces: [...new Set(input.surfaces)],
    ...windowOf(input, timeZone),
  };
}

type Context = { now: Date; timeZone: string };

/** Newest window first; `state` narrows to scheduled, showing or ended ones. */
export async function listMessages(db: DbOrTx, ctx: Context, filter: { state?: MessageState } = {}): Promise<Message[]> {
  const rows = await db.select().from(messages).orderBy(desc(messages.startsAt), desc(messages.id));
  return rows.filter((row) => !filter.state || messageState(row, ctx.now) === filter.state).map((row) => messageShape(row, ctx.now, ctx.timeZone));
}

export async function getMessage(db: DbOrTx, id: number, ctx: Context): Promise<Message> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw notFound();
  return messageShape(row, ctx.now, ctx.timeZone);
}

export async function createMessage(db: DbOrTx, input: MessageInput, ctx: Context): Promise<Message> {
  const [row] = await db.insert(messages).values(rowValues(input, ctx.timeZone)).returning();
  return messageShape(row!, ctx.now, ctx.timeZone);
}

export async function updateMessage(db: DbOrTx, id: number, patch: MessagePatch, ctx: Context): Promise<Message> {
  const [current] = await db.select().from(messages).where(eq(messages.id, id));
  if (!current) throw notFound();
  const before = messageShape(current, ctx.now, ctx.timeZone);
  // The merged message is checked as a whole, as a new one would be.
  const merged = messageInput.parse({
    text: patch.text ?? before.text,
    level: patch.level ?? before.level,
    surfaces: patch.surfaces ?? before.surfaces,
    starts_at: patch.starts_at ?? before.starts_at,
    ends_at: patch.ends_at ?? before.ends_at,
  });
  const [row] = await db
    .update(messages)
    .set({ ...rowValues(merged, ctx.timeZone), updatedAt: ctx.now })
    .where(eq(messages.id, id))
    .returning();
  if (!row) throw notFound();
  return messageShape(row, ctx.now, ctx.timeZone);
}

export async function deleteMessage(db: DbOrTx, id: number, ctx: Context): Promise<Message> {
  const [row] = await db.delete(messages).where(eq(messages.id, id)).returning();
  if (!row) throw notFound();
  return messageShape(row, ctx.now, ctx.timeZone);
}

/** The messages that have not ended: what the catalogue snapshot keeps for the shop. */
export async function unendedMessages(db: DbOrTx, now: Date): Promise<MessageRow[]> {
  return db.select().from(messages).where(gt(messages.endsAt, now)).orderBy(asc(messages.startsAt), asc(messages.id));
}
