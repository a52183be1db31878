export type ProductType = 'SIMPLE' | 'VARIABLE' | 'VARIATION' | 'EXTERNAL' | 'GROUPED';
export type StockStatus = 'IN_STOCK' | 'OUT_OF_STOCK' | 'ON_BACKORDER';
export type AddonFieldType = 'MULTIPLE_CHOICE' | 'CHECKBOX' | 'HEADING' | 'CUSTOM_TEXT';
export type AddonPriceType = 'FLAT_FEE' | 'QUANTITY_BASED' | 'PERCENTAGE_BASED';

export interface ImageData {
  sourceUrl: string | null;
  thumbnailUrl?: string | null;
  productCardUrl?: string | null;
  altText?: string | null;
}

export interface Allergen {
  code: string;
  name: string;
  icon: string;
}

export interface TermRef {
  taxonomyName: string;
  slug: string;
  name?: string;
}

export interface CategoryRef {
  slug: string;
  name: string;
}

/** The fields the shop list, the cards and the digital menu need (SPEC §3 "Shop list items"). */
export interface ListProduct {
  databaseId: number;
  slug: string;
  name: string;
  type: ProductType;
  date: string;
  description?: string | null;
  shortDescription?: string | null;
  excerpt?: string | null;
  onSale: boolean;
  isNew: boolean;
  featured: boolean;
  averageRating: number;
  discountPercentage: number;
  menuOrder: number;
  image: ImageData | null;
  productCategories: { nodes: CategoryRef[] };
  terms: { nodes: TermRef[] };
  allergens: Allergen[];
  attributes?: { nodes: { name: string; label: string; slug?: string }[] };
  rawPrice?: string | null;
  rawRegularPrice?: string | null;
  rawSalePrice?: string | null;
  stockStatus?: StockStatus | null;
}

export interface Category {
  databaseId: number;
  slug: string;
  name: string;
  count: number;
  menuOrder: number;
  customOrder: number;
  description?: string | null;
  image: ImageData | null;
}

export interface Term {
  taxonomyName: string;
  name: string;
  slug: string;
  count: number | null;
}

export interface AddonOption {
  databaseId: number;
  label: string;
  price: number | null;
  priceType: AddonPriceType;
  image: string | null;
}

export interface Addon {
  databaseId: number;
  name: string;
  type: AddonFieldType;
  display: string;
  description: string | null;
  fieldName: string;
  required: boolean;
  price: number | null;
  priceType: AddonPriceType;
  maxLength: number | null;
  options: AddonOption[];
}

export interface VariationAttribute {
  name: string;
  value: string;
  label: string;
}

export interface Variation {
  databaseId: number;
  name: string;
  slug: string;
  sku: string | null;
  rawPrice: string | null;
  regularPrice: string | null;
  salePrice: string | null;
  onSale: boolean;
  stockStatus: StockStatus;
  stockQuantity: number | null;
  image: ImageData | null;
  attributes: { nodes: VariationAttribute[] };
}

export interface Review {
  id: string;
  databaseId: number;
  rating: number;
  content: string;
  date: string;
  verified: boolean;
  author: { node: { name: string; avatar: { url: string | null } | null } };
}

export interface ProductAttributeData {
  name: string;
  label: string;
  options: (string | null)[] | null;
  variation: boolean;
  visible?: boolean;
  slug?: string;
  terms?: { slug: string; name: string }[];
}

export interface ProductDetail extends Omit<ListProduct, 'attributes'> {
  sku: string | null;
  maxQuantity: number | null;
  reviewCount: number;
  stockQuantity?: number | null;
  galleryImages: { nodes: ImageData[] };
  addons: Addon[];
  related: { nodes: ListProduct[] };
  reviews: { averageRating: number; nodes: Review[] };
  attributes: { nodes: ProductAttributeData[] };
  defaultAttributes?: { name: string; value: string; label: string }[];
  variations?: { nodes: Variation[] };
}

export interface ShopContact {
  phone: string | null;
  email: string | null;
  address: string | null;
  facebook: string | null;
  instagram: string | null;
  tiktok: string | null;
}

export interface StoreSettings {
  siteName: string;
  shortDescription: string;
  description: string;
  baseUrl: string;
  siteImage: string | null;
  productsPerPage: number;
  saleBadge: string;
  showReviews: boolean;
  showFilters: boolean;
  showOrderByDropdown: boolean;
  showSKU: boolean;
  showRelatedProducts: boolean;
  showProductCategoriesOnSingleProduct: boolean;
  showBreadcrumbOnSingleProduct: boolean;
  currency: string;
  timeZone: string;
  autoOpenCart?: boolean;
  contact: ShopContact;
}
