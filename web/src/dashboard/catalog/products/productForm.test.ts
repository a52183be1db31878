import { describe, expect, it } from 'vitest';
import { formatPrice } from './money';
import {
  combineVariations,
  EMPTY_PRODUCT,
  MAX_VARIATIONS,
  productSchema,
  toFormValues,
  toProductBody,
  toVariationBatch,
  type ProductFormInput,
} from './productForm';
// A test, not the bundle: the body is checked against the server's own write schema.
// oxlint-disable-next-line typescript/no-restricted-imports
import { productWriteBody } from '@bakje/contract';
import type { WcProduct } from './types';

const valid = (over: Partial<ProductFormInput> = {}): ProductFormInput => ({
  ...EMPTY_PRODUCT,
  name: { nl: 'Frieten', fr: 'Frites', en: 'Fries' },
  regularPrice: '3,50',
  ...over,
});

const problems = (input: ProductFormInput) => {
  const result = productSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

/** A product as the API answers it (`context=edit`). */
function aProduct(): WcProduct {
  return {
    id: 4,
    name: 'Frieten',
    slug: 'frieten',
    type: 'simple',
    status: 'publish',
    featured: false,
    catalog_visibility: 'visible',
    description: '<p>Vers</p>',
    short_description: '',
    sku: 'FR',
    price: '2.90',
    regular_price: '3.50',
    sale_price: '2.90',
    on_sale: true,
    stock_status: 'instock',
    manage_stock: false,
    stock_quantity: null,
    menu_order: 1,
    categories: [{ id: 3, name: 'Frieten', slug: 'frieten' }],
    images: [],
    attributes: [],
    variations: [],
    upsell_ids: [],
    cross_sell_ids: [],
    meta_data: [],
    translations: { name: { nl: 'Frieten', en: 'Fries' }, description: { nl: '<p>Vers</p>' }, short_description: { nl: '' } },
    allergens: [1],
    vat_rates: { takeaway: 6, on_site: 12 },
    max_quantity: null,
    is_promotion: false,
    addons: [],
    revision: 3,
    last_changed: null,
  } as unknown as WcProduct;
}

describe('the product form schema', () => {
  it('accepts a simple product with a comma price', () => {
    expect(problems(valid())).toEqual([]);
  });

  it('names the field of each problem with a message id', () => {
    expect(problems(valid({ name: { nl: ' ', fr: '', en: '' } }))).toEqual(['name.nl: form.required']);
    expect(problems(valid({ regularPrice: '3,505' }))).toEqual(['regularPrice: dashboard.product.error.price']);
    expect(problems(valid({ regularPrice: '' }))).toEqual(['regularPrice: form.required']);
    expect(problems(valid({ salePrice: '4,00' }))).toEqual(['salePrice: dashboard.product.error.saleAboveRegular']);
    expect(problems(valid({ salePrice: '3,00', saleFrom: '2026-12-10', saleTo: '2026-12-01' }))).toEqual(['saleTo: dashboard.product.error.saleDates']);
    expect(problems(valid({ saleFrom: '2026-12-01' }))).toEqual(['salePrice: dashboard.product.error.saleDatesWithoutPrice']);
    expect(problems(valid({ slug: 'Grote Friet' }))).toEqual(['slug: dashboard.product.error.slug']);
    expect(problems(valid({ maxQuantity: '2,5' }))).toEqual(['maxQuantity: dashboard.product.error.wholeNumber']);
    expect(problems(valid({ type: 'external', externalUrl: 'not a url' }))).toEqual(['externalUrl: dashboard.product.error.url']);
  });

  it('checks a variable product: attributes needed, each variation priced, sale below regular, at most 100', () => {
    expect(problems(valid({ type: 'variable', regularPrice: '' }))).toEqual(['attributes: dashboard.product.error.noAttributes']);
    const attributes = [{ name: 'Maat', options: 'Klein, Groot' }];
    const variations = combineVariations(attributes, [], '3,00');
    expect(variations.map((v) => v.options)).toEqual([{ Maat: 'Klein' }, { Maat: 'Groot' }]);
    expect(problems(valid({ type: 'variable', regularPrice: '', attributes, variations }))).toEqual([]);
    const bad = [
      { ...variations[0]!, regularPrice: '' },
      { ...variations[1]!, regularPrice: '2,00', salePrice: '2,50' },
    ];
    expect(problems(valid({ type: 'variable', attributes, variations: bad }))).toEqual([
      'variations.0.regularPrice: form.required',
      'variations.1.salePrice: dashboard.product.error.saleAboveRegular',
    ]);
    const many = combineVariations(
      [
        { name: 'A', options: Array.from({ length: 11 }, (_, i) => `a${i}`).join(',') },
        { name: 'B', options: Array.from({ length: 10 }, (_, i) => `b${i}`).join(',') },
      ],
      [],
      '1',
    );
    expect(many).toHaveLength(MAX_VARIATIONS + 1);
    expect(problems(valid({ type: 'variable', attributes: [{ name: 'A', options: 'x' }], variations: many }))).toContain(
      'variations: dashboard.product.error.tooManyVariations',
    );
  });

  it('keeps the prices of existing combinations when an option is added', () => {
    const first = combineVariations([{ name: 'Maat', options: 'Klein' }], [], '3,00');
    first[0]!.regularPrice = '2,50';
    const next = combineVariations([{ name: 'Maat', options: 'Klein, Groot' }], first, '3,00');
    expect(next.map((v) => [v.options.Maat, v.regularPrice])).toEqual([
      ['Klein', '2,50'],
      ['Groot', '3,00'],
    ]);
  });

  it('sends prices with a point and the translations, allergens, VAT and maximum as the API names them', () => {
    const values = productSchema.parse(
      valid({
        salePrice: '2,9',
        allergens: [1, 7],
        vatTakeaway: '6',
        vatOnSite: '21',
        maxQuantity: '5',
        promotion: true,
        ageLimit: '16',
        image: { id: 7, src: '/m/7.jpg' },
      }),
    );
    const body = toProductBody(values);
    expect(body).toMatchObject({
      name: 'Frieten',
      regular_price: '3.50',
      sale_price: '2.90',
      translations: { name: { nl: 'Frieten', fr: 'Frites', en: 'Fries' } },
      images: [{ id: 7 }],
      allergens: [1, 7],
      vat_rates: { takeaway: 6, on_site: 21 },
      max_quantity: 5,
      is_promotion: true,
      age_limit: 16,
    });
    expect(body).not.toHaveProperty('slug');
    expect(productWriteBody.safeParse(body).error?.issues).toBeUndefined();
  });

  it('sends add-ons with their translations, option prices with a point, option images by id and allergen ids', () => {
    const option = { label: 'Mayonaise', labelFr: 'Mayonnaise', labelEn: 'Mayo', price: '0,80', priceType: 'quantity_based' as const, allergens: [3] };
    const values = productSchema.parse(
      valid({
        addons: [
          {
            name: 'Saus',
            nameFr: 'Sauce',
            nameEn: 'Sauce',
            type: 'multiple_choice',
            required: true,
            options: [
              { ...option, image: { id: 9, src: '/m/9.webp' } },
              { ...option, label: 'Ketchup', image: { id: 0, src: 'https://elders.be/k.png' } },
            ],
          },
        ],
      }),
    );
    const body = toProductBody(values);
    expect(body.addons).toEqual([
      {
        name: 'Saus',
        name_translations: { fr: 'Sauce', en: 'Sauce' },
        type: 'multiple_choice',
        display: 'radiobutton',
        required: true,
        options: [
          {
            label: 'Mayonaise',
            label_translations: { fr: 'Mayonnaise', en: 'Mayo' },
            price: '0.80',
            price_type: 'quantity_based',
            image: { id: 9 },
            allergens: [3],
          },
          { label: 'Ketchup', label_translations: { fr: 'Mayonnaise', en: 'Mayo' }, price: '0.80', price_type: 'quantity_based', image: null, allergens: [3] },
        ],
      },
    ]);
    expect(problems(valid({ addons: [{ name: 'Saus', nameFr: '', nameEn: '', type: 'checkbox', required: false, options: [] }] }))).toEqual([
      'addons.0.options: dashboard.product.error.addonOptions',
    ]);
    // The API's own write schema accepts it.
    expect(productWriteBody.safeParse(body).error?.issues).toBeUndefined();
  });

  it('sends the saved add-on field and option ids back, so the server changes them in place', () => {
    const option = { id: 41, label: 'Mayonaise', labelFr: '', labelEn: '', price: '0,80', priceType: 'quantity_based' as const, image: null, allergens: [] };
    const values = productSchema.parse(
      valid({
        addons: [
          { id: 7, name: 'Saus', nameFr: '', nameEn: '', type: 'checkbox', required: false, options: [option, { ...option, id: undefined, label: 'Nieuw' }] },
        ],
      }),
    );
    const [addon] = toProductBody(values).addons as { id?: number; options: { id?: number }[] }[];
    expect(addon?.id).toBe(7);
    expect(addon?.options.map((o) => o.id)).toEqual([41, undefined]);
    expect(addon?.options[1]).not.toHaveProperty('id');
    expect(productWriteBody.safeParse(toProductBody(values)).error?.issues).toBeUndefined();
  });

  it('reads a product from the API back into the same values (comma prices)', () => {
    const product = aProduct();
    const values = toFormValues(product, [], formatPrice);
    expect(values).toMatchObject({
      name: { nl: 'Frieten', fr: '', en: 'Fries' },
      regularPrice: '3,50',
      salePrice: '2,90',
      allergens: [1],
      vatTakeaway: '6',
      vatOnSite: '12',
      categoryIds: ['3'],
      tagIds: [],
      giftCard: false,
    });
    expect(problems(values)).toEqual([]);
  });

  it('marks a gift card product with its meta entry, by key, and takes the mark off again', () => {
    const marked = toFormValues({ ...aProduct(), meta_data: [{ id: 1, key: '_bakje_gift_card', value: 'yes' }] }, [], formatPrice);
    expect(marked.giftCard).toBe(true);
    expect(toFormValues({ ...aProduct(), meta_data: [{ id: 1, key: '_bakje_gift_card', value: 'no' }] }, [], formatPrice).giftCard).toBe(false);
    const on = toProductBody(productSchema.parse(valid({ giftCard: true })));
    expect(on.meta_data).toEqual([{ key: '_bakje_gift_card', value: 'yes' }]);
    expect(productWriteBody.safeParse(on).error?.issues).toBeUndefined();
    const off = toProductBody(productSchema.parse({ ...marked, giftCard: false }));
    expect(off.meta_data).toEqual([{ key: '_bakje_gift_card', value: null }]);
  });

  it('brings variations in line: new ones created, changed ones updated, removed ones deleted', () => {
    const attributes = [{ name: 'Maat', options: 'Klein, Groot' }];
    const variations = combineVariations(attributes, [], '3,00');
    variations[0]!.id = 11;
    const values = productSchema.parse(valid({ type: 'variable', attributes, variations }));
    const batch = toVariationBatch(values, [11, 12]);
    expect(batch).toEqual({
      create: [
        {
          attributes: [{ name: 'Maat', option: 'Groot' }],
          regular_price: '3.00',
          sale_price: '',
          stock_status: 'instock',
          manage_stock: false,
          stock_quantity: null,
        },
      ],
      update: [
        {
          id: 11,
          attributes: [{ name: 'Maat', option: 'Klein' }],
          regular_price: '3.00',
          sale_price: '',
          stock_status: 'instock',
          manage_stock: false,
          stock_quantity: null,
        },
      ],
      delete: [12],
    });
  });
});
