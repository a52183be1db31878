import { z } from 'zod';
import type { Lang } from '../i18n/locale.js';
import { translate } from '../i18n/locale.js';

const translated = z.object({ nl: z.string(), fr: z.string().optional(), en: z.string().optional() });

/** The 'store' settings row. Display flags default as docs/product.md §3 "Store settings" lists them. */
export const storeSettingsSchema = z.object({
  siteName: z.string().min(1).default('Bakje'),
  shortDescription: translated.default({ nl: '' }),
  description: translated.default({ nl: '' }),
  siteImage: z.string().nullable().default('/media/logo.svg'),
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
  };
}
