import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { storeSettingsInput, type StoreLanguage, type StoreSettingsForm, type StoreSettingsInput } from '@bakje/contract';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import type { Lang } from '../i18n/locale.js';
import { translate } from '../i18n/locale.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';

export const STORE_SETTINGS_KEY = 'store';

const translated = z.object({ nl: z.string(), fr: z.string().optional(), en: z.string().optional() });
/** Per language on its own: an empty language means "the built-in text", never another language's text. */
const perLanguage = z.object({ nl: z.string().default(''), fr: z.string().default(''), en: z.string().default('') });
const noText = { nl: '', fr: '', en: '' };

/** The 'store' settings row. Display flags default as docs/product.md §3 "Store settings" lists them. */
export const storeSettingsSchema = z.object({
  siteName: z.string().min(1).default('Bakje'),
  shortDescription: translated.default({ nl: '' }),
  description: translated.default({ nl: '' }),
  siteImage: z.string().nullable().default('/media/logo.svg'),
  /** The header's logo; null = the built-in one. */
  logo: z.string().nullable().default(null),
  /** Normalised (BE0123456749); '' = not set. */
  vatNumber: z.string().default(''),
  autoOpenCart: z.boolean().default(false),
  showReviews: z.boolean().default(true),
  showFilters: z.boolean().default(true),
  showOrderByDropdown: z.boolean().default(true),
  showSKU: z.boolean().default(true),
  showRelatedProducts: z.boolean().default(true),
  showProductCategoriesOnSingleProduct: z.boolean().default(true),
  showBreadcrumbOnSingleProduct: z.boolean().default(true),
  showMoveToWishlist: z.boolean().default(true),
  saleBadge: z.enum(['percent', 'text']).default('percent'),
  productsPerPage: z.number().int().min(1).max(100).default(24),
  contact: z
    .object({
      phone: z.string().nullable().optional(),
      email: z.string().nullable().optional(),
      address: z.string().nullable().optional(),
      facebook: z.string().nullable().optional(),
      instagram: z.string().nullable().optional(),
      tiktok: z.string().nullable().optional(),
    })
    .default({}),
  /** The contact page's own text (sanitized HTML) per language. */
  contactIntro: perLanguage.default(noText),
  /** The terms and privacy pages (sanitized HTML) per language; '' = the built-in default text. */
  pages: z.object({ terms: perLanguage.default(noText), privacy: perLanguage.default(noText) }).default({ terms: noText, privacy: noText }),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** Reads the stored value leniently: a broken row falls back to the defaults instead of breaking the shop. */
export function parseStoreSettings(value: unknown): StoreSettings {
  const parsed = storeSettingsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : storeSettingsSchema.parse({});
}

export function localisedStoreSettings(settings: StoreSettings, lang: Lang) {
  return {
    ...settings,
    shortDescription: translate(settings.shortDescription, lang),
    description: translate(settings.description, lang),
    contactIntro: settings.contactIntro[lang] || null,
    termsPage: settings.pages.terms[lang] || null,
    privacyPage: settings.pages.privacy[lang] || null,
  };
}

/** Sanitized HTML, or '' when nothing readable is left (an editor's empty `<p></p>` means "use the default"). */
function cleanHtml(html: string): string {
  const clean = sanitizeRichText(html).trim();
  const visible = clean
    .replace(/<(?!img\b)[^>]*>/gi, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return visible === '' && !/<img\b/i.test(clean) ? '' : clean;
}

const cleanLanguages = (texts: Record<StoreLanguage, string>) => ({ nl: cleanHtml(texts.nl), fr: cleanHtml(texts.fr), en: cleanHtml(texts.en) });

/** The row as the dashboard's store settings form edits it. */
export function storeSettingsForEditing(stored: StoreSettings): StoreSettingsForm {
  const contact = stored.contact;
  return {
    siteName: stored.siteName,
    shortDescription: { nl: stored.shortDescription.nl, fr: stored.shortDescription.fr ?? '', en: stored.shortDescription.en ?? '' },
    address: contact.address ?? '',
    vatNumber: stored.vatNumber,
    logo: stored.logo,
    siteImage: stored.siteImage,
    autoOpenCart: stored.autoOpenCart,
    showReviews: stored.showReviews,
    showFilters: stored.showFilters,
    showOrderByDropdown: stored.showOrderByDropdown,
    showSKU: stored.showSKU,
    showRelatedProducts: stored.showRelatedProducts,
    showProductCategoriesOnSingleProduct: stored.showProductCategoriesOnSingleProduct,
    showBreadcrumbOnSingleProduct: stored.showBreadcrumbOnSingleProduct,
    showMoveToWishlist: stored.showMoveToWishlist,
    saleBadge: stored.saleBadge,
    contact: { phone: contact.phone ?? '', email: contact.email ?? '', intro: stored.contactIntro },
    social: { facebook: contact.facebook ?? '', instagram: contact.instagram ?? '', tiktok: contact.tiktok ?? '' },
    pages: stored.pages,
  };
}

export async function loadStoreSettings(db: DbOrTx): Promise<StoreSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, STORE_SETTINGS_KEY));
  return parseStoreSettings(row?.value);
}

/**
 * Saves the form (validated by the caller with `storeSettingsInput`; parsed again here so nothing unchecked is
 * stored). Keeps what the form does not edit (long description, products per page). The write bumps the
 * catalogue version, so every instance's shop reads the new settings at once.
 */
export async function saveStoreSettings(db: DbOrTx, input: StoreSettingsInput): Promise<StoreSettingsForm> {
  const form = storeSettingsInput.parse(input);
  const current = await loadStoreSettings(db);
  const orNull = (v: string) => (v === '' ? null : v);
  const next: StoreSettings = storeSettingsSchema.parse({
    ...current,
    siteName: form.siteName,
    shortDescription: form.shortDescription,
    vatNumber: form.vatNumber,
    logo: form.logo,
    siteImage: form.siteImage,
    autoOpenCart: form.autoOpenCart,
    showReviews: form.showReviews,
    showFilters: form.showFilters,
    showOrderByDropdown: form.showOrderByDropdown,
    showSKU: form.showSKU,
    showRelatedProducts: form.showRelatedProducts,
    showProductCategoriesOnSingleProduct: form.showProductCategoriesOnSingleProduct,
    showBreadcrumbOnSingleProduct: form.showBreadcrumbOnSingleProduct,
    showMoveToWishlist: form.showMoveToWishlist,
    saleBadge: form.saleBadge,
    contact: {
      phone: orNull(form.contact.phone),
      email: orNull(form.contact.email),
      address: orNull(form.address),
      facebook: orNull(form.social.facebook),
      instagram: orNull(form.social.instagram),
      tiktok: orNull(form.social.tiktok),
    },
    contactIntro: cleanLanguages(form.contact.intro),
    pages: { terms: cleanLanguages(form.pages.terms), privacy: cleanLanguages(form.pages.privacy) },
  });
  await db
    .insert(settings)
    .values({ key: STORE_SETTINGS_KEY, value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
  return storeSettingsForEditing(next);
}
