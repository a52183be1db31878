import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type {
  KioskAttractItem,
  KioskAttractSettings,
  KioskDeviceConfig,
  KioskDeviceInput,
  KioskDeviceView,
  KioskSession,
  KioskSuggestionSettings,
} from '@bakje/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { categories, kioskDevices, kioskPairings, media, settings } from '../../db/schema/index.js';
import type { CategorySlug } from '../demo-shop/demo-menu.js';
import { DomainError } from '../../errors/domain-error.js';
import { Throttle, TooManyAttemptsError, type WindowRule } from '../auth/throttle.js';
import type { KioskEvents } from './kiosk-events.js';

/**
 * Kiosk devices and their pairing (issue 15, docs/decisions/0041-kiosk-devices.md). An unpaired kiosk page holds
 * a random cookie and shows a short code; staff enter the code in the dashboard, which binds that cookie to the
 * device. Only sha256 of the cookie is stored; unpairing forgets it, so the next request of that page is refused.
 */

/** No 0/O, 1/I/L, 2/Z, 5/S, 8/B: a code read off a screen across a counter is typed right the first time. */
export const PAIRING_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const PAIRING_CODE_LENGTH = 6;
export const PAIRING_TTL_MS = 10 * 60_000;
/** Guessing codes in the dashboard: 10 tries per address and per staff member in 10 minutes. */
export const PAIR_ATTEMPTS_ADDRESS: WindowRule = { kind: 'window', name: 'kiosk-pair:address', limit: 10, windowSeconds: 600 };
export const PAIR_ATTEMPTS_STAFF: WindowRule = { kind: 'window', name: 'kiosk-pair:staff', limit: 10, windowSeconds: 600 };
/** New codes asked for by kiosk pages (no login): generous for a shop's kiosks behind one address. */
export const NEW_CODES_ADDRESS: WindowRule = { kind: 'window', name: 'kiosk-code:address', limit: 120, windowSeconds: 600 };

export const ATTRACT_SETTINGS_KEY = 'kiosk_attract';
export const SUGGESTIONS_SETTINGS_KEY = 'kiosk_suggestions';
/** Until the owner chooses (docs/decisions/0049-kiosk-video-suggestions-keyboard.md): the demo menu's sauces, then its drinks. */
export const DEFAULT_SUGGESTED_SLUGS = ['sauzen', 'dranken'] as const satisfies readonly CategorySlug[];
export const MAX_SUGGESTED_CATEGORIES = 6;

export const kioskDeviceInputSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(60),
    terminalId: z
      .string()
      .trim()
      .max(40)
      .regex(/^[\w-]*$/, 'letters, digits, - and _ only'),
    printerId: z.number().int().positive().max(2_147_483_647).nullable(),
    fulfilment: z
      .array(z.enum(['takeaway', 'dinein']))
      .min(1, 'choose at least one')
      .transform((v) => [...new Set(v)]),
    paymentMethods: z
      .array(z.enum(['terminal', 'counter']))
      .min(1, 'choose at least one')
      .transform((v) => [...new Set(v)]),
    idleSeconds: z.number().int().min(10).max(600),
    countdownSeconds: z.number().int().min(5).max(120),
    attractSeconds: z.number().int().min(10).max(3600),
    confirmationSeconds: z.number().int().min(5).max(300),
    printCounterOrdersAtOnce: z.boolean(),
  })
  .strict()
  .refine((v) => !v.paymentMethods.includes('terminal') || v.terminalId.length > 0, { path: ['terminalId'], message: 'a card terminal needs its terminal id' });

export const attractInputSchema = z
  .object({
    items: z.array(z.object({ mediaId: z.number().int().positive(), seconds: z.number().int().min(2).max(120) }).strict()).max(30),
  })
  .strict();

export const suggestionsInputSchema = z
  .object({
    categoryIds: z
      .array(z.number().int().positive().max(2_147_483_647))
      .max(MAX_SUGGESTED_CATEGORIES, `at most ${MAX_SUGGESTED_CATEGORIES} categories`)
      .refine((ids) => new Set(ids).size === ids.length, 'each category once'),
  })
  .strict();

export type KioskDeviceRow = typeof kioskDevices.$inferSelect;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Whether a page's device cookie belongs to a paired kiosk (read only: the cart requests of a kiosk ask this on
 * every change, so unlike KioskDevices.deviceOf it does not write lastSeenAt).
 */
export async function isPairedKiosk(db: Db, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ id: kioskDevices.id })
    .from(kioskDevices)
    .where(eq(kioskDevices.tokenHash, hashToken(token)))
    .limit(1);
  return row !== undefined;
}

export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  return code;
}

/** What staff type: spaces and dashes dropped, case ignored. */
export function normaliseCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

function invalidInput(error: z.ZodError): DomainError {
  const fields = [...new Set(error.issues.map((i) => i.path.join('.') || 'body'))];
  return new DomainError('INVALID_INPUT', `Invalid parameter(s): ${fields.join(', ')}`, {
    params: fields,
    problems: error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`),
  });
}

export function parseDeviceInput(body: unknown): KioskDeviceInput {
  const parsed = kioskDeviceInputSchema.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

const notFound = () => new DomainError('KIOSK_NOT_FOUND', 'This kiosk does not exist.');

export function deviceView(row: KioskDeviceRow): KioskDeviceView {
  return {
    id: row.id,
    name: row.name,
    terminalId: row.terminalId,
    printerId: row.printerId,
    fulfilment: row.fulfilment,
    paymentMethods: row.paymentMethods,
    idleSeconds: row.idleSeconds,
    countdownSeconds: row.countdownSeconds,
    attractSeconds: row.attractSeconds,
    confirmationSeconds: row.confirmationSeconds,
    printCounterOrdersAtOnce: row.printCounterOrdersAtOnce,
    paired: row.tokenHash !== null,
    pairedAt: row.tokenHash && row.pairedAt ? row.pairedAt.toISOString() : null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}

export interface KioskDevicesDeps {
  db: Db;
  clock: () => Date;
  events: KioskEvents;
}

/** Devices, pairing and the attract loop. */
export class KioskDevices {
  private readonly throttle: Throttle;

  constructor(private readonly deps: KioskDevicesDeps) {
    this.throttle = new Throttle(deps.db, deps.clock);
  }

  async list(): Promise<KioskDeviceView[]> {
    const rows = await this.deps.db.select().from(kioskDevices).orderBy(asc(kioskDevices.name), asc(kioskDevices.id));
    return rows.map(deviceView);
  }

  async get(id: number): Promise<KioskDeviceView> {
    return deviceView(await this.row(id));
  }

  private async row(id: number): Promise<KioskDeviceRow> {
    const [row] = await this.deps.db.select().from(kioskDevices).where(eq(kioskDevices.id, id));
    if (!row) throw notFound();
    return row;
  }

  async create(body: unknown): Promise<KioskDeviceView> {
    const input = parseDeviceInput(body);
    const now = this.deps.clock();
    const [row] = await this.deps.db
      .insert(kioskDevices)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning();
    return deviceView(row!);
  }

  async update(id: number, body: unknown): Promise<KioskDeviceView> {
    const input = parseDeviceInput(body);
    const [row] = await this.deps.db
      .update(kioskDevices)
      .set({ ...input, updatedAt: this.deps.clock() })
      .where(eq(kioskDevices.id, id))
      .returning();
    if (!row) throw notFound();
    this.deps.events.toDevice(id, 'config');
    return deviceView(row);
  }

  async delete(id: number): Promise<void> {
    const [row] = await this.deps.db.delete(kioskDevices).where(eq(kioskDevices.id, id)).returning({ id: kioskDevices.id });
    if (!row) throw notFound();
    this.deps.events.toDevice(id, 'unpaired', { close: true });
  }

  /**
   * Binds the page showing `code` to the device. Every attempt counts against the address and the staff member
   * (a wrong code too), so codes cannot be guessed; a code works once and for 10 minutes.
   */
  async pair(id: number, rawCode: unknown, who: { ip: string; staffId: number }): Promise<KioskDeviceView> {
    try {
      await this.throttle.take([
        [PAIR_ATTEMPTS_STAFF, String(who.staffId)],
        [PAIR_ATTEMPTS_ADDRESS, who.ip],
      ]);
    } catch (error) {
      if (error instanceof TooManyAttemptsError) throw new DomainError('TOO_MANY_ATTEMPTS', error.message);
      throw error;
    }
    const code = typeof rawCode === 'string' ? normaliseCode(rawCode) : '';
    if (code.length !== PAIRING_CODE_LENGTH || [...code].some((c) => !PAIRING_ALPHABET.includes(c))) {
      throw new DomainError('PAIRING_CODE_INVALID', 'This code is not valid. Enter the 6 characters the kiosk shows.', { params: ['code'] });
    }
    const now = this.deps.clock();
    const paired = await this.deps.db.transaction(async (tx) => {
      const [device] = await tx.select().from(kioskDevices).where(eq(kioskDevices.id, id)).for('update');
      if (!device) throw notFound();
      const [pairing] = await tx
        .update(kioskPairings)
        .set({ usedAt: now, deviceId: id })
        .where(and(eq(kioskPairings.code, code), isNull(kioskPairings.usedAt), gt(kioskPairings.expiresAt, now)))
        .returning();
      if (!pairing) {
        throw new DomainError('PAIRING_CODE_INVALID', 'This code is not valid or has expired. Enter the code the kiosk shows now.', { params: ['code'] });
      }
      // A device is one screen: pairing it again moves it to the new page, and the old page is unpaired.
      const [row] = await tx
        .update(kioskDevices)
        .set({ tokenHash: pairing.tokenHash, pairedAt: now, lastSeenAt: now, updatedAt: now })
        .where(eq(kioskDevices.id, id))
        .returning();
      return { row: row!, pairingId: pairing.id, wasPaired: device.tokenHash !== null };
    });
    if (paired.wasPaired) this.deps.events.toDevice(id, 'unpaired', { close: true });
    this.deps.events.toPairing(paired.pairingId, 'paired');
    return deviceView(paired.row);
  }

  async unpair(id: number): Promise<KioskDeviceView> {
    const [row] = await this.deps.db
      .update(kioskDevices)
      .set({ tokenHash: null, pairedAt: null, updatedAt: this.deps.clock() })
      .where(eq(kioskDevices.id, id))
      .returning();
    if (!row) throw notFound();
    this.deps.events.toDevice(id, 'unpaired', { close: true });
    return deviceView(row);
  }

  /** The device a page's cookie belongs to (undefined: not paired), and it was seen now. */
  async deviceOf(token: string | undefined): Promise<KioskDeviceRow | undefined> {
    if (!token || token.length > 200) return undefined;
    const now = this.deps.clock();
    const [row] = await this.deps.db
      .update(kioskDevices)
      .set({ lastSeenAt: now })
      .where(eq(kioskDevices.tokenHash, hashToken(token)))
      .returning();
    return row;
  }

  /** As deviceOf, refused when the page is not paired. */
  async requireDevice(token: string | undefined): Promise<KioskDeviceRow> {
    const device = await this.deviceOf(token);
    if (!device) throw new DomainError('KIOSK_NOT_PAIRED', 'This kiosk is not paired. Pair it in the dashboard with the code it shows.');
    return device;
  }

  /** The pending pairing of a page's cookie, when its code still works. */
  async pendingPairing(token: string | undefined): Promise<typeof kioskPairings.$inferSelect | undefined> {
    if (!token || token.length > 200) return undefined;
    const [row] = await this.deps.db
      .select()
      .from(kioskPairings)
      .where(and(eq(kioskPairings.tokenHash, hashToken(token)), isNull(kioskPairings.usedAt), gt(kioskPairings.expiresAt, this.deps.clock())));
    return row;
  }

  /**
   * GET /api/kiosk/session: a paired page gets its device; an unpaired one its code, a new code (and a new
   * cookie, returned as `token`) when it has none that still works or asks for a new one (`fresh`).
   */
  async session(token: string | undefined, ip: string, fresh = false): Promise<{ session: KioskSession; token?: string }> {
    const device = await this.deviceOf(token);
    if (device) return { session: { state: 'paired', device: await this.config(device) } };
    const pending = fresh ? undefined : await this.pendingPairing(token);
    if (pending) return { session: { state: 'unpaired', code: pending.code, expiresAt: pending.expiresAt.toISOString() } };
    try {
      await this.throttle.take([[NEW_CODES_ADDRESS, ip]]);
    } catch (error) {
      if (error instanceof TooManyAttemptsError) throw new DomainError('TOO_MANY_ATTEMPTS', error.message);
      throw error;
    }
    const now = this.deps.clock();
    await this.deps.db.delete(kioskPairings).where(or(lt(kioskPairings.expiresAt, now), ...(token ? [eq(kioskPairings.tokenHash, hashToken(token))] : [])));
    const expiresAt = new Date(now.getTime() + PAIRING_TTL_MS);
    for (let attempt = 0; ; attempt++) {
      const code = newPairingCode();
      // A code shown by two pages at once would pair the wrong one: codes in use are unique.
      const [taken] = await this.deps.db
        .select({ id: kioskPairings.id })
        .from(kioskPairings)
        .where(and(eq(kioskPairings.code, code), isNull(kioskPairings.usedAt), gt(kioskPairings.expiresAt, now)));
      if (taken && attempt < 10) continue;
      const newToken = randomBytes(32).toString('base64url');
      await this.deps.db.insert(kioskPairings).values({ code, tokenHash: hashToken(newToken), expiresAt, createdAt: now });
      return { session: { state: 'unpaired', code, expiresAt: expiresAt.toISOString() }, token: newToken };
    }
  }

  async config(device: KioskDeviceRow): Promise<KioskDeviceConfig> {
    return {
      id: device.id,
      name: device.name,
      fulfilment: device.fulfilment,
      paymentMethods: device.paymentMethods,
      hasTerminal: device.terminalId.length > 0,
      idleSeconds: device.idleSeconds,
      countdownSeconds: device.countdownSeconds,
      attractSeconds: device.attractSeconds,
      confirmationSeconds: device.confirmationSeconds,
      attract: (await this.attract()).items,
      suggestedCategories: await this.suggestedSlugs(),
    };
  }

  /** The categories suggested before paying; the demo's sauces and drinks until the owner saves a choice. */
  async suggestions(db: DbOrTx = this.deps.db): Promise<KioskSuggestionSettings> {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SUGGESTIONS_SETTINGS_KEY));
    const parsed = suggestionsInputSchema.safeParse(row?.value);
    if (row && parsed.success) {
      // A deleted category drops out; the rest keep their order.
      const ids = parsed.data.categoryIds;
      const found = ids.length ? await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids)) : [];
      const existing = new Set(found.map((c) => c.id));
      return { categoryIds: ids.filter((id) => existing.has(id)), isDefault: false };
    }
    const found = await db
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(inArray(categories.slug, [...DEFAULT_SUGGESTED_SLUGS]));
    const order = (slug: string) => (DEFAULT_SUGGESTED_SLUGS as readonly string[]).indexOf(slug);
    return { categoryIds: found.sort((a, b) => order(a.slug) - order(b.slug)).map((c) => c.id), isDefault: true };
  }

  /** The kiosk matches products by their categories' slugs (what the storefront catalogue carries). */
  private async suggestedSlugs(): Promise<string[]> {
    const { categoryIds } = await this.suggestions();
    if (categoryIds.length === 0) return [];
    const found = await this.deps.db.select({ id: categories.id, slug: categories.slug }).from(categories).where(inArray(categories.id, categoryIds));
    const slugOf = new Map(found.map((c) => [c.id, c.slug]));
    return categoryIds.flatMap((id) => (slugOf.has(id) ? [slugOf.get(id)!] : []));
  }

  async saveSuggestions(body: unknown): Promise<KioskSuggestionSettings> {
    const parsed = suggestionsInputSchema.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error);
    const ids = parsed.data.categoryIds;
    if (ids.length) {
      const found = await this.deps.db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
      const existing = new Set(found.map((c) => c.id));
      const missing = ids.findIndex((id) => !existing.has(id));
      if (missing >= 0) {
        throw new DomainError('INVALID_INPUT', `Invalid parameter(s): categoryIds.${missing}`, {
          params: [`categoryIds.${missing}`],
          problems: [`categoryIds.${missing}: no such category`],
        });
      }
    }
    const value = { categoryIds: ids };
    await this.deps.db
      .insert(settings)
      .values({ key: SUGGESTIONS_SETTINGS_KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: this.deps.clock() } });
    this.deps.events.toAllDevices('config');
    return this.suggestions();
  }

  /** The attract loop, shared by every kiosk; items whose media were deleted are left out. */
  async attract(db: DbOrTx = this.deps.db): Promise<KioskAttractSettings> {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, ATTRACT_SETTINGS_KEY));
    const parsed = attractInputSchema.safeParse(row?.value ?? { items: [] });
    const stored = parsed.success ? parsed.data.items : [];
    if (stored.length === 0) return { items: [] };
    const found = await db
      .select()
      .from(media)
      .where(
        inArray(
          media.id,
          stored.map((i) => i.mediaId),
        ),
      );
    const byId = new Map(found.map((m) => [m.id, m]));
    const items: KioskAttractItem[] = stored.flatMap((item) => {
      const m = byId.get(item.mediaId);
      if (!m) return [];
      return [{ mediaId: m.id, kind: m.mimeType.startsWith('video/') ? 'video' : 'image', url: m.src, seconds: item.seconds }];
    });
    return { items };
  }

  async saveAttract(body: unknown): Promise<KioskAttractSettings> {
    const parsed = attractInputSchema.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error);
    const ids = parsed.data.items.map((i) => i.mediaId);
    if (ids.length) {
      const found = await this.deps.db.select({ id: media.id, mimeType: media.mimeType }).from(media).where(inArray(media.id, ids));
      const usable = new Set(found.filter((m) => m.mimeType.startsWith('image/') || m.mimeType.startsWith('video/')).map((m) => m.id));
      const missing = parsed.data.items.findIndex((i) => !usable.has(i.mediaId));
      if (missing >= 0) {
        throw new DomainError('INVALID_INPUT', `Invalid parameter(s): items.${missing}.mediaId`, {
          params: [`items.${missing}.mediaId`],
          problems: [`items.${missing}.mediaId: not an image or video of the media library`],
        });
      }
    }
    const value = parsed.data;
    await this.deps.db
      .insert(settings)
      .values({ key: ATTRACT_SETTINGS_KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: this.deps.clock() } });
    this.deps.events.toAllDevices('config');
    return this.attract();
  }
}
