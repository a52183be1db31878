import type { Addon, AddonOption, ListProduct } from '../api/types';

let seq = 0;

/** Test data builder for list products: sensible defaults, override what the test is about. */
export function aProduct(overrides: Partial<Omit<ListProduct, 'terms'>> & { categories?: string[]; terms?: [string, string][] } = {}): ListProduct {
  seq += 1;
  const { categories = ['snacks'], terms = [], ...rest } = overrides;
  return {
    databaseId: seq,
    slug: `product-${seq}`,
    name: `Product ${seq}`,
    textLangs: null,
    type: 'SIMPLE',
    date: '2025-01-01T12:00:00Z',
    description: '',
    shortDescription: '',
    excerpt: '',
    onSale: false,
    isNew: false,
    featured: false,
    averageRating: 0,
    discountPercentage: 0,
    menuOrder: seq,
    image: null,
    productCategories: { nodes: categories.map((slug) => ({ slug, name: slug })) },
    terms: { nodes: terms.map(([taxonomyName, slug]) => ({ taxonomyName, slug, name: slug })) },
    allergens: [],
    addons: [],
    attributes: { nodes: [] },
    rawPrice: '3.00',
    rawRegularPrice: '3.00',
    rawSalePrice: null,
    stockStatus: 'IN_STOCK',
    ageLimit: null,
    ownContainer: false,
    ...rest,
  };
}

export function anOption(overrides: Partial<AddonOption> = {}): AddonOption {
  seq += 1;
  return { databaseId: seq, label: `Option ${seq}`, labelLang: 'nl', price: null, priceType: 'QUANTITY_BASED', image: null, soldOut: false, ...overrides };
}

export function anAddon(overrides: Partial<Addon> = {}): Addon {
  seq += 1;
  return {
    databaseId: seq,
    name: `Addon ${seq}`,
    nameLang: 'nl',
    type: 'MULTIPLE_CHOICE',
    display: 'radiobutton',
    description: null,
    descriptionLang: 'nl',
    fieldName: `addon-${seq}`,
    required: false,
    price: null,
    priceType: 'QUANTITY_BASED',
    maxLength: null,
    options: [],
    ...overrides,
  };
}
