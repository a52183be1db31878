/**
 * The store REST API's product shapes as the dashboard reads and writes them (WooCommerce REST v3 field
 * names, docs/interfaces.md §2). Only the fields the dashboard uses; the server sends more.
 */

export type WcProductType = 'simple' | 'variable' | 'grouped' | 'external';
export type WcStatus = 'publish' | 'draft' | 'private' | 'pending';
export type WcVisibility = 'visible' | 'catalog' | 'search' | 'hidden';
export type WcStockStatus = 'instock' | 'outofstock' | 'onbackorder';

export interface WcImage {
  id: number;
  src: string;
  alt?: string;
}

export interface WcMeta {
  id?: number;
  key: string;
  value: unknown;
}

export interface WcAttribute {
  id?: number;
  name: string;
  position?: number;
  visible?: boolean;
  variation?: boolean;
  options: string[];
}

export interface WcAddonOption {
  label: string;
  price: string;
  price_type: 'quantity_based' | 'flat_fee' | 'percentage_based';
  image: string | null;
  allergens?: string[];
}

export interface WcAddon {
  name: string;
  type: 'multiple_choice' | 'checkbox';
  display?: 'radiobutton' | 'select' | 'images';
  required: boolean;
  options: WcAddonOption[];
}

/** Names and descriptions per language (`context=edit`). */
export interface WcTranslations {
  name: { nl: string; fr: string; en: string };
  description: { nl: string; fr: string; en: string };
  short_description: { nl: string; fr: string; en: string };
}

export interface WcProduct {
  id: number;
  name: string;
  slug: string;
  type: WcProductType;
  status: WcStatus;
  featured: boolean;
  catalog_visibility: WcVisibility;
  description: string;
  short_description: string;
  sku: string;
  price: string;
  regular_price: string;
  sale_price: string | null;
  date_on_sale_from?: string | null;
  date_on_sale_to?: string | null;
  on_sale: boolean;
  stock_status: WcStockStatus;
  manage_stock: boolean;
  stock_quantity: number | null;
  menu_order: number;
  date_modified?: string;
  date_modified_gmt?: string;
  categories: { id: number; name: string; slug: string }[];
  images: WcImage[];
  attributes: WcAttribute[];
  variations: number[];
  upsell_ids: number[];
  cross_sell_ids: number[];
  grouped_products?: number[];
  external_url?: string;
  button_text?: string;
  meta_data: WcMeta[];
  addons?: WcAddon[];
  translations?: WcTranslations;
  /** Who saved it last (`context=edit`). */
  last_modified_by?: { name: string; date: string } | null;
}

export interface WcVariation {
  id: number;
  attributes: { id?: number; name: string; option: string }[];
  regular_price: string;
  sale_price: string | null;
  stock_status: WcStockStatus;
  manage_stock: boolean;
  stock_quantity: number | null;
}

export interface WcCategory {
  id: number;
  name: string;
  slug: string;
  parent: number;
  menu_order: number;
  count: number;
}

export interface WcBatch<Item> {
  create?: Partial<Item>[];
  update?: (Partial<Item> & { id: number })[];
  delete?: number[];
}
