import { useIntl } from 'react-intl';
import type { Allergen } from '../../../api/types';
import { ProductBadges } from '../../../shop/ProductCard';
import { AllergenIcons, Price, ProductImage } from '../../../ui';
import { excerpt } from './listing';
import { toCents } from './money';
import type { Language, ProductFormInput } from './productForm';
import { useAllergens } from './useAllergens';

/** The lowest and highest price the shop would show (variations for a variable product). */
function pricesOf(values: ProductFormInput): { current: number | null; regular: number | null; range: boolean } {
  const rows =
    values.type === 'variable'
      ? values.variations.map((v) => ({ regular: toCents(v.regularPrice), sale: toCents(v.salePrice) }))
      : [{ regular: toCents(values.regularPrice), sale: toCents(values.salePrice) }];
  const prices = rows.map((r) => r.sale ?? r.regular).filter((p): p is number => p !== null);
  if (prices.length === 0) return { current: null, regular: null, range: false };
  const min = Math.min(...prices);
  const row = rows.find((r) => (r.sale ?? r.regular) === min);
  return { current: min / 100, regular: row?.sale !== null && row?.regular ? row.regular / 100 : null, range: new Set(prices).size > 1 };
}

/** A live preview of the shop's product card, with the card's own styles, badges and price, in the chosen language. */
export function CardPreview({ values, language }: { values: ProductFormInput; language: Language }) {
  const intl = useIntl();
  const name = values.name[language].trim() || values.name.nl.trim() || intl.formatMessage({ id: 'dashboard.product.previewUnnamed' });
  const summary = excerpt(values.shortDescription[language] || values.shortDescription.nl);
  const { current, regular, range } = pricesOf(values);
  const onSale = regular !== null && current !== null && regular > current;
  const { allergens: known } = useAllergens();
  const allergens = known.filter((a) => values.allergens.includes(a.id)).map((a) => ({ code: a.code, name: a.names[language], icon: a.icon }) as Allergen);
  const soldOut = values.stockStatus === 'outofstock';
  return (
    <article
      className={`card products__preview-card${soldOut ? ' card--soldout' : ''}`}
      aria-label={intl.formatMessage({ id: 'dashboard.product.preview' })}
      data-testid="card-preview"
    >
      <div className="card__media">
        <ProductImage src={values.image?.src} alt="" width={400} height={300} className="card__img" />
        <ProductBadges
          product={{
            stockStatus: soldOut ? 'OUT_OF_STOCK' : 'IN_STOCK',
            onSale,
            discountPercentage: onSale && regular ? Math.round(((regular - current!) / regular) * 100) : 0,
            isNew: values.featured,
          }}
        />
      </div>
      <h3 className="card__title">{name}</h3>
      <div className="card__body">
        {summary ? <p className="card__excerpt">{summary}</p> : null}
        <div className="card__foot">
          <span className="card__price">
            <Price amount={current} regular={onSale && !range ? regular : null} from={range} />
          </span>
          <AllergenIcons allergens={allergens} />
        </div>
      </div>
    </article>
  );
}
