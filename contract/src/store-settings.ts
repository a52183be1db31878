import { z } from 'zod';

/**
 * The shop's identity, display flags, contact page, social links and legal pages as `/api/settings/store`
 * reads and saves them, and the first-run checklist of `/api/settings/setup`.
 * docs/decisions/0033-store-settings-setup-checklist.md.
 */

export const storeLanguages = ['nl', 'fr', 'en'] as const;
export type StoreLanguage = (typeof storeLanguages)[number];

/**
 * A Belgian VAT number (enterprise number): BE, then 10 digits starting with 0 or 1 whose last two are
 * 97 minus the first eight modulo 97. Dots, spaces and a lower-case "be" are accepted on input.
 */
export function normaliseBelgianVat(value: string): string | null {
  const compact = value.replace(/[\s.-]/g, '').toUpperCase();
  const match = /^(?:BE)?([01]\d{9})$/.exec(compact);
  if (!match) return null;
  const digits = match[1]!;
  const check = 97 - (Number(digits.slice(0, 8)) % 97);
  return check === Number(digits.slice(8)) ? `BE${digits}` : null;
}

/** BE0123456789 as people write it: BE 0123.456.789. */
export function formatBelgianVat(value: string): string {
  const m = /^BE(\d{4})(\d{3})(\d{3})$/.exec(value);
  return m ? `BE ${m[1]}.${m[2]}.${m[3]}` : value;
}

const optionalText = (max: number) => z.string().trim().max(max);
/** A picture of the media library, kept as its site path (`/media/...`), so it loads from any address. */
const mediaPath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/media\/[A-Za-z0-9._\-/]+$/, 'expected an image of the media library (/media/...)')
  .refine((p) => !p.split('/').includes('..'), 'expected an image of the media library (/media/...)')
  .nullable();
/** A social profile: a full https (or http) address. */
const socialUrl = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || (/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v) && URL.canParse(v)), 'expected a web address starting with https://');
const phone = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === '' || /^\+?[\d\s()./-]{6,}$/.test(v), 'expected a phone number');
const email = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === '' || z.email().safeParse(v).success, 'expected an e-mail address');
/** Text in the three languages; Dutch is the shop's first language, the others may stay empty. */
const translatedText = (max: number) => z.object({ nl: optionalText(max), fr: optionalText(max), en: optionalText(max) });
/** Rich text (sanitized HTML) per language; an empty language shows the built-in default text. */
const translatedHtml = z.object({ nl: z.string().max(50_000), fr: z.string().max(50_000), en: z.string().max(50_000) });

export const storeFlagNames = [
  'autoOpenCart',
  'showReviews',
  'showFilters',
  'showOrderByDropdown',
  'showSKU',
  'showRelatedProducts',
  'showProductCategoriesOnSingleProduct',
  'showBreadcrumbOnSingleProduct',
  'showMoveToWishlist',
] as const;
export type StoreFlagName = (typeof storeFlagNames)[number];

export const storeSettingsInput = z.object({
  siteName: z.string().trim().min(1, 'must not be empty').max(80),
  shortDescription: translatedText(200),
  address: optionalText(200),
  vatNumber: z
    .string()
    .trim()
    .max(30)
    .refine((v) => v === '' || normaliseBelgianVat(v) !== null, 'expected a Belgian VAT number like BE 0123.456.749')
    .transform((v) => (v === '' ? '' : normaliseBelgianVat(v)!)),
  logo: mediaPath,
  siteImage: mediaPath,
  autoOpenCart: z.boolean(),
  showReviews: z.boolean(),
  showFilters: z.boolean(),
  showOrderByDropdown: z.boolean(),
  showSKU: z.boolean(),
  showRelatedProducts: z.boolean(),
  showProductCategoriesOnSingleProduct: z.boolean(),
  showBreadcrumbOnSingleProduct: z.boolean(),
  showMoveToWishlist: z.boolean(),
  saleBadge: z.enum(['percent', 'text']),
  contact: z.object({
    phone,
    email,
    intro: translatedHtml,
  }),
  social: z.object({ facebook: socialUrl, instagram: socialUrl, tiktok: socialUrl }),
  pages: z.object({ terms: translatedHtml, privacy: translatedHtml }),
});
export type StoreSettingsInput = z.input<typeof storeSettingsInput>;
/** What `GET /api/settings/store` answers and `PUT` returns after saving (HTML already sanitized). */
export type StoreSettingsForm = z.output<typeof storeSettingsInput>;

export const setupStepIds = ['identity', 'hours', 'slots', 'menu', 'printer', 'payments'] as const;
export type SetupStepId = (typeof setupStepIds)[number];

export interface SetupStep {
  id: SetupStepId;
  done: boolean;
  /** Why it counts or what is missing, as a message key suffix for the dashboard (e.g. 'cashOnly', 'noVat'). */
  detail: string | null;
  /** The dashboard page that sets it up; null when that page does not exist yet. */
  href: string | null;
}

/** `GET /api/settings/setup`: the first-run checklist, computed from the shop's data. */
export interface SetupChecklist {
  steps: SetupStep[];
  allDone: boolean;
  dismissed: boolean;
}
