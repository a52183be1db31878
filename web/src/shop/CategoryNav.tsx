import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Category } from '../api/types';
import { otherLang, Skeleton, usePageLang } from '../ui';
import { getFilterValues, setFilterValues, type FilterEntry } from './filtering';

/** Sticky category chips. A chip shows one category (filter=category[slug]); "All" removes the category filter. */
export function CategoryNav({
  categories,
  filters,
  hrefFor,
  loading,
}: {
  categories: Category[];
  filters: FilterEntry[];
  hrefFor: (change: { filters: FilterEntry[] }) => string;
  loading?: boolean;
}) {
  const intl = useIntl();
  const pageLang = usePageLang();
  const selected = getFilterValues(filters, 'category');
  const allActive = selected.length === 0;
  return (
    <nav className="category-nav" aria-label={intl.formatMessage({ id: 'shop.categories' })}>
      <ul className="category-nav__list container">
        <li>
          <Link
            className={`chip${allActive ? ' chip--active' : ''}`}
            to={hrefFor({ filters: setFilterValues(filters, 'category', []) })}
            aria-current={allActive ? 'page' : undefined}
          >
            {intl.formatMessage({ id: 'shop.allCategories' })}
          </Link>
        </li>
        {loading && categories.length === 0
          ? Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <Skeleton className="chip chip--skeleton" width={96} height={36} />
              </li>
            ))
          : categories.map((c) => {
              // Several categories may be chosen in the filter panel: each chosen one is highlighted (issue 17).
              const active = selected.includes(c.slug);
              return (
                <li key={c.slug}>
                  <Link
                    className={`chip${active ? ' chip--active' : ''}`}
                    to={hrefFor({ filters: setFilterValues(filters, 'category', [c.slug]) })}
                    aria-current={active && selected.length === 1 ? 'page' : undefined}
                    data-category={c.slug}
                    lang={otherLang(c.nameLang, pageLang)}
                  >
                    {c.name}
                  </Link>
                </li>
              );
            })}
      </ul>
    </nav>
  );
}
