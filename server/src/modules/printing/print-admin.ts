import type { PublicPrintSettings } from '@bakje/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { TicketKind } from '../../db/schema/index.js';
import { parsePrinterTarget, readPrintSettings, updatePrintSettings, type PrintSettings } from './print-settings.js';
import { DomainError } from '../../errors/domain-error.js';

// The dashboard's view of the 'printing' settings (PublicPrintSettings): the PrintNode API key is a secret
// that can print on the shop's account, so it is written, never read back; staff only see whether one is set
// and how it ends.
export type { PublicPrintSettings };

/** The kinds the print handler would skip with NOT_CONFIGURED, mirroring its check (print-handler.ts). */
export function unconfiguredKinds(settings: PrintSettings): TicketKind[] {
  if (!settings.enabled) return [];
  const wanted: [TicketKind, boolean, string][] = [
    ['customer', settings.customerTicket, settings.customerPrinter],
    ['kitchen', settings.kitchenTicket && settings.kitchenCopies > 0, settings.kitchenPrinter],
  ];
  return wanted
    .filter(([, on, printer]) => {
      if (!on) return false;
      const target = parsePrinterTarget(printer);
      return !target || (target.type === 'printnode' && !settings.printNodeApiKey);
    })
    .map(([kind]) => kind);
}

export function publicPrintSettings(settings: PrintSettings): PublicPrintSettings {
  const { printNodeApiKey, ...rest } = settings;
  return {
    ...rest,
    printNodeApiKeySet: printNodeApiKey !== '',
    printNodeApiKeyEnding: printNodeApiKey.length >= 12 ? printNodeApiKey.slice(-4) : null,
    notConfigured: unconfiguredKinds(settings),
  };
}

const printer = z
  .string()
  .trim()
  .max(200)
  .refine((value) => value === '' || parsePrinterTarget(value) !== null, {
    message: 'A printer is a PrintNode printer id (e.g. 73001) or a LAN printer as host:port (e.g. 192.168.1.50:9100); leave it empty for none.',
  });
const line = (what: string) => z.string().trim().max(48, `${what} fits on the ticket in at most 48 characters.`);

/** What PUT /api/printing/settings accepts: any subset of the settings, nothing else. */
export const printSettingsPatchSchema = z
  .object({
    enabled: z.boolean(),
    customerTicket: z.boolean(),
    allergenLabel: z.boolean(),
    kitchenTicket: z.boolean(),
    kitchenCopies: z.number().int().min(0).max(10),
    customerPrinter: printer,
    kitchenPrinter: printer,
    // Absent keeps the stored key, '' clears it.
    printNodeApiKey: z.string().trim().max(200, 'The PrintNode API key is at most 200 characters.'),
    printNodeBaseUrl: z.url({ protocol: /^https?$/, error: 'The PrintNode address is an http:// or https:// URL.' }).max(200),
    seller: z
      .object({
        name: line('The name'),
        address: z.array(line('Each address line')).max(4, 'At most 4 address lines.'),
        vatNumber: z.string().trim().max(30, 'The VAT number is at most 30 characters.'),
      })
      .partial()
      .strict(),
  })
  .partial()
  .strict();
export type PrintSettingsPatch = z.infer<typeof printSettingsPatchSchema>;

const FIELD_MESSAGES: Record<string, string> = {
  enabled: 'enabled is true or false.',
  customerTicket: 'customerTicket is true or false.',
  allergenLabel: 'allergenLabel is true or false.',
  kitchenTicket: 'kitchenTicket is true or false.',
  kitchenCopies: 'Kitchen copies is a whole number from 0 to 10.',
};

const printSettingsRefused = (fields: { field: string; message: string }[]) =>
  new DomainError('PRINT_SETTINGS_INVALID', `Print settings not saved: ${fields.map((f) => `${f.field}: ${f.message}`).join(' ')}`, { fields });

/** Checks a patch; the error names each bad field ("seller.address.1", "" for the body itself). */
export function parsePrintSettingsPatch(body: unknown): PrintSettingsPatch {
  const parsed = printSettingsPatchSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, message: `Unknown setting "${key}".` }));
    }
    if (base === '') return [{ field: '', message: 'Send a JSON object with the settings to change.' }];
    return [{ field: base, message: FIELD_MESSAGES[base] ?? issue.message }];
  });
  throw printSettingsRefused(fields);
}

/** Applies a checked patch; the seller details merge field by field. */
export async function patchPrintSettings(db: Db, body: unknown): Promise<PublicPrintSettings> {
  const patch = parsePrintSettingsPatch(body);
  // One transaction, so two saves at once cannot interleave their read and write of the row.
  const next = await db.transaction(async (tx) => {
    const current = await readPrintSettings(tx);
    const { seller, ...rest } = patch;
    return updatePrintSettings(tx, { ...rest, ...(seller ? { seller: { ...current.seller, ...seller } } : {}) });
  });
  return publicPrintSettings(next);
}

export async function readPublicPrintSettings(db: Db): Promise<PublicPrintSettings> {
  return publicPrintSettings(await readPrintSettings(db));
}
