import type { Manual, ManualSummary } from '@bakje/contract';
import type { LocaleCode } from '../../i18n/locale';

/** /api/dashboard/manuals (read: every staff role; write: manuals.manage). */
export type { Manual, ManualSummary };
export const MANUALS_URL = '/api/dashboard/manuals';
export const manualsKey = ['dashboard', 'manuals'] as const;
export type ManualLang = 'nl' | 'fr' | 'en';

export const langOf = (locale: LocaleCode): ManualLang => locale.slice(0, 2) as ManualLang;

/** A manual's text in the reader's language, the Dutch one where that is empty. */
export const inLang = (texts: Record<ManualLang, string>, lang: ManualLang) => texts[lang]?.trim() || texts.nl;

/** The server's rule for a manual video (contract/src/manuals.ts): https, or a path on this server, ending in .mp4. */
export function isVideoAddress(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return /^\/[\w\-./%]+\.mp4$/i.test(value) && !value.includes('..');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && /\.mp4$/i.test(url.pathname);
  } catch {
    return false;
  }
}
