import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useProduct, useStoreSettings } from '../api/hooks';
import { useCart } from '../cart/CartProvider';
import { useLocalMessage } from '../cart/useLocalMessage';
import { ReviewForm, WishlistButton } from '../account/ProductExtras';
import type { ImageData, ProductDetail, StockStatus, Variation } from '../api/types';
import { sanitizeHtml } from '../lib/sanitize';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { ErrorPageContent } from '../pages/NotFoundPage';
import { ProductBadges, ProductCard } from '../shop/ProductCard';
import { lowestPrice, parseRawPrices, shopHref } from '../shop/filtering';
import { AllergenIcons, Badge, Button, ErrorState, Notice, Price, ProductImage, QuantityStepper, Skeleton, Stars } from '../ui';
import { CheckIcon } from '../ui/icons';
import { AddonFields, firstInvalidFieldId } from './AddonFields';
import { lineTotal, maxAllowedQuantity, validateAddons, type AddonChoice, type AddonChoices, type AddonErrors } from './addons';
import './product.css';
import type { ServerProblem } from '../api/client';

function Gallery({ images, name }: { images: ImageData[]; name: string }) {
  const intl = useIntl();
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <div className="gallery">
      <div className="gallery__main">
        <ProductImage src={current?.sourceUrl || current?.productCardUrl || null} alt={current?.altText || name} width={800} height={600} />
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs" aria-label={intl.formatMessage({ id: 'product.gallery' })}>
          {images.map((img, i) => (
            <li key={`${img.sourceUrl}-${i}`}>
              <button
                type="button"
                className={`gallery__thumb${i === index ? ' is-active' : ''}`}
                aria-pressed={i === index}
                aria-label={intl.formatMessage({ id: 'product.showImage' }, { index: i + 1, count: images.length })}
                onClick={() => setIndex(i)}
              >
                <ProductImage src={img.thumbnailUrl || img.sourceUrl} alt="" width={96} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

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

function variationLabel(v: Variation): string {
  const parts = v.attributes.nodes.map((a) => a.label || a.value).filter(Boolean);
  return parts.length ? parts.join(' / ') : v.name;
}

function defaultVariation(product: ProductDetail): number | null {
  const variations = product.variations?.nodes ?? [];
  const defaults = product.defaultAttributes ?? [];
  if (defaults.length) {
    const match = variations.find((v) =>
      defaults.every((d) => v.attributes.nodes.some((a) => (a.name === d.name || a.name === `pa_${d.name}`) && a.value === d.value)),
    );
    if (match) return match.databaseId;
  }
  return null;
}

function Reviews({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const reviews = product.reviews.nodes;
  return (
    <section className="product__section" aria-labelledby="reviews-title" id="reviews">
      <h2 id="reviews-title" className="section-title">
        {intl.formatMessage({ id: 'reviews.title' }, { count: reviews.length })}
      </h2>
      {reviews.length === 0 ? (
        <p>{intl.formatMessage({ id: 'reviews.none' })}</p>
      ) : (
        <>
          <p className="reviews__average">
            <Stars rating={product.reviews.averageRating} />{' '}
            {intl.formatMessage({ id: 'reviews.average' }, { rating: intl.formatNumber(product.reviews.averageRating, { maximumFractionDigits: 1 }), count: reviews.length })}
          </p>
          <ol className="reviews">
            {reviews.map((r) => (
              <li key={r.id} className="review">
                <div className="review__head">
                  {r.author.node.avatar?.url ? <img className="review__avatar" src={r.author.node.avatar.url} alt="" width={40} height={40} loading="lazy" /> : null}
                  <p className="review__author">{r.author.node.name}</p>
                  {r.verified ? (
                    <Badge variant="new" className="review__verified">
                      <CheckIcon /> {intl.formatMessage({ id: 'reviews.verified' })}
                    </Badge>
                  ) : null}
                  <time className="review__date" dateTime={r.date}>
                    {intl.formatDate(r.date, { year: 'numeric', month: 'long', day: 'numeric' })}
                  </time>
                </div>
                <Stars rating={r.rating} size="sm" />
                <p className="review__content">{r.content}</p>
              </li>
            ))}
          </ol>
        </>
      )}
      <ReviewForm productId={product.databaseId} />
    </section>
  );
}

function ProductView({ product }: { product: ProductDetail }) {
  const intl = useIntl();
  const { data: settings } = useStoreSettings();
  const variations = useMemo(() => product.variations?.nodes ?? [], [product.variations]);
  const isVariable = product.type === 'VARIABLE' && variations.length > 0;
  const [variationId, setVariationId] = useState<number | null>(() => defaultVariation(product));
  const [choices, setChoices] = useState<AddonChoices>({});
  const [quantity, setQuantity] = useState(1);
  const [maxReached, setMaxReached] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<ServerProblem | null>(null);
  const cart = useCart();
  const local = useLocalMessage();
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
  const total = lineTotal(basePrice, product.addons, choices, quantity);

  const errors: AddonErrors = submitted ? validateAddons(product.addons, choices) : {};
  const variationError = submitted && isVariable && !variation;

  const images = [variation?.image, product.image, ...product.galleryImages.nodes]
    .filter((x): x is ImageData => !!x && !!x.sourceUrl)
    .filter((img, i, all) => all.findIndex((other) => other.sourceUrl === img.sourceUrl) === i);

  function setChoice(field: string, choice: AddonChoice) {
    setChoices((prev) => ({ ...prev, [field]: choice }));
    setDone(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (adding) return;
    setSubmitted(true);
    setAddError(null);
    const found = validateAddons(product.addons, choices);
    const invalidId = isVariable && !variation ? 'variation-picker' : firstInvalidFieldId(product.addons, found);
    if (invalidId) {
      setDone(false);
      requestAnimationFrame(() => {
        const el = document.getElementById(invalidId);
        const target = el instanceof HTMLFieldSetElement ? el.querySelector<HTMLElement>('input, select') : el;
        (target ?? el)?.focus();
      });
      return;
    }
    setAdding(true);
    const error = await cart.add({
      productId: product.databaseId,
      quantity,
      variationId: variation?.databaseId ?? null,
      addons: product.addons
        .filter((a) => a.type !== 'HEADING')
        .map((a) => ({ fieldName: a.fieldName, optionIds: choices[a.fieldName]?.options ?? [], value: choices[a.fieldName]?.text ?? '' }))
        .filter((a) => a.optionIds.length > 0 || a.value.trim() !== ''),
    });
    setAdding(false);
    if (error) {
      setAddError(error);
      setDone(false);
      return;
    }
    setDone(true);
  }

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
                <Link to={shopHref({ filters: [{ name: 'category', values: [category.slug] }], search: '', orderby: null, order: 'DESC' })}>{category.name}</Link>
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
          <h1 className="product__title">{product.name}</h1>
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
          {product.shortDescription ? <div className="product__short prose" dangerouslySetInnerHTML={{ __html: sanitizeHtml(product.shortDescription) }} /> : null}
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

          <form className="order-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={intl.formatMessage({ id: 'product.orderForm' })}>
            {isVariable ? (
              <fieldset id="variation-picker" className={`addon addon--radio variations${variationError ? ' has-error' : ''}`} aria-describedby={variationError ? 'variation-error' : undefined} tabIndex={-1}>
                <legend className="addon__label">
                  {intl.formatMessage({ id: 'product.chooseVariation' })}
                  <span aria-hidden="true"> *</span>
                </legend>
                <div className="variations__options">
                  {variations.map((v) => {
                    const price = parseRawPrices(v.rawPrice)[0];
                    const out = v.stockStatus === 'OUT_OF_STOCK';
                    return (
                      <label key={v.databaseId} className={`variation${v.databaseId === variationId ? ' is-selected' : ''}${out ? ' is-disabled' : ''}`}>
                        <input
                          type="radio"
                          name="variation"
                          value={v.databaseId}
                          checked={v.databaseId === variationId}
                          disabled={out}
                          onChange={() => {
                            setVariationId(v.databaseId);
                            setDone(false);
                          }}
                        />
                        <span className="variation__name">{variationLabel(v)}</span>
                        <span className="variation__price">
                          {out ? intl.formatMessage({ id: 'product.soldOut' }) : <Price amount={price} regular={v.onSale ? (parseRawPrices(v.regularPrice)[0] ?? null) : null} size="sm" />}
                        </span>
                      </label>
                    );
                  })}
                </div>
                {variationError ? (
                  <p className="field-error" id="variation-error" data-testid="field-error">
                    {intl.formatMessage({ id: 'form.required' })}
                  </p>
                ) : null}
              </fieldset>
            ) : null}

            <AddonFields addons={product.addons} choices={choices} errors={errors} basePrice={basePrice} onChange={setChoice} />

            <div className="order-form__qty">
              <QuantityStepper
                value={quantity}
                min={1}
                max={maxQty}
                disabled={soldOut}
                onChange={(q) => {
                  setQuantity(q);
                  if (q < maxQty) setMaxReached(false);
                  setDone(false);
                }}
                onMaxReached={() => setMaxReached(true)}
              />
              {maxReached ? (
                <p className="field-error" role="alert" data-testid="max-quantity">
                  {intl.formatMessage({ id: 'product.maxQuantity' })}
                </p>
              ) : null}
            </div>

            <p className="order-form__total" aria-live="polite">
              <span>{intl.formatMessage({ id: 'product.total' })}</span>{' '}
              <strong data-testid="line-total">
                <Price amount={total.totalCents / 100} size="lg" />
              </strong>
            </p>

            {submitted && (Object.keys(errors).length > 0 || variationError) ? (
              <Notice tone="error" role="alert">
                {intl.formatMessage({ id: 'form.fixErrors' })}
              </Notice>
            ) : null}
            {addError ? (
              <Notice tone="error" role="alert">
                <span data-testid="add-error">{local(addError)}</span>
              </Notice>
            ) : null}
            {done ? (
              <Notice tone="success">
                <span data-testid="added">{intl.formatMessage({ id: 'cart.added' }, { name: product.name })}</span>{' '}
                <Button variant="secondary" size="sm" onClick={cart.openPanel}>
                  {intl.formatMessage({ id: 'cart.view' })}
                </Button>
              </Notice>
            ) : null}

            <Button type="submit" size="lg" block disabled={soldOut} busy={adding} data-testid="add-to-cart">
              {soldOut ? intl.formatMessage({ id: 'product.soldOut' }) : intl.formatMessage({ id: 'product.addToCart' })}
            </Button>
          </form>
          <WishlistButton productId={product.databaseId} />
        </div>
      </div>

      {product.description ? (
        <section className="product__section" aria-labelledby="description-title">
          <h2 id="description-title" className="section-title">
            {intl.formatMessage({ id: 'product.description' })}
          </h2>
          <div className="prose" dangerouslySetInnerHTML={{ __html: sanitizeHtml(product.description) }} />
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
