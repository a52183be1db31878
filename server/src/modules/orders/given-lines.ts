import type { FulfilmentType } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { OUT_OF_STOCK } from '../cart/errors.js';
import { computeTotals } from '../cart/totals.js';
import type { CatalogSnapshot } from '../catalog/snapshot.js';
import { isGiftCardProduct } from '../gift-cards/gift-cards.js';

/** A line the store API names (product, variation, quantity); its price always comes from the catalogue. */
export interface GivenLine {
  productId: number;
  variationId?: number;
  quantity: number;
}

const invalid = (param: string, why: string) => new DomainError('INVALID_INPUT', `Invalid parameter(s): ${param} (${why})`, { params: [param] });

/**
 * Prices lines a caller names (the store API: a till or a phone order) from the catalogue, never from the
 * caller, with VAT per rate for the fulfilment as at checkout; `shippingTotal` is the delivery fee the
 * back office charged (cents).
 */
export function priceGivenLines(catalog: CatalogSnapshot, lines: GivenLine[], fulfilment: FulfilmentType, shippingTotal: number) {
  if (lines.length === 0) throw invalid('line_items', 'at least one line');
  const priced = lines.map((line, i) => {
    const product = catalog.products.get(line.productId);
    if (!product || product.row.type === 'VARIATION') throw invalid(`line_items[${i}].product_id`, 'no such product');
    const variation = line.variationId ? product.variations.find((v) => v.row.id === line.variationId) : undefined;
    if (line.variationId && !variation) throw invalid(`line_items[${i}].variation_id`, 'no such variation of this product');
    const sellable = variation ?? product;
    if (product.row.type === 'VARIABLE' && !variation) throw invalid(`line_items[${i}].variation_id`, 'a variable product needs its variation');
    if (sellable.row.stockStatus === 'OUT_OF_STOCK') throw new DomainError('OUT_OF_STOCK', OUT_OF_STOCK);
    const unitPrice = sellable.prices[0];
    if (unitPrice === undefined) throw invalid(`line_items[${i}].product_id`, 'the product has no price');
    return {
      line,
      sellable,
      unitPrice,
      subtotal: unitPrice * line.quantity,
      vatRateTakeaway: sellable.row.vatRateTakeaway,
      vatRateOnSite: sellable.row.vatRateOnSite,
      outsideVat: isGiftCardProduct(product.row.metaData) || isGiftCardProduct(sellable.row.metaData),
    };
  });
  return { lines: priced, totals: computeTotals(priced, fulfilment, [], shippingTotal) };
}
