import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useCategories, useProductList, useStoreSettings } from '../api/hooks';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ProductCard } from '../shop/ProductCard';
import { shopHref } from '../shop/filtering';
import { ButtonLink, ErrorState, otherLang, ProductImage, Skeleton, usePageLang } from '../ui';
import { useFirstPaintDone } from '../shell/firstPaint';

export default function HomePage() {
  const intl = useIntl();
  const pageLang = usePageLang();
  const settings = useStoreSettings();
  const categories = useCategories();
  const products = useProductList();
  useDocumentTitle(intl.formatMessage({ id: 'home.title' }));
  useFirstPaintDone(!categories.isPending);
  const siteName = settings.data?.siteName ?? 'Bakje';
  const highlights = (products.data ?? []).filter((p) => p.isNew || p.onSale).slice(0, 4);

  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <p className="hero__eyebrow">{intl.formatMessage({ id: 'home.eyebrow' })}</p>
          <h1 id="hero-title" className="hero__title">
            {intl.formatMessage({ id: 'home.heroTitle' }, { site: siteName })}
          </h1>
          <p className="hero__text">{settings.data?.shortDescription || intl.formatMessage({ id: 'home.heroText' })}</p>
          <div className="hero__actions">
            <ButtonLink to="/bestellen" size="lg" variant="primary">
              {intl.formatMessage({ id: 'home.cta' })}
            </ButtonLink>
            <ButtonLink to="/contact" size="lg" variant="secondary">
              {intl.formatMessage({ id: 'nav.contact' })}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="container home__section" aria-labelledby="home-categories">
        <h2 id="home-categories" className="section-title">
          {intl.formatMessage({ id: 'home.categories' })}
        </h2>
        {categories.isError && !categories.data ? (
          <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />
        ) : (
          <ul className="category-tiles">
            {categories.isPending
              ? Array.from({ length: 6 }, (_, i) => (
                  <li key={i}>
                    <Skeleton className="category-tile" height={140} />
                  </li>
                ))
              : (categories.data ?? []).map((c) => (
                  <li key={c.slug}>
                    <Link
                      className="category-tile"
                      to={shopHref({ filters: [{ name: 'category', values: [c.slug] }], search: '', orderby: null, order: 'DESC' })}
                    >
                      <ProductImage
                        className="category-tile__img"
                        src={c.image?.sourceUrl || c.image?.productCardUrl}
                        alt=""
                        width={320}
                        height={200}
                        loading="lazy"
                      />
                      <span className="category-tile__name" lang={otherLang(c.nameLang, pageLang)}>
                        {c.name}
                      </span>
                      <span className="category-tile__count">{intl.formatMessage({ id: 'home.productCount' }, { count: c.count })}</span>
                    </Link>
                  </li>
                ))}
          </ul>
        )}
      </section>

      {highlights.length > 0 ? (
        <section className="container home__section" aria-labelledby="home-highlights">
          <h2 id="home-highlights" className="section-title">
            {intl.formatMessage({ id: 'home.highlights' })}
          </h2>
          <div className="grid">
            {highlights.map((p) => (
              <ProductCard key={p.databaseId} product={p} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
