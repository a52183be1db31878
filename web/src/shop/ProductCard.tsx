import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { ListProduct } from '../api/types';
import { useStoreSettings } from '../api/hooks';
import { useCart } from '../cart/CartProvider';
import { useLocalMessage } from '../cart/useLocalMessage';
import { AllergenIcons, Badge, Button, ButtonLink, Price, ProductImage, Skeleton, useOtherLang } from '../ui';
import { hasPriceRange, lowestPrice, parseRawPrices } from './filtering';
import { prefetchProductPage } from './prefetch';
import type { ClientErrorCode, ServerProblem } from '../api/client';

/** The price block of a list item: "from" price for a range, struck-through regular price on sale. */
export function ListPrice({ product, size = 'md' }: { product: ListProduct; size?: 'sm' | 'md' | 'lg' }) {
  const range = hasPriceRange(product);
  const current = lowestPrice(product);
  const regular = parseRawPrices(product.rawRegularPrice)[0] ?? null;
  return <Price amount={current} regular={product.onSale && !range ? regular : null} from={range} size={size} />;
}

export function ProductBadges({ product }: { product: Pick<ListProduct, 'stockStatus' | 'discountPercentage' | 'onSale' | 'isNew'> }) {
  const intl = useIntl();
  const soldOut = product.stockStatus === 'OUT_OF_STOCK';
  // saleBadge 'text' (store settings) shows "on sale" instead of the percentage.
  const saleBadge = useStoreSettings().data?.saleBadge ?? 'percent';
  const discount = saleBadge === 'percent' ? product.discountPercentage : 0;
  return (
    <div className="card__badges">
      {soldOut ? <Badge variant="soldout">{intl.formatMessage({ id: 'product.soldOut' })}</Badge> : null}
      {!soldOut && product.onSale && discount > 0 ? (
        <Badge variant="sale">
          <span className="visually-hidden">{intl.formatMessage({ id: 'product.discount' })} </span>-{discount}%
        </Badge>
      ) : null}
      {!soldOut && product.onSale && discount <= 0 ? <Badge variant="sale">{intl.formatMessage({ id: 'product.onSale' })}</Badge> : null}
      {product.isNew ? <Badge variant="new">{intl.formatMessage({ id: 'product.new' })}</Badge> : null}
    </div>
  );
}

/**
 * The card's link already carries the product name, so an image whose alt text would only repeat
 * it is marked decorative; a real description ("Frieten in een papieren puntzak") is kept.
 */
export function cardImageAlt(altText: string | null | undefined, name: string): string {
  const alt = altText?.trim() ?? '';
  return alt && alt.toLowerCase() !== name.trim().toLowerCase() ? alt : '';
}

/** Answers that mean "this product needs choices first" (the list was older than the product): open its page. */
const NEEDS_CHOICES = new Set<ClientErrorCode | undefined>(['FIELD_REQUIRED', 'CHOOSE_VARIATION']);

/**
 * Add to cart from a card: simple products go straight in; products with sizes or required choices say
 * "Choose" and open their page (issue 17: "Add to cart" that opened the page instead).
 */
function CardAddButton({ product, href }: { product: ListProduct; href: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const cart = useCart();
  const local = useLocalMessage();
  const [state, setState] = useState<'idle' | 'adding' | 'added'>('idle');
  const [error, setError] = useState<ServerProblem | null>(null);
  if (product.type !== 'SIMPLE' || product.addons.some((addon) => addon.required)) {
    return (
      <ButtonLink
        to={href}
        variant="secondary"
        size="sm"
        className="card__add"
        aria-label={intl.formatMessage({ id: 'cart.chooseFor' }, { name: product.name })}
      >
        {intl.formatMessage({ id: 'cart.choose' })}
      </ButtonLink>
    );
  }
  async function add() {
    setState('adding');
    setError(null);
    const failed = await cart.add({ productId: product.databaseId, quantity: 1 });
    if (failed && NEEDS_CHOICES.has(failed.code)) {
      void navigate(href);
      return;
    }
    setError(failed);
    setState(failed ? 'idle' : 'added');
  }
  return (
    <div className="card__add-wrap">
      <Button
        variant="primary"
        size="sm"
        className="card__add"
        busy={state === 'adding'}
        onClick={() => void add()}
        data-testid="card-add"
        aria-label={intl.formatMessage({ id: 'cart.addNamed' }, { name: product.name })}
      >
        {intl.formatMessage({ id: state === 'added' ? 'cart.addedShort' : 'cart.add' })}
      </Button>
      <span className="visually-hidden" role="status">
        {state === 'added' ? intl.formatMessage({ id: 'cart.added' }, { name: product.name }) : ''}
      </span>
      {error ? (
        <p className="field-error" role="alert">
          {local(error)}
        </p>
      ) : null}
    </div>
  );
}

/** `eagerImage`: the card is in the first row of a page, so its image loads at once (docs/decisions/0024-media.md). */
export function ProductCard({ product, headingLevel = 2, eagerImage = false }: { product: ListProduct; headingLevel?: 2 | 3; eagerImage?: boolean }) {
  const soldOut = product.stockStatus === 'OUT_OF_STOCK';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const image = product.image;
  const href = `/product/${encodeURIComponent(product.slug)}`;
  // A name or summary without a translation is marked in its own language; the page says so once (ShopPage).
  const nameLang = useOtherLang(product.textLangs?.name);
  const excerptLang = useOtherLang(product.textLangs?.shortDescription);
  return (
    <article className={`card${soldOut ? ' card--soldout' : ''}`} data-testid="product-card" data-slug={product.slug}>
      <Link to={href} className="card__link" onMouseEnter={prefetchProductPage} onFocus={prefetchProductPage}>
        <div className="card__media">
          <ProductImage
            src={image?.sourceUrl || image?.productCardUrl}
            alt={cardImageAlt(image?.altText, product.name)}
            width={400}
            height={300}
            sizes="(max-width: 600px) 100vw, (max-width: 1000px) 50vw, 400px"
            loading={eagerImage ? 'eager' : 'lazy'}
            className="card__img"
          />
          <ProductBadges product={product} />
        </div>
        <Heading className="card__title" lang={nameLang}>
          {product.name}
        </Heading>
      </Link>
      <div className="card__body">
        {product.excerpt ? (
          <p className="card__excerpt" lang={excerptLang}>
            {product.excerpt}
          </p>
        ) : null}
        <div className="card__foot">
          <span className="card__price" data-testid="product-price">
            <ListPrice product={product} />
          </span>
          <AllergenIcons allergens={product.allergens} />
        </div>
        {soldOut ? null : <CardAddButton product={product} href={href} />}
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="card card--skeleton" aria-hidden="true">
      <div className="card__media">
        <Skeleton className="card__img" />
      </div>
      <div className="card__body">
        <Skeleton width="70%" height="1.2em" />
        <Skeleton width="90%" height="0.9em" />
        <Skeleton width="40%" height="1.1em" />
      </div>
    </div>
  );
}
