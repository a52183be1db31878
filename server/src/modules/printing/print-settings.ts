import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

export const PRINT_SETTINGS_KEY = 'printing';
export const NOT_CONFIGURED = 'PrintNode API key or Printer ID is not set.';

/**
 * The 'printing' settings row (docs/product.md §9): flags default on, one kitchen copy, seller details are
 * placeholders until the owner fills them in. A printer is a PrintNode printer id ("73001") or a LAN
 * printer ("192.168.1.50:9100").
 */
export const printSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  customerTicket: z.boolean().default(true),
  /**
   * The delivery/takeaway label with the lines' allergens, printed with the customer ticket on its printer
   * (docs/decisions/0084-allergens-at-the-door-own-container.md). On by default: the law wants the allergens
   * to travel with food sold at a distance.
   */
  allergenLabel: z.boolean().default(true),
  kitchenTicket: z.boolean().default(true),
  kitchenCopies: z.number().int().min(0).max(10).default(1),
  customerPrinter: z.string().trim().max(200).default(''),
  kitchenPrinter: z.string().trim().max(200).default(''),
  printNodeApiKey: z.string().trim().max(200).default(''),
  printNodeBaseUrl: z.url().default('https://api.printnode.com'),
  seller: z
    .object({
      name: z.string().max(48).default('Uw frituur'),
      address: z.array(z.string().max(48)).max(4).default(['Straat 1', '1000 Stad']),
      vatNumber: z.string().max(30).default('BE0000.000.000'),
    })
    .default({ name: 'Uw frituur', address: ['Straat 1', '1000 Stad'], vatNumber: 'BE0000.000.000' }),
});
export type PrintSettings = z.infer<typeof printSettingsSchema>;

/** A broken row falls back to the defaults (printing on, no printer: nothing is sent, a warning says why). */
export function parsePrintSettings(value: unknown): PrintSettings {
  const parsed = printSettingsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : printSettingsSchema.parse({});
}

const fromSnapshot = new WeakMap<Map<string, unknown>, PrintSettings>();

/** The print settings of a catalogue snapshot's settings rows, parsed once per snapshot (every cash checkout asks). */
export function printSettingsFrom(settingsRows: Map<string, unknown>): PrintSettings {
  let parsed = fromSnapshot.get(settingsRows);
  if (!parsed) {
    parsed = parsePrintSettings(settingsRows.get(PRINT_SETTINGS_KEY));
    fromSnapshot.set(settingsRows, parsed);
  }
  return parsed;
}

export async function readPrintSettings(db: DbOrTx): Promise<PrintSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, PRINT_SETTINGS_KEY));
  return parsePrintSettings(row?.value);
}

/** Validates a change strictly (bad input changes nothing) and stores the merged settings. */
export async function updatePrintSettings(db: DbOrTx, patch: Partial<PrintSettings>): Promise<PrintSettings> {
  const current = await readPrintSettings(db);
  const next = printSettingsSchema.parse({ ...current, ...patch });
  await db
    .insert(settings)
    .values({ key: PRINT_SETTINGS_KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
  return next;
}

export type PrinterTarget = { type: 'printnode'; printerId: number } | { type: 'lan'; host: string; port: number };

/** "73001" -> PrintNode printer; "host:port" or "tcp://host:port" -> LAN printer; anything else -> null. */
export function parsePrinterTarget(value: string): PrinterTarget | null {
  const text = value.trim();
  if (/^\d{1,15}$/.test(text)) {
    const printerId = Number(text);
    return printerId > 0 ? { type: 'printnode', printerId } : null;
  }
  const match = /^(?:tcp:\/\/)?([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):(\d{1,5})$/.exec(text);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  return { type: 'lan', host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

export function describeTarget(target: PrinterTarget): string {
  return target.type === 'printnode' ? `printnode:${target.printerId}` : `lan:${target.host}:${target.port}`;
}
