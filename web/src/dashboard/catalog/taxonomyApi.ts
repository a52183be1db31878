import type { Translations } from '@bakje/contract';
import { http, type HttpMethod } from '../../api/http';

/**
 * The dashboard's catalogue screens talk to the store REST API (docs/interfaces.md §2) with the staff login
 * cookie and CSRF header, as any integration would with a key: nothing private.
 */
export const WC = '/wp-json/wc/v3';
export const GLOBAL_ADDONS = '/wp-json/wc-product-add-ons/v2/global-add-ons';

export const taxonomyKeys = {
  categories: ['dashboard', 'catalog', 'categories'] as const,
  attributes: ['dashboard', 'catalog', 'attributes'] as const,
  terms: (attributeId: number) => ['dashboard', 'catalog', 'attributes', attributeId, 'terms'] as const,
  allergens: ['dashboard', 'catalog', 'allergens'] as const,
  tags: ['dashboard', 'catalog', 'tags'] as const,
  addons: ['dashboard', 'catalog', 'global-add-ons'] as const,
};

export const wc = <T>(method: HttpMethod, path: string, body?: unknown, signal?: AbortSignal) => http<T>(method, path, { body, signal });

/** Every page of a paged list (100 per page, the most the API gives), read until X-WP-TotalPages is reached. */
export async function allPages<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  const result: T[] = [];
  for (let page = 1; page < 1000; page++) {
    const separator = path.includes('?') ? '&' : '?';
    const items = await http<T[]>('GET', `${path}${separator}per_page=100&page=${page}`, { signal });
    result.push(...items);
    if (items.length < 100) break;
  }
  return result;
}

export type Lang = 'nl' | 'fr' | 'en';

/** A name in the dashboard's language (Dutch when the translation is empty). */
export function nameIn(lang: Lang, item: { name: string; translations: Translations }): string {
  return lang === 'nl' ? item.name : item.translations[lang] || item.name;
}

/** Case- and accent-insensitive "contains" over a name and its translations. */
export function matches(search: string, ...texts: string[]): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const needle = fold(search.trim());
  return needle === '' || texts.some((t) => fold(t).includes(needle));
}
