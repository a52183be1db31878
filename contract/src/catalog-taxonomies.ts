// The store REST API's taxonomy shapes the dashboard reads and writes (docs/interfaces.md §2):
// /wp-json/wc/v3/products/{categories,attributes,allergens} and /wp-json/wc-product-add-ons/v2/global-add-ons.

/** French and English beside the Dutch `name` (a Bakje extension of the WooCommerce shapes). */
export interface Translations {
  fr: string;
  en: string;
}

export interface WcImageRef {
  id: number;
  src: string;
  name?: string;
  alt?: string;
}

export interface WcCategory {
  id: number;
  name: string;
  translations: Translations;
  slug: string;
  parent: number;
  description: string;
  display: string;
  image: WcImageRef | null;
  menu_order: number;
  /** 0 to 9999 orders the lists; above 9999 the category is hidden from them. */
  custom_order: number;
  /** 16 or 18: every product in the category is sold only to customers that age; null: no limit. */
  age_limit: 16 | 18 | null;
  /** Customers may bring their own container for the category's products ("Ik breng mijn eigen pot mee"). */
  own_container: boolean;
  count: number;
  meta_data: { id: number; key: string; value: unknown }[];
}

export interface WcCategoryInput {
  name?: string;
  translations?: Partial<Translations>;
  slug?: string;
  parent?: number;
  description?: string;
  /** A media id, or null for none. */
  image?: number | { id: number } | null;
  menu_order?: number;
  custom_order?: number;
  age_limit?: 16 | 18 | null;
  own_container?: boolean;
}

export interface WcBatchInput<Create, Update> {
  create?: Create[];
  update?: (Update & { id: number })[];
  delete?: number[];
}

/** A batch answer item: the object, or `{id, error}` for an item that was refused. */
export type WcBatchItem<T> = T | { id: number; error: { code: string; message: string; data: { status: number } } };

export interface WcBatchResult<T> {
  create: WcBatchItem<T>[];
  update: WcBatchItem<T>[];
  delete: WcBatchItem<T>[];
}

export interface WcAttribute {
  id: number;
  name: string;
  translations: Translations;
  /** pa_... */
  slug: string;
  type: 'select';
  order_by: 'menu_order' | 'name' | 'name_num' | 'id';
  has_archives: boolean;
}

export interface WcAttributeInput {
  name?: string;
  translations?: Partial<Translations>;
  slug?: string;
  order_by?: WcAttribute['order_by'];
}

export interface WcTerm {
  id: number;
  name: string;
  translations: Translations;
  slug: string;
  description: string;
  menu_order: number;
  count: number;
}

export interface WcTermInput {
  name?: string;
  translations?: Partial<Translations>;
  slug?: string;
  description?: string;
  menu_order?: number;
}

/** GET /products/tags: a WooCommerce product tag with Bakje's translations. */
export interface WcTag {
  id: number;
  name: string;
  translations: Translations;
  slug: string;
  description: string;
  count: number;
}

export interface WcAllergen {
  id: number;
  code: string;
  name: string;
  translations: Translations;
  /** Path under this site or an https address. */
  icon: string;
  position: number;
}

export interface WcAllergenInput {
  name?: string;
  translations?: Partial<Translations>;
  icon?: string;
}

export type AddonFieldType = 'multiple_choice' | 'checkbox' | 'heading' | 'custom_text';
export type AddonPriceType = 'flat_fee' | 'quantity_based' | 'percentage_based';

export interface WcGlobalAddonOption {
  id: number;
  label: string;
  translations: Translations;
  /** "0.50", or "" when free. */
  price: string;
  price_type: AddonPriceType;
  /** Media id. */
  image: number | null;
  image_src: string | null;
  /** Allergen ids. */
  allergens: number[];
}

export interface WcAddonField {
  id: number;
  name: string;
  translations: Translations;
  title_format: string;
  description_enable: boolean;
  description: string;
  type: AddonFieldType;
  display: 'radiobutton' | 'select' | 'images';
  position: number;
  required: boolean;
  adjust_price: boolean;
  price_type: AddonPriceType;
  price: string;
  min: number;
  max: number;
  options: WcGlobalAddonOption[];
}

export interface WcGlobalAddon {
  id: number;
  name: string;
  translations: Translations;
  priority: number;
  /** Category id to name; empty: every product. */
  restrict_to_categories: Record<string, string>;
  fields: WcAddonField[];
}

export interface WcAddonOptionInput {
  id?: number;
  label: string;
  translations?: Partial<Translations>;
  price?: string;
  price_type?: AddonPriceType;
  image?: number | null;
  allergens?: number[];
}

export interface WcAddonFieldInput {
  id?: number;
  name: string;
  translations?: Partial<Translations>;
  description?: string;
  type: AddonFieldType;
  display?: WcAddonField['display'];
  required?: boolean;
  price?: string;
  price_type?: AddonPriceType;
  max?: number;
  options?: WcAddonOptionInput[];
}

export interface WcGlobalAddonInput {
  name?: string;
  translations?: Partial<Translations>;
  priority?: number;
  restrict_to_categories?: number[];
  fields?: WcAddonFieldInput[];
}
