import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { formatMoney } from '@bakje/contract/money';
import { useIntl } from 'react-intl';
import { useCategories, useProductList, useStoreSettings, useTerms } from '../api/hooks';
import type { Category, ListProduct, Term } from '../api/types';
import { toIntlLocale } from '../i18n/locale';
import { useLocale } from '../i18n/LocaleProvider';
import { useDebouncedValue } from '../lib/useDebounced';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { NotFoundPage } from '../pages/NotFoundPage';
import { Button, ButtonLink, EmptyState, ErrorState, OtherLanguageNotice, untranslatedLang, usePageLang } from '../ui';
import { CloseIcon, FilterIcon } from '../ui/icons';
import { CategoryNav } from './CategoryNav';
import { FilterPanel, type AttributeGroup } from './FilterPanel';
import {
  DEFAULT_PER_PAGE,
  getFilterValues,
  runShopQuery,
  setFilterValues,
  shopHref,
  type FilterEntry,
  type ShopQuery,
  type SortKey,
  type SortOrder,
} from './filtering';
import { Pagination } from './Pagination';
import { ProductCard, ProductCardSkeleton } from './ProductCard';
import { useShopQuery } from './useShopQuery';
import { useFirstPaintDone } from '../shell/firstPaint';

/** docs/product.md §4: filtering, search and sorting are re-applied 50 to 100 ms after a change. */
export const APPLY_DELAY_MS = 75;

/** Cards in the first row of the grid (up to four wide): their images load at once, the rest lazily. */
const FIRST_ROW = 4;

const SORT_OPTIONS: { value: string; id: string }[] = [
  { value: '', id: 'sort.menu' },
  { value: 'date:DESC', id: 'sort.newest' },
  { value: 'price:ASC', id: 'sort.priceAsc' },
  { value: 'price:DESC', id: 'sort.priceDesc' },
  { value: 'rating:DESC', id: 'sort.rating' },
  { value: 'discount:DESC', id: 'sort.discount' },
  { value: 'alphabetically:ASC', id: 'sort.nameAsc' },
  { value: 'alphabetically:DESC', id: 'sort.nameDesc' },
];

function sortValue(query: Pick<ShopQuery, 'orderby' | 'order'>): string {
  return query.orderby ? `${query.orderby}:${query.order}` : '';
}

/** Attribute filter groups: taxonomies found on the products, terms from the terms query (else from the products). */
function attributeGroups(products: ListProduct[], terms: Term[] | undefined): AttributeGroup[] {
  const groups = new Map<string, AttributeGroup>();
  for (const p of products) {
    for (const t of p.terms.nodes) {
      if (!t.taxonomyName.startsWith('pa_')) continue;
      let group = groups.get(t.taxonomyName);
      if (!group) {
        const attr = p.attributes?.nodes.find((a) => a.slug === t.taxonomyName || a.name === t.taxonomyName);
        const fallback = t.taxonomyName.slice(3).replace(/[-_]/g, ' ');
        group = { taxonomy: t.taxonomyName, label: attr?.label || fallback.charAt(0).toUpperCase() + fallback.slice(1), terms: [] };
        groups.set(t.taxonomyName, group);
      }
      if (!group.terms.some((x) => x.slug === t.slug)) group.terms.push({ slug: t.slug, name: t.name || t.slug });
    }
  }
  if (terms?.length) {
    for (const group of groups.values()) {
      const fromApi = terms.filter((t) => t.taxonomyName === group.taxonomy);
      if (fromApi.length) group.terms = fromApi.map((t) => ({ slug: t.slug, name: t.name }));
    }
  }
  return [...groups.values()];
}

function ActiveFilters({
  filters,
  search,
  categories,
  attributes,
  hrefFor,
}: {
  filters: FilterEntry[];
  search: string;
  categories: Category[];
  attributes: AttributeGroup[];
  hrefFor: (change: Partial<Omit<ShopQuery, 'page'>>) => string;
}) {
  const intl = useIntl();
  const fmt = (n: string) => formatMoney(Number(n), intl.locale);
  const chips: { key: string; label: string; href: string }[] = [];
  if (search) chips.push({ key: 'search', label: intl.formatMessage({ id: 'filters.activeSearch' }, { search }), href: hrefFor({ search: '' }) });
  for (const entry of filters) {
    if (entry.name === 'category' || entry.name.startsWith('pa_')) {
      for (const v of entry.values) {
        const name =
          entry.name === 'category'
            ? (categories.find((c) => c.slug === v)?.name ?? v)
            : (attributes.find((a) => a.taxonomy === entry.name)?.terms.find((t) => t.slug === v)?.name ?? v);
        chips.push({
          key: `${entry.name}:${v}`,
          label: name,
          href: hrefFor({
            filters: setFilterValues(
              filters,
              entry.name,
              entry.values.filter((x) => x !== v),
            ),
          }),
        });
      }
    } else if (entry.name === 'price') {
      const [lo = '', hi = ''] = entry.values;
      const label =
        lo && hi
          ? intl.formatMessage({ id: 'filters.activePriceRange' }, { min: fmt(lo), max: fmt(hi) })
          : lo
            ? intl.formatMessage({ id: 'filters.activePriceMin' }, { min: fmt(lo) })
            : intl.formatMessage({ id: 'filters.activePriceMax' }, { max: fmt(hi) });
      chips.push({ key: 'price', label, href: hrefFor({ filters: setFilterValues(filters, 'price', []) }) });
    } else if (entry.name === 'rating') {
      chips.push({
        key: 'rating',
        label: intl.formatMessage({ id: 'filters.ratingAtLeast' }, { rating: Number(entry.values[0]) }),
        href: hrefFor({ filters: setFilterValues(filters, 'rating', []) }),
      });
    } else if (entry.name === 'sale' && entry.values[0] === 'true') {
      chips.push({ key: 'sale', label: intl.formatMessage({ id: 'filters.onSale' }), href: hrefFor({ filters: setFilterValues(filters, 'sale', []) }) });
    }
  }
  if (chips.length === 0) return null;
  return (
    <ul className="active-filters" aria-label={intl.formatMessage({ id: 'filters.active' })}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <ButtonLink to={chip.href} variant="chip" size="sm" aria-label={intl.formatMessage({ id: 'filters.remove' }, { filter: chip.label })}>
            {chip.label} <CloseIcon aria-hidden="true" />
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}

export default function ShopPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const { query, pageValid, hrefFor, update, locationKey } = useShopQuery();
  const settings = useStoreSettings();
  const categoriesQuery = useCategories();
  const productsQuery = useProductList();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const perPage = settings.data?.productsPerPage || DEFAULT_PER_PAGE;
  const showFilters = settings.data?.showFilters !== false;
  const showOrderByDropdown = settings.data?.showOrderByDropdown !== false;
  // The cards are the shop's largest render. The query store updates synchronously, so taken as it comes the
  // whole menu would render in one task that blocks input (TBT, docs/decisions/0052-main-thread.md); deferred,
  // React renders it at transition priority, in slices that yield to the browser.
  const listData = useDeferredValue(productsQuery.data);
  const products = useMemo(() => listData ?? [], [listData]);
  const categories = categoriesQuery.data ?? [];

  const taxonomies = useMemo(() => {
    const set = new Set<string>();
    for (const p of products) for (const t of p.terms.nodes) if (t.taxonomyName.startsWith('pa_')) set.add(t.taxonomyName);
    return [...set].sort();
  }, [products]);
  const termsQuery = useTerms(taxonomies);
  const attributes = useMemo(() => attributeGroups(products, termsQuery.data), [products, termsQuery.data]);

  // Re-apply 75 ms after the URL changes (docs/product.md §4), then scroll to the top.
  const appliedQuery = useDebouncedValue(query, APPLY_DELAY_MS);
  const appliedKey = useDebouncedValue(locationKey, APPLY_DELAY_MS);
  const result = useMemo(() => runShopQuery(products, appliedQuery, { perPage, locale: toIntlLocale(locale) }), [products, appliedQuery, perPage, locale]);
  const firstKey = useRef(appliedKey);
  useEffect(() => {
    if (appliedKey === firstKey.current) return;
    firstKey.current = appliedKey;
    window.scrollTo({ top: 0, behavior: 'instant' as ScrollBehavior });
  }, [appliedKey]);

  const heading = intl.formatMessage({ id: 'shop.title' });
  const pageLang = usePageLang();
  useDocumentTitle(query.page > 1 ? `${heading} – ${intl.formatMessage({ id: 'pagination.page' }, { page: query.page })}` : heading);

  // Until the deferred render has the products (an error shows at once).
  const loading = listData === undefined && !productsQuery.isError;
  useFirstPaintDone(!loading);
  if (!pageValid) return <NotFoundPage />;

  const changeFilters = (filters: FilterEntry[]) => update({ filters });
  const categoryFilter = getFilterValues(query.filters, 'category');
  const currentCategory = categoryFilter.length === 1 ? categories.find((c) => c.slug === categoryFilter[0]) : undefined;

  return (
    <div className="shop">
      <CategoryNav categories={categories} filters={query.filters} hrefFor={(c) => hrefFor(c)} loading={categoriesQuery.isPending} />
      <div className={`container shop__layout${showFilters ? '' : ' shop__layout--no-filters'}`}>
        {showFilters ? (
          <aside className={`shop__filters${filtersOpen ? ' is-open' : ''}`} aria-label={intl.formatMessage({ id: 'filters.title' })}>
            <h2 className="shop__filters-title">{intl.formatMessage({ id: 'filters.title' })}</h2>
            <FilterPanel id={filtersId} filters={query.filters} categories={categories} attributes={attributes} onChange={changeFilters} />
          </aside>
        ) : null}
        <section className="shop__results" aria-labelledby="shop-heading">
          <div className="shop__head">
            <h1 id="shop-heading" className="shop__title">
              {currentCategory ? currentCategory.name : heading}
            </h1>
            <p className="shop__count" aria-live="polite" data-testid="result-count">
              {loading
                ? intl.formatMessage({ id: 'common.loading' })
                : result.total === 0
                  ? intl.formatMessage({ id: 'shop.countNone' })
                  : intl.formatMessage({ id: 'shop.count' }, { from: result.from, to: result.to, total: result.total })}
            </p>
          </div>
          <div className="shop__toolbar">
            {showFilters ? (
              <Button
                variant="secondary"
                size="sm"
                className="shop__filters-toggle"
                aria-expanded={filtersOpen}
                aria-controls={filtersId}
                onClick={() => setFiltersOpen((v) => !v)}
                icon={<FilterIcon />}
              >
                {intl.formatMessage({ id: 'filters.title' })}
              </Button>
            ) : null}
            {showOrderByDropdown ? (
              <label className="sort">
                <span className="sort__label">{intl.formatMessage({ id: 'sort.label' })}</span>
                <select
                  className="sort__select"
                  name="sort"
                  value={sortValue(query)}
                  onChange={(e) => {
                    const [key, order] = e.target.value.split(':') as [SortKey | '', SortOrder | undefined];
                    update({ orderby: key || null, order: order ?? 'DESC' });
                  }}
                >
                  {SORT_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {intl.formatMessage({ id: o.id })}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
          <ActiveFilters filters={query.filters} search={query.search} categories={categories} attributes={attributes} hrefFor={hrefFor} />

          {productsQuery.isError && !productsQuery.data ? (
            <ErrorState error={productsQuery.error} onRetry={() => void productsQuery.refetch()} />
          ) : loading ? (
            <div className="grid" aria-busy="true">
              {Array.from({ length: 8 }, (_, i) => (
                <ProductCardSkeleton key={i} />
              ))}
            </div>
          ) : result.total === 0 ? (
            <EmptyState
              title={intl.formatMessage({ id: 'shop.emptyTitle' })}
              action={
                <ButtonLink to="/bestellen" variant="primary">
                  {intl.formatMessage({ id: 'filters.clear' })}
                </ButtonLink>
              }
            >
              <p>{query.search ? intl.formatMessage({ id: 'shop.emptySearch' }, { search: query.search }) : intl.formatMessage({ id: 'shop.emptyBody' })}</p>
            </EmptyState>
          ) : result.outOfRange ? (
            <EmptyState
              title={intl.formatMessage({ id: 'shop.pageOutOfRange' }, { page: query.page, count: result.pageCount })}
              action={
                <ButtonLink to={hrefFor({}, 1)} variant="primary">
                  {intl.formatMessage({ id: 'shop.firstPage' })}
                </ButtonLink>
              }
            />
          ) : (
            <>
              <OtherLanguageNotice lang={untranslatedLang(result.items, categories, pageLang)} />
              <div className="grid" data-testid="product-grid">
                {result.items.map((p, i) => (
                  <ProductCard key={p.databaseId} product={p} eagerImage={i < FIRST_ROW} />
                ))}
              </div>
              <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(p) => shopHref(query, p)} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
