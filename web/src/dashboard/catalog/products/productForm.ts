import { z } from 'zod';
import { parsePrice, toCents } from './money';
import type { WcProduct, WcProductType, WcVariation } from './types';

export const VAT_RATES = ['6', '12', '21'] as const;
export const PRODUCT_TYPES = ['simple', 'variable', 'grouped', 'external'] as const satisfies readonly WcProductType[];
export const STATUSES = ['publish', 'draft', 'private'] as const;
export const VISIBILITIES = ['visible', 'catalog', 'search', 'hidden'] as const;
export const STOCK_STATUSES = ['instock', 'outofstock', 'onbackorder'] as const;
export const LANGUAGES = ['nl', 'fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** docs/product.md §9 limits: variations per product, gallery images. */
export const MAX_VARIATIONS = 100;
export const MAX_GALLERY = 20;
/**
 * The product meta that makes a product a gift card (docs/decisions/0045-coupons-gift-cards.md): its price is the
 * card's value, and the code is mailed once the order is paid.
 */
export const GIFT_CARD_META = '_bakje_gift_card';
const isGiftCard = (meta: { key: string; value: unknown }[] | undefined) =>
  (meta ?? []).some((m) => m.key === GIFT_CARD_META && ['yes', 'true', '1'].includes(String(m.value).toLowerCase()));

/** A price as typed ("3,50"), empty allowed; the message is a staff message id. */
const price = z.string().refine((v) => parsePrice(v) !== null, 'dashboard.product.error.price');
const requiredPrice = price.refine((v) => v.trim() !== '', 'form.required');
const wholeNumber = z.string().refine((v) => v.trim() === '' || /^\d{1,6}$/.test(v.trim()), 'dashboard.product.error.wholeNumber');
const image = z.object({ id: z.number(), src: z.string() });
const texts = z.object({ nl: z.string(), fr: z.string(), en: z.string() });

const variation = z
  .object({
    id: z.number().optional(),
    /** attribute name → chosen option */
    options: z.record(z.string(), z.string()),
    regularPrice: requiredPrice,
    salePrice: price,
    stockStatus: z.enum(STOCK_STATUSES),
    stockQuantity: wholeNumber,
  })
  .superRefine(saleBelowRegular);

export const ADDON_TYPES = ['multiple_choice', 'checkbox', 'heading', 'custom_text'] as const;
export const PRICE_TYPES = ['quantity_based', 'flat_fee', 'percentage_based'] as const;

const addonOption = z.object({
  /** The saved option's id: sent back so the server changes it in place (its sold-out mark stays). */
  id: z.number().optional(),
  label: z.string().trim().min(1, 'form.required').max(200),
  labelFr: z.string().trim().max(200),
  labelEn: z.string().trim().max(200),
  price,
  priceType: z.enum(PRICE_TYPES),
  image: image.nullable(),
  /** Allergen ids. */
  allergens: z.array(z.number()),
});

const addon = z
  .object({
    id: z.number().optional(),
    name: z.string().trim().min(1, 'form.required').max(200),
    nameFr: z.string().trim().max(200),
    nameEn: z.string().trim().max(200),
    type: z.enum(ADDON_TYPES),
    required: z.boolean(),
    options: z.array(addonOption).max(100),
  })
  .refine((a) => a.options.length > 0 || a.type === 'heading' || a.type === 'custom_text', {
    path: ['options'],
    message: 'dashboard.product.error.addonOptions',
  });

function saleBelowRegular(values: { regularPrice: string; salePrice: string }, ctx: z.RefinementCtx) {
  const sale = toCents(values.salePrice);
  const regular = toCents(values.regularPrice);
  if (sale !== null && regular !== null && sale > regular) {
    ctx.addIssue({ code: 'custom', path: ['salePrice'], message: 'dashboard.product.error.saleAboveRegular' });
  }
}

/** The product editor's form. Messages are staff message ids (`useErrorText` translates them). */
export const productSchema = z
  .object({
    name: texts.extend({ nl: z.string().trim().min(1, 'form.required').max(200) }),
    description: texts,
    shortDescription: texts,
    slug: z
      .string()
      .trim()
      .refine((v) => v === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v), 'dashboard.product.error.slug'),
    sku: z.string().trim().max(100),
    type: z.enum(PRODUCT_TYPES),
    status: z.enum(STATUSES),
    catalogVisibility: z.enum(VISIBILITIES),
    featured: z.boolean(),
    promotion: z.boolean(),
    giftCard: z.boolean(),
    regularPrice: price,
    salePrice: price,
    saleFrom: z.string(),
    saleTo: z.string(),
    stockStatus: z.enum(STOCK_STATUSES),
    manageStock: z.boolean(),
    stockQuantity: wholeNumber,
    vatTakeaway: z.enum(VAT_RATES),
    vatOnSite: z.enum(VAT_RATES),
    /** Allergen ids. */
    allergens: z.array(z.number()),
    maxQuantity: wholeNumber,
    /** '' none, '16' or '18': sold only to customers that age (its categories may set one too). */
    ageLimit: z.enum(['', '16', '18']),
    categoryIds: z.array(z.string()),
    /** Tag ids as strings (checkbox values), as categoryIds. */
    tagIds: z.array(z.string()),
    image: image.nullable(),
    gallery: z.array(image).max(MAX_GALLERY, 'dashboard.product.error.gallery'),
    externalUrl: z.string().trim(),
    buttonText: z.string().trim().max(100),
    groupedIds: z.array(z.number()),
    attributes: z.array(z.object({ name: z.string().trim().min(1, 'form.required').max(100), options: z.string() })),
    variations: z.array(variation).max(MAX_VARIATIONS, 'dashboard.product.error.tooManyVariations'),
    addons: z.array(addon),
    upsellIds: z.array(z.number()),
    crossSellIds: z.array(z.number()),
  })
  .superRefine((values, ctx) => {
    saleBelowRegular(values, ctx);
    if (values.saleFrom && values.saleTo && values.saleTo < values.saleFrom) {
      ctx.addIssue({ code: 'custom', path: ['saleTo'], message: 'dashboard.product.error.saleDates' });
    }
    if ((values.saleFrom || values.saleTo) && values.salePrice.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['salePrice'], message: 'dashboard.product.error.saleDatesWithoutPrice' });
    }
    if (values.type === 'simple' && values.regularPrice.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['regularPrice'], message: 'form.required' });
    }
    if (values.type === 'external' && !/^https?:\/\/\S+$/.test(values.externalUrl)) {
      ctx.addIssue({ code: 'custom', path: ['externalUrl'], message: 'dashboard.product.error.url' });
    }
    if (values.type === 'variable') {
      if (values.attributes.length === 0) ctx.addIssue({ code: 'custom', path: ['attributes'], message: 'dashboard.product.error.noAttributes' });
      const seen = new Set<string>();
      values.variations.forEach((v, index) => {
        const key = values.attributes.map((a) => v.options[a.name] ?? '').join('\u0000');
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['variations', index, 'regularPrice'], message: 'dashboard.product.error.duplicateVariation' });
        seen.add(key);
      });
    }
  });

export type ProductFormInput = z.input<typeof productSchema>;
export type ProductFormValues = z.output<typeof productSchema>;
export type VariationValues = ProductFormValues['variations'][number];

export const EMPTY_PRODUCT: ProductFormInput = {
  name: { nl: '', fr: '', en: '' },
  description: { nl: '', fr: '', en: '' },
  shortDescription: { nl: '', fr: '', en: '' },
  slug: '',
  sku: '',
  type: 'simple',
  status: 'publish',
  catalogVisibility: 'visible',
  featured: false,
  promotion: false,
  giftCard: false,
  regularPrice: '',
  salePrice: '',
  saleFrom: '',
  saleTo: '',
  stockStatus: 'instock',
  manageStock: false,
  stockQuantity: '',
  vatTakeaway: '6',
  vatOnSite: '12',
  allergens: [],
  maxQuantity: '',
  ageLimit: '',
  categoryIds: [],
  tagIds: [],
  image: null,
  gallery: [],
  externalUrl: '',
  buttonText: '',
  groupedIds: [],
  attributes: [],
  variations: [],
  addons: [],
  upsellIds: [],
  crossSellIds: [],
};

/** The option lists of the attributes ("Klein, Groot" → ["Klein", "Groot"]), without blanks or repeats. */
export const optionsOf = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  ),
];

/**
 * Every combination of the attributes' options, keeping the prices and stock of combinations that already
 * exist (matched by their options) and starting new ones at `basePrice`. Capped at MAX_VARIATIONS + 1 so the
 * schema can say there are too many without building millions.
 */
export function combineVariations(attributes: { name: string; options: string }[], existing: VariationValues[], basePrice: string): VariationValues[] {
  const lists = attributes.filter((a) => a.name.trim()).map((a) => ({ name: a.name.trim(), options: optionsOf(a.options) }));
  if (lists.length === 0 || lists.some((l) => l.options.length === 0)) return [];
  let combos: Record<string, string>[] = [{}];
  for (const list of lists) {
    combos = combos.flatMap((c) => list.options.map((o) => ({ ...c, [list.name]: o }))).slice(0, MAX_VARIATIONS + 1);
  }
  const keyOf = (options: Record<string, string>) => lists.map((l) => `${l.name}=${options[l.name] ?? ''}`).join('|');
  const byKey = new Map(existing.map((v) => [keyOf(v.options), v]));
  return combos.map(
    (options) => byKey.get(keyOf(options)) ?? { options, regularPrice: basePrice, salePrice: '', stockStatus: 'instock' as const, stockQuantity: '' },
  );
}

const dateOnly = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');
const vat = (rate: number | undefined, fallback: (typeof VAT_RATES)[number]) =>
  (VAT_RATES as readonly string[]).includes(String(rate)) ? (String(rate) as (typeof VAT_RATES)[number]) : fallback;

/** A product (and its variations) from the API (`context=edit`) as the editor's values; prices with a comma. */
export function toFormValues(product: WcProduct, variations: WcVariation[], formatPrice: (decimal: string | null) => string): ProductFormInput {
  const t = product.translations;
  const [main, ...gallery] = product.images;
  const variationAttributes = product.attributes.filter((a) => a.variation);
  const texts = (value: { nl: string; fr?: string; en?: string } | undefined, nl: string) => ({
    nl: value?.nl ?? nl,
    fr: value?.fr ?? '',
    en: value?.en ?? '',
  });
  return {
    name: texts(t?.name, product.name),
    description: texts(t?.description, product.description),
    shortDescription: texts(t?.short_description, product.short_description),
    slug: product.slug,
    sku: product.sku,
    type: product.type,
    status: (STATUSES as readonly string[]).includes(product.status) ? (product.status as (typeof STATUSES)[number]) : 'draft',
    catalogVisibility: product.catalog_visibility,
    featured: product.featured,
    promotion: product.is_promotion,
    giftCard: isGiftCard(product.meta_data),
    regularPrice: formatPrice(product.regular_price),
    salePrice: formatPrice(product.sale_price),
    saleFrom: dateOnly(product.date_on_sale_from),
    saleTo: dateOnly(product.date_on_sale_to),
    stockStatus: product.stock_status,
    manageStock: product.manage_stock,
    stockQuantity: product.stock_quantity === null ? '' : String(product.stock_quantity),
    vatTakeaway: vat(product.vat_rates?.takeaway, '6'),
    vatOnSite: vat(product.vat_rates?.on_site, '12'),
    allergens: product.allergens,
    maxQuantity: product.max_quantity === null ? '' : String(product.max_quantity),
    ageLimit: product.age_limit === 16 ? '16' : product.age_limit === 18 ? '18' : '',
    categoryIds: product.categories.map((c) => String(c.id)),
    tagIds: (product.tags ?? []).map((x) => String(x.id)),
    image: main ? { id: main.id, src: main.src } : null,
    gallery: gallery.map((i) => ({ id: i.id, src: i.src })),
    externalUrl: product.external_url ?? '',
    buttonText: product.button_text ?? '',
    groupedIds: product.grouped_products ?? [],
    attributes: variationAttributes.map((a) => ({ name: a.name, options: a.options.join(', ') })),
    variations: variations.map((v) => ({
      id: v.id,
      options: Object.fromEntries(v.attributes.map((a) => [a.name, a.option])),
      regularPrice: formatPrice(v.regular_price),
      salePrice: formatPrice(v.sale_price),
      stockStatus: v.stock_status,
      stockQuantity: v.stock_quantity === null ? '' : String(v.stock_quantity),
    })),
    addons: product.addons.map((a) => ({
      id: a.id,
      name: a.name,
      nameFr: a.name_translations?.fr ?? '',
      nameEn: a.name_translations?.en ?? '',
      type: a.type,
      required: a.required,
      options: a.options.map((o) => ({
        id: o.id,
        label: o.label,
        labelFr: o.label_translations?.fr ?? '',
        labelEn: o.label_translations?.en ?? '',
        price: formatPrice(o.price),
        priceType: o.price_type,
        image: o.image ? { id: o.image.id, src: o.image.src } : null,
        allergens: o.allergens,
      })),
    })),
    upsellIds: product.upsell_ids,
    crossSellIds: product.cross_sell_ids,
  };
}

const decimal = (typed: string) => parsePrice(typed) ?? '';
const quantity = (typed: string) => (typed.trim() === '' ? null : Number(typed.trim()));

/** The editor's values as the API's product body (contract/src/catalog.ts `productWriteBody`; prices "3.50"). */
export function toProductBody(values: ProductFormValues): Record<string, unknown> {
  const variable = values.type === 'variable';
  return {
    name: values.name.nl,
    ...(values.slug ? { slug: values.slug } : {}),
    sku: values.sku,
    type: values.type,
    status: values.status,
    catalog_visibility: values.catalogVisibility,
    featured: values.featured,
    is_promotion: values.promotion,
    // By key: the product's other meta entries stay; null removes the mark (WooCommerce's meta semantics).
    meta_data: [{ key: GIFT_CARD_META, value: values.giftCard ? 'yes' : null }],
    description: values.description.nl,
    short_description: values.shortDescription.nl,
    translations: { name: values.name, description: values.description, short_description: values.shortDescription },
    regular_price: variable ? '' : decimal(values.regularPrice),
    sale_price: variable ? '' : decimal(values.salePrice),
    date_on_sale_from: values.saleFrom || null,
    date_on_sale_to: values.saleTo || null,
    stock_status: values.stockStatus,
    manage_stock: values.manageStock,
    stock_quantity: values.manageStock ? quantity(values.stockQuantity) : null,
    vat_rates: { takeaway: Number(values.vatTakeaway), on_site: Number(values.vatOnSite) },
    allergens: values.allergens,
    max_quantity: quantity(values.maxQuantity),
    age_limit: values.ageLimit ? Number(values.ageLimit) : null,
    categories: values.categoryIds.map((id) => ({ id: Number(id) })),
    tags: values.tagIds.map((id) => ({ id: Number(id) })),
    images: [values.image, ...values.gallery].filter((i) => i !== null && i.src !== '').map((i) => (i!.id > 0 ? { id: i!.id } : { src: i!.src })),
    attributes: variable
      ? values.attributes.map((a, position) => ({ name: a.name, position, visible: true, variation: true, options: optionsOf(a.options) }))
      : [],
    external_url: values.type === 'external' ? values.externalUrl : '',
    button_text: values.type === 'external' ? values.buttonText : '',
    grouped_products: values.type === 'grouped' ? values.groupedIds : [],
    upsell_ids: values.upsellIds,
    cross_sell_ids: values.crossSellIds,
    addons: values.addons.map((a) => ({
      ...(a.id !== undefined ? { id: a.id } : {}),
      name: a.name,
      name_translations: { fr: a.nameFr, en: a.nameEn },
      type: a.type,
      ...(a.type === 'multiple_choice' ? { display: 'radiobutton' } : {}),
      required: a.required,
      options: a.options.map((o) => ({
        ...(o.id !== undefined ? { id: o.id } : {}),
        label: o.label,
        label_translations: { fr: o.labelFr, en: o.labelEn },
        price: decimal(o.price),
        price_type: o.priceType,
        image: o.image && o.image.id > 0 ? { id: o.image.id } : null,
        allergens: o.allergens,
      })),
    })),
  };
}
/** The variations batch that brings the saved variations in line with the editor (create, update, delete). */
export function toVariationBatch(values: ProductFormValues, savedIds: number[]) {
  if (values.type !== 'variable') return savedIds.length ? { delete: savedIds } : null;
  const body = (v: VariationValues) => ({
    attributes: Object.entries(v.options).map(([name, option]) => ({ name, option })),
    regular_price: decimal(v.regularPrice),
    sale_price: decimal(v.salePrice),
    stock_status: v.stockStatus,
    manage_stock: v.stockQuantity.trim() !== '',
    stock_quantity: quantity(v.stockQuantity),
  });
  const kept = new Set(values.variations.flatMap((v) => (v.id ? [v.id] : [])));
  return {
    create: values.variations.filter((v) => !v.id).map(body),
    update: values.variations.filter((v) => v.id).map((v) => ({ id: v.id!, ...body(v) })),
    delete: savedIds.filter((id) => !kept.has(id)),
  };
}
