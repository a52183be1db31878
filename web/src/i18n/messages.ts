import nl from './messages/nl-BE.json';
import type { LocaleCode } from './locale';

import type { MessageFormatElement } from 'react-intl';

/** Plain ICU strings in dev and tests; parsed ASTs in production builds (see vite.config.ts). */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

const loaded: Partial<Record<LocaleCode, Messages>> = { nl_BE: nl };

/** Dutch is bundled; French and English are fetched on demand. */
export async function loadMessages(locale: LocaleCode): Promise<Messages> {
  const cached = loaded[locale];
  if (cached) return cached;
  const mod = locale === 'fr_FR' ? await import('./messages/fr-FR.json') : await import('./messages/en-US.json');
  const messages = mod.default as Messages;
  loaded[locale] = messages;
  return messages;
}

const staffLoaded: Partial<Record<LocaleCode, Messages>> = {};

/**
 * The texts of the staff screens and the status display (dashboard, kitchen, printer, status screen), kept
 * out of the shop's first download: fetched when one of those screens opens (see StaffMessages).
 */
export async function loadStaffMessages(locale: LocaleCode): Promise<Messages> {
  const cached = staffLoaded[locale];
  if (cached) return cached;
  const mod =
    locale === 'fr_FR'
      ? await import('./messages/staff/fr-FR.json')
      : locale === 'en_US'
        ? await import('./messages/staff/en-US.json')
        : await import('./messages/staff/nl-BE.json');
  const messages = mod.default as Messages;
  staffLoaded[locale] = messages;
  return messages;
}
