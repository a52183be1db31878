import { z } from 'zod';
import { normaliseBelgianVat } from './store-settings-rules.js';

export { formatBelgianVat, normaliseBelgianVat, storeFlagNames, type StoreFlagName } from './store-settings-rules.js';

/**
 * The shop's identity, display flags, contact page, social links and legal pages as `/api/settings/store`
 * reads and saves them, and the first-run checklist of `/api/settings/setup`.
 * docs/decisions/0033-store-settings-setup-checklist.md.
 */

export const storeLanguages = ['nl', 'fr', 'en'] as const;
export type StoreLanguage = (typeof storeLanguages)[number];

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

export const setupStepIds = ['identity', 'hours', 'slots', 'menu', 'printer', 'payments', 'live'] as const;
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

/**
 * Why the shop is in test mode (docs/decisions/0070-test-and-live-mode.md), as message key suffixes:
 * a payment provider on its simulator or in its test environment, the virtual printer, no real printer, or
 * the owner has not switched to live yet.
 */
export const testModeReasons = [
  'multisafepaySimulator',
  'multisafepayTestEnvironment',
  'stripeSimulator',
  'stripeTestKeys',
  'virtualPrinter',
  'noPrinter',
  'notSwitched',
] as const;
export type TestModeReason = (typeof testModeReasons)[number];

/** `GET /api/shop-mode` (anyone: every screen shows a banner in test mode). */
export interface ShopModeView {
  mode: 'test' | 'live';
}

/** `GET /api/settings/shop-mode` (settings.manage): the mode and what keeps it in test. */
export interface ShopModeDetails extends ShopModeView {
  reasons: TestModeReason[];
}

/** What a refused switch to live names (the error's `data.fields`: `field` is the reason), each with its own sentence. */
export interface LiveModeMissing {
  reason: TestModeReason | 'multisafepayKeyRefused' | 'stripeKeyRefused' | 'testPrintNotConfirmed';
  message: string;
}
