/**
 * Names for the catalogue shapes the screens pass around, all derived from the generated document types
 * (catalog.generated.ts, from the server's schema): nothing here is written by hand.
 */
import type {
  GetAllTermsQuery,
  GetProductCategoriesQuery,
  GetProductQuery,
  GetStoreSettingsQuery,
  ImageFieldsFragment,
  ListProductFieldsFragment,
} from './catalog.generated';
import type { AddonPriceTypeEnum, StockStatusEnum } from './schema-types.generated';

type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type ValueOfUnion<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
// `Extract<keyof T, PropertyKey>` rather than `keyof T`: a mapped type over `keyof T` would map each union
// member on its own instead of merging them.
type FlatObject<T> = { [K in Extract<keyof T, PropertyKey>]: Flat<ValueOfUnion<T, K>> } & {
  [K in Exclude<KeysOfUnion<T>, keyof T>]?: Flat<ValueOfUnion<T, K>>;
};
// `T[number]`, not `infer E`: inference would drop `{ slug, name }` from `{ slug, name } | { name }`.
type FlatNonNull<T> = [T] extends [readonly unknown[]] ? Flat<T[number]>[] : [T] extends [object] ? FlatObject<T> : T;

/**
 * A selection with inline fragments (`... on SimpleProduct { rawPrice }`) is generated as a union, one
 * member per concrete type. Screens read it as one object: the fields only some members have become optional.
 */
export type Flat<T> = null extends T ? FlatNonNull<NonNullable<T>> | null : FlatNonNull<T>;

export type StockStatus = StockStatusEnum;
export type AddonPriceType = AddonPriceTypeEnum;
export type ImageData = ImageFieldsFragment;

/** The fields the shop list, the cards and the digital menu need. */
export type ListProduct = Flat<ListProductFieldsFragment>;
export type ProductDetail = Flat<NonNullable<GetProductQuery['product']>>;
export type Allergen = ListProduct['allergens'][number];
export type Addon = ProductDetail['addons'][number];
export type AddonOption = Addon['options'][number];
export type Variation = NonNullable<ProductDetail['variations']>['nodes'][number];

export type Category = GetProductCategoriesQuery['productCategories']['nodes'][number];
export type Term = GetAllTermsQuery['terms']['nodes'][number];
export type StoreSettings = GetStoreSettingsQuery['storeSettings'];
export type ShopContact = StoreSettings['contact'];
