import type { StoreSettingsForm } from '@bakje/contract';
import { normaliseBelgianVat, storeFlagNames } from '@bakje/contract/store-settings';
import { z } from 'zod';

/** GET/PUT /api/settings/store and /api/settings/setup (settings.manage). */
export const STORE_SETTINGS_URL = '/api/settings/store';
export const SETUP_URL = '/api/settings/setup';
export const storeSettingsKey = ['dashboard', 'settings', 'store'] as const;
export const setupKey = ['dashboard', 'settings', 'setup'] as const;
export const LANGUAGES = ['nl', 'fr', 'en'] as const;
export { storeFlagNames };
export type { StoreSettingsForm };

const text = (max: number) => z.string().max(max, 'dashboard.settings.error.tooLong');
const optionalMatching = (max: number, ok: (v: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(max, 'dashboard.settings.error.tooLong')
    .refine((v) => v === '' || ok(v), message);
const url = optionalMatching(300, (v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v) && URL.canParse(v), 'dashboard.settings.error.url');
const languages = (max: number) => z.object({ nl: text(max), fr: text(max), en: text(max) });
const html = languages(50_000);
const image = z.object({ id: z.number(), src: z.string() }).nullable();

/**
 * The store settings form: the server's rules (contract/src/store-settings.ts) with message ids, so a mistake
 * shows at its field before anything is sent. The server checks again and names the field it refuses.
 */
export const storeSettingsFormSchema = z.object({
  siteName: z.string().trim().min(1, 'form.required').max(80, 'dashboard.settings.error.tooLong'),
  shortDescription: languages(200),
  address: text(200),
  vatNumber: optionalMatching(30, (v) => normaliseBelgianVat(v) !== null, 'dashboard.settings.error.vat'),
  logo: image,
  siteImage: image,
  flags: z.object(Object.fromEntries(storeFlagNames.map((name) => [name, z.boolean()])) as Record<(typeof storeFlagNames)[number], z.ZodBoolean>),
  saleBadge: z.enum(['percent', 'text']),
  phone: optionalMatching(40, (v) => /^\+?[\d\s()./-]{6,}$/.test(v), 'dashboard.settings.error.phone'),
  email: optionalMatching(200, (v) => z.email().safeParse(v).success, 'dashboard.settings.error.email'),
  contactIntro: html,
  facebook: url,
  instagram: url,
  tiktok: url,
  terms: html,
  privacy: html,
});
export type StoreSettingsFormValues = z.input<typeof storeSettingsFormSchema>;

const picked = (src: string | null) => (src ? { id: 0, src } : null);

export function formOf(settings: StoreSettingsForm): StoreSettingsFormValues {
  return {
    siteName: settings.siteName,
    shortDescription: settings.shortDescription,
    address: settings.address,
    vatNumber: settings.vatNumber,
    logo: picked(settings.logo),
    siteImage: picked(settings.siteImage),
    flags: Object.fromEntries(storeFlagNames.map((name) => [name, settings[name]])) as StoreSettingsFormValues['flags'],
    saleBadge: settings.saleBadge,
    phone: settings.contact.phone,
    email: settings.contact.email,
    contactIntro: settings.contact.intro,
    facebook: settings.social.facebook,
    instagram: settings.social.instagram,
    tiktok: settings.social.tiktok,
    terms: settings.pages.terms,
    privacy: settings.pages.privacy,
  };
}

export function bodyOf(v: z.output<typeof storeSettingsFormSchema>) {
  return {
    siteName: v.siteName.trim(),
    shortDescription: v.shortDescription,
    address: v.address.trim(),
    vatNumber: v.vatNumber,
    logo: v.logo?.src ?? null,
    siteImage: v.siteImage?.src ?? null,
    ...v.flags,
    saleBadge: v.saleBadge,
    contact: { phone: v.phone, email: v.email, intro: v.contactIntro },
    social: { facebook: v.facebook, instagram: v.instagram, tiktok: v.tiktok },
    pages: { terms: v.terms, privacy: v.privacy },
  };
}

/** The server's field paths (`social.facebook`, `pages.terms.fr`) as the form's fields. */
export function formFieldOf(path: string): string | undefined {
  if ((storeFlagNames as readonly string[]).includes(path)) return `flags.${path}`;
  // (Split paths: the message catalogue test reads quoted dotted strings as message ids.)
  const [group, name] = path.split('.');
  if (group === 'contact' && (name === 'phone' || name === 'email') && path.split('.').length === 2) return name;
  if (group === 'social' && ['facebook', 'instagram', 'tiktok'].includes(name ?? '')) return name;
  const intro = /^contact\.intro\.(nl|fr|en)$/.exec(path);
  if (intro) return `contactIntro.${intro[1]}`;
  const page = /^pages\.(terms|privacy)\.(nl|fr|en)$/.exec(path);
  if (page) return `${page[1]}.${page[2]}`;
  return ['siteName', 'address', 'vatNumber', 'logo', 'siteImage', 'saleBadge'].includes(path) || /^shortDescription\.(nl|fr|en)$/.test(path)
    ? path
    : undefined;
}
