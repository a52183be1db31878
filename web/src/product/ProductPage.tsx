import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useProduct, useStoreSettings } from '../api/hooks';
import { WishlistButton } from '../account/ProductExtras';
import type { ImageData, ProductDetail, StockStatus } from '../api/types';
import { sanitizeHtml } from '../lib/sanitize';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ErrorPageContent } from '../pages/NotFoundPage';
import { ProductBadges, ProductCard } from '../shop/ProductCard';
import { lowestPrice, parseRawPrices, shopHref } from '../shop/filtering';
import { AllergenIcons, Badge, ErrorState, InLanguage, Price, Skeleton, Stars } from '../ui';
import { CheckIcon } from '../ui/icons';
import { maxAllowedQuantity } from './addons';
import { Gallery } from './Gallery';
import { OrderForm } from './OrderForm';
import { Reviews } from './Reviews';
import './product.css';
import { useFirstPaintDone } from '../shell/firstPaint';

function StockLabel({ status }: { status: StockStatus | null | undefined }) {
  const intl = useIntl();
  if (status === 'OUT_OF_STOCK') return <Badge variant="soldout">{intl.formatMessage({ id: 'product.soldOut' })}</Badge>;
  if (status === 'ON_BACKORDER') return <Badge variant="info">{intl.formatMessage({ id: 'product.backorder' })}</Badge>;
  return (
    <span className="stock stock--in">
      <CheckIcon /> {intl.formatMessage({ id: 'product.inStock' })}
    </span>
  );
}

function defaultVariation(product: ProductDetail): number | null {
  const variations = product.variations?.nodes ?? [];
  const defaults = product.defaultAttributes?.nodes ?? [];
  if (defaults.length) {
    const match = variations.find((v) =>
      defaults.every((d) => v.attributes.nodes.some((a) => (a.name === d.name || a.name === `pa_${d.name}`) && a.value === d.value)),
    );
    if (match) return match.databaseId;
  }
  return null;
}

function ProductView({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const { data: settings } = useStoreSettings();
  const variations = useMemo(() => product.variations?.nodes ?? [], [product.variations]);
  const isVariable = product.type === 'VARIABLE' && variations.length > 0;
  const [variationId, setVariationId] = useState<number | null>(() => defaultVariation(product));
  const variation = variations.find((v) => v.databaseId === variationId) ?? null;

  const stockStatus = variation?.stockStatus ?? product.stockStatus;
  const soldOut = stockStatus === 'OUT_OF_STOCK';
  const basePrice = variation ? (parseRawPrices(variation.rawPrice)[0] ?? 0) : (lowestPrice(product) ?? 0);
  const regular = variation
    ? (parseRawPrices(variation.regularPrice)[0] ?? null)
    : product.onSale
      ? (parseRawPrices(product.rawRegularPrice)[0] ?? null)
      : null;
  const maxQty = maxAllowedQuantity(product.maxQuantity, variation?.stockQuantity ?? product.stockQuantity);

  const images = [variation?.image, product.image, ...product.galleryImages.nodes]
    .filter((x): x is ImageData => !!x && !!x.sourceUrl)
    .filter((img, i, all) => all.findIndex((other) => other.sourceUrl === img.sourceUrl) === i);

  const category = product.productCategories.nodes[0];
  const showSku = settings?.showSKU ?? true;

  return (
    <article className="container product" data-testid="product-page">
      {settings?.showBreadcrumbOnSingleProduct !== false ? (
        <nav className="breadcrumb" aria-label={intl.formatMessage({ id: 'product.breadcrumb' })}>
          <ol>
            <li>
              <Link to="/">{intl.formatMessage({ id: 'nav.home' })}</Link>
            </li>
            <li>
              <Link to="/bestellen">{intl.formatMessage({ id: 'nav.order' })}</Link>
            </li>
            {category ? (
              <li>
                <Link to={shopHref({ filters: [{ name: 'category', values: [category.slug] }], search: '', orderby: null, order: 'DESC' })}>
                  {category.name}
                </Link>
              </li>
            ) : null}
            <li aria-current="page">{product.name}</li>
          </ol>
        </nav>
      ) : null}

      <div className="product__main">
        <Gallery images={images} name={product.name} />
        <div className="product__info">
          <ProductBadges product={product} />
          <h1 className="product__title">
            <InLanguage lang={product.textLangs?.name}>{product.name}</InLanguage>
          </h1>
          {product.reviewCount > 0 ? (
            <a className="product__rating" href="#reviews">
              <Stars rating={product.averageRating} count={product.reviewCount} />
            </a>
          ) : null}
          <p className="product__price" data-testid="product-main-price">
            <Price amount={basePrice} regular={regular} size="lg" from={isVariable && !variation} />
          </p>
          <div className="product__meta">
            <StockLabel status={stockStatus} />
            {showSku && (variation?.sku || product.sku) ? (
              <span className="product__sku">
                {intl.formatMessage({ id: 'product.sku' })}: <span>{variation?.sku || product.sku}</span>
              </span>
            ) : null}
          </div>
          {product.shortDescription ? (
            <InLanguage lang={product.textLangs?.shortDescription} block>
              <div className="product__short prose" dangerouslySetInnerHTML={{ __html: sanitizeHtml(product.shortDescription) }} />
            </InLanguage>
          ) : null}
          {settings?.showProductCategoriesOnSingleProduct !== false && product.productCategories.nodes.length ? (
            <p className="product__categories">
              {intl.formatMessage({ id: 'product.categories' })}:{' '}
              {product.productCategories.nodes.map((c, i) => (
                <span key={c.slug}>
                  {i > 0 ? ', ' : ''}
                  <Link to={shopHref({ filters: [{ name: 'category', values: [c.slug] }], search: '', orderby: null, order: 'DESC' })}>{c.name}</Link>
                </span>
              ))}
            </p>
          ) : null}
          {product.allergens.length ? (
            <div className="product__allergens">
              <h2 className="product__subtitle">{intl.formatMessage({ id: 'allergens.label' })}</h2>
              <AllergenIcons allergens={product.allergens} showNames size="md" />
            </div>
          ) : (
            <p className="product__allergens-none">{intl.formatMessage({ id: 'allergens.none' })}</p>
          )}

          <OrderForm
            product={product}
            variations={variations}
            variation={variation}
            onVariation={setVariationId}
            basePrice={basePrice}
            soldOut={soldOut}
            maxQty={maxQty}
          />
          {settings?.showMoveToWishlist !== false ? <WishlistButton productId={product.databaseId} /> : null}
        </div>
      </div>

      {product.description ? (
        <section className="product__section" aria-labelledby="description-title">
          <h2 id="description-title" className="section-title">
            {intl.formatMessage({ id: 'product.description' })}
          </h2>
          <InLanguage lang={product.textLangs?.description} block>
            <div className="prose" dangerouslySetInnerHTML={{ __html: sanitizeHtml(product.description) }} />
          </InLanguage>
        </section>
      ) : null}

      {settings?.showReviews !== false ? <Reviews product={product} /> : null}

      {settings?.showRelatedProducts !== false && product.related.nodes.length ? (
        <section className="product__section" aria-labelledby="related-title">
          <h2 id="related-title" className="section-title">
            {intl.formatMessage({ id: 'product.related' })}
          </h2>
          <div className="grid grid--related">
            {product.related.nodes.slice(0, 5).map((p) => (
              <ProductCard key={p.databaseId} product={p} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}

function ProductSkeleton() {
  return (
    <div className="container product" aria-busy="true">
      <div className="product__main">
        <Skeleton className="gallery__main" height={360} />
        <div className="product__info">
          <Skeleton width="60%" height="2.2em" />
          <Skeleton width="30%" height="1.6em" />
          <Skeleton width="90%" height="5em" />
        </div>
      </div>
    </div>
  );
}

export default function ProductPage() {
  const intl = useIntl();
  const { slug = '' } = useParams();
  const query = useProduct(slug);
  const product = query.data;
  useDocumentTitle(product ? product.name : query.isPending ? intl.formatMessage({ id: 'common.loading' }) : intl.formatMessage({ id: 'product.notFound' }));

  useFirstPaintDone(!query.isPending);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [slug]);

  if (query.isPending) return <ProductSkeleton />;
  if (query.isError) {
    return (
      <div className="container">
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!product) return <ErrorPageContent status={404} title={intl.formatMessage({ id: 'product.notFound' })} />;
  return <ProductView key={product.databaseId} product={product} />;
}
