import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocale } from '../i18n/LocaleProvider';
import { gql } from './client';
import {
  GetAllTermsDocument,
  GetProductCategoriesDocument,
  GetProductDocument,
  GetProductsDocument,
  GetSoldOutAddonOptionsDocument,
  GetStoreSettingsDocument,
} from './catalog.generated';
import type { Category, ListProduct, ProductDetail, StoreSettings, Term } from './types';

/** Query keys carry the locale: switching language refetches the localised data. */
export const queryKeys = {
  settings: (locale: string) => ['storeSettings', locale] as const,
  categories: (locale: string) => ['productCategories', locale] as const,
  products: (locale: string, version?: number) => ['products', locale, version ?? 0] as const,
  product: (locale: string, slug: string) => ['product', locale, slug] as const,
  terms: (locale: string, taxonomies: readonly string[]) => ['terms', locale, ...taxonomies] as const,
  catalogVersion: ['catalogVersion'] as const,
};

export function useStoreSettings() {
  const { locale } = useLocale();
  return useQuery<StoreSettings>({
    queryKey: queryKeys.settings(locale),
    queryFn: ({ signal }) => gql(GetStoreSettingsDocument, undefined, { locale, signal, cacheable: true }).then((d) => d.storeSettings),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Categories ordered as the owner set them: custom order, then menu order, then name. */
export function sortCategories(categories: Category[]): Category[] {
  return categories
    .filter((c) => c.slug !== 'uncategorized' && c.slug !== 'opties' && c.customOrder <= 9999)
    .slice()
    .sort((a, b) => a.customOrder - b.customOrder || a.menuOrder - b.menuOrder || a.name.localeCompare(b.name));
}

export function useCategories() {
  const { locale } = useLocale();
  return useQuery<Category[]>({
    queryKey: queryKeys.categories(locale),
    queryFn: ({ signal }) =>
      gql(GetProductCategoriesDocument, undefined, { locale, signal, cacheable: true }).then((d) => sortCategories(d.productCategories.nodes)),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The full product list, fetched once; the shop filters, searches and sorts it in the browser (docs/product.md §4). */
export function useProductList(version?: number) {
  const { locale } = useLocale();
  return useQuery<ListProduct[]>({
    queryKey: queryKeys.products(locale, version),
    queryFn: ({ signal }) =>
      gql(GetProductsDocument, { first: 9999 }, { locale, signal, cacheable: true }).then((d) => d.products.nodes.filter((p) => p.type !== 'EXTERNAL')),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useProduct(slug: string) {
  const { locale } = useLocale();
  return useQuery<ProductDetail | null>({
    queryKey: queryKeys.product(locale, slug),
    queryFn: ({ signal }) => gql(GetProductDocument, { slug }, { locale, signal, cacheable: true }).then((d) => d.product),
    staleTime: 60_000,
  });
}

export function useTerms(taxonomies: readonly string[]) {
  const { locale } = useLocale();
  return useQuery<Term[]>({
    queryKey: queryKeys.terms(locale, taxonomies),
    queryFn: ({ signal }) => gql(GetAllTermsDocument, { taxonomies: [...taxonomies] }, { locale, signal, cacheable: true }).then((d) => d.terms.nodes),
    enabled: taxonomies.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Add-on options (sauces, extras) sold out today, for the digital menu boards; refetched on catalogue events. */
export function useSoldOutAddonOptions() {
  const { locale } = useLocale();
  return useQuery<{ databaseId: number; label: string }[]>({
    queryKey: ['soldOutAddonOptions', locale],
    queryFn: ({ signal }) => gql(GetSoldOutAddonOptionsDocument, undefined, { locale, signal, cacheable: true }).then((d) => d.soldOutAddonOptions),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
