import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useCategories, useProductList } from '../api/hooks';
import type { ListProduct } from '../api/types';
import { lowestPrice } from '../shop/filtering';
import { EmptyState, ErrorState, otherLang, Price, ProductImage, Spinner, usePageLang } from '../ui';

/** Allergen codes the filter offers: the ones that occur on the menu, by name. */
function allergensOf(products: ListProduct[]): { code: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const p of products) for (const a of p.allergens) if (!seen.has(a.code)) seen.set(a.code, a.name);
  return [...seen].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The menu for a finger: the category rail, the allergen filter and the product tiles. */
export function KioskMenu({ onOpen }: { onOpen: (product: ListProduct) => void }) {
  const intl = useIntl();
  const categories = useCategories();
  const pageLang = usePageLang();
  const products = useProductList();
  const [chosen, setChosen] = useState<string | null>(null);
  const [avoid, setAvoid] = useState<string[]>([]);
  const [filterOpen, setFilterOpen] = useState(false);
  const all = useMemo(() => products.data ?? [], [products.data]);
  const rail = useMemo(
    () => (categories.data ?? []).filter((c) => all.some((p) => p.productCategories.nodes.some((n) => n.slug === c.slug))),
    [categories.data, all],
  );
  const category = chosen ?? rail[0]?.slug ?? null;
  const shown = all.filter(
    (p) => (!category || p.productCategories.nodes.some((n) => n.slug === category)) && !p.allergens.some((a) => avoid.includes(a.code)),
  );
  const hidden = all.filter(
    (p) => (!category || p.productCategories.nodes.some((n) => n.slug === category)) && p.allergens.some((a) => avoid.includes(a.code)),
  ).length;
  const allergens = useMemo(() => allergensOf(all), [all]);

  if (products.isError || categories.isError) return <ErrorState onRetry={() => void products.refetch()} />;
  if (!products.data || !categories.data) {
    return (
      <div className="kiosk-menu kiosk-menu--loading">
        <Spinner size="lg" label={intl.formatMessage({ id: 'kiosk.loading' })} />
      </div>
    );
  }

  return (
    <div className="kiosk-menu">
      <nav className="kiosk-rail" aria-label={intl.formatMessage({ id: 'kiosk.categories' })}>
        {rail.map((c) => (
          <button
            key={c.slug}
            type="button"
            className="kiosk-rail__item"
            aria-pressed={c.slug === category}
            onClick={() => setChosen(c.slug)}
            data-testid={`kiosk-category-${c.slug}`}
          >
            {c.image?.thumbnailUrl ? <img src={c.image.thumbnailUrl} alt="" width={56} height={42} /> : null}
            <span lang={otherLang(c.nameLang, pageLang)}>{c.name}</span>
          </button>
        ))}
      </nav>
      <div className="kiosk-products">
        <div className="kiosk-filter">
          <button
            type="button"
            className="kiosk-filter__toggle"
            aria-expanded={filterOpen}
            aria-controls="kiosk-allergens"
            onClick={() => setFilterOpen((o) => !o)}
            data-testid="kiosk-allergen-toggle"
          >
            {intl.formatMessage({ id: 'kiosk.allergenFilter' })}
            {avoid.length ? ` (${avoid.length})` : ''}
          </button>
          {hidden > 0 ? <span className="kiosk-filter__hidden">{intl.formatMessage({ id: 'kiosk.allergenHidden' }, { count: hidden })}</span> : null}
          {filterOpen ? (
            <div id="kiosk-allergens" className="kiosk-filter__panel" role="group" aria-label={intl.formatMessage({ id: 'kiosk.allergenHint' })}>
              <p>{intl.formatMessage({ id: 'kiosk.allergenHint' })}</p>
              {allergens.map((a) => (
                <button
                  key={a.code}
                  type="button"
                  className="kiosk-chip"
                  aria-pressed={avoid.includes(a.code)}
                  onClick={() => setAvoid((list) => (list.includes(a.code) ? list.filter((c) => c !== a.code) : [...list, a.code]))}
                  data-testid={`kiosk-allergen-${a.code}`}
                >
                  {a.name}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        {shown.length === 0 ? (
          <EmptyState title={intl.formatMessage({ id: 'kiosk.noProducts' })} />
        ) : (
          <ul className="kiosk-grid" aria-label={rail.find((c) => c.slug === category)?.name}>
            {shown.map((p) => {
              const soldOut = p.stockStatus === 'OUT_OF_STOCK';
              const price = lowestPrice(p);
              return (
                <li key={p.databaseId}>
                  <button type="button" className="kiosk-tile" disabled={soldOut} onClick={() => onOpen(p)} data-testid="kiosk-product" data-slug={p.slug}>
                    <ProductImage
                      src={p.image?.productCardUrl || p.image?.sourceUrl || null}
                      alt=""
                      width={240}
                      height={180}
                      sizes="240px"
                      className="kiosk-tile__img"
                    />
                    <span className="kiosk-tile__name">{p.name}</span>
                    <span className="kiosk-tile__price">
                      {soldOut ? intl.formatMessage({ id: 'product.soldOut' }) : price !== null ? <Price amount={price} /> : null}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
