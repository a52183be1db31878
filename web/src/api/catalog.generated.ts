/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type * as Types from './schema-types.generated';

import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AddonFieldTypeEnum =
  | 'CHECKBOX'
  | 'CUSTOM_TEXT'
  | 'HEADING'
  | 'MULTIPLE_CHOICE';

export type AddonPriceTypeEnum =
  | 'FLAT_FEE'
  | 'PERCENTAGE_BASED'
  | 'QUANTITY_BASED';

export type MessageLevelEnum =
  | 'INFO'
  | 'WARNING';

export type MessageSurfaceEnum =
  | 'KIOSK'
  | 'MENU_BOARDS'
  | 'SHOP'
  | 'STATUS_SCREEN';

export type ProductTypesEnum =
  | 'EXTERNAL'
  | 'GROUPED'
  | 'SIMPLE'
  | 'VARIABLE'
  | 'VARIATION';

export type StockStatusEnum =
  | 'IN_STOCK'
  | 'ON_BACKORDER'
  | 'OUT_OF_STOCK';

export type ImageFieldsFragment = { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null };

export type ListProductFields_ExternalProduct_Fragment = { databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
      | { slug: string, name: string, label: string }
      | { name: string, label: string }
    > } };

export type ListProductFields_GroupProduct_Fragment = { databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
      | { slug: string, name: string, label: string }
      | { name: string, label: string }
    > } };

export type ListProductFields_SimpleProduct_Fragment = { rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
      | { slug: string, name: string, label: string }
      | { name: string, label: string }
    > } };

export type ListProductFields_VariableProduct_Fragment = { rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
      | { slug: string, name: string, label: string }
      | { name: string, label: string }
    > } };

export type ListProductFieldsFragment =
  | ListProductFields_ExternalProduct_Fragment
  | ListProductFields_GroupProduct_Fragment
  | ListProductFields_SimpleProduct_Fragment
  | ListProductFields_VariableProduct_Fragment
;

export type GetProductsQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type GetProductsQuery = { products: { found: number, nodes: Array<
      | { databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
            | { slug: string, name: string, label: string }
            | { name: string, label: string }
          > } }
      | { databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
            | { slug: string, name: string, label: string }
            | { name: string, label: string }
          > } }
      | { rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
            | { slug: string, name: string, label: string }
            | { name: string, label: string }
          > } }
      | { rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
            | { slug: string, name: string, label: string }
            | { name: string, label: string }
          > } }
    > } };

export type GetProductQueryVariables = Exact<{
  slug: string | number;
}>;


export type GetProductQuery = { product:
    | { sku: string | null, maxQuantity: number | null, reviewCount: number, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, galleryImages: { nodes: Array<{ sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null }> }, addons: Array<{ databaseId: number, name: string, nameLang: string, type: Types.AddonFieldTypeEnum, display: string, description: string | null, descriptionLang: string, fieldName: string, required: boolean, price: number | null, priceType: Types.AddonPriceTypeEnum, maxLength: number | null, options: Array<{ databaseId: number, label: string, labelLang: string, price: number | null, priceType: Types.AddonPriceTypeEnum, image: string | null, soldOut: boolean }> }>, attributes: { nodes: Array<
          | { slug: string, name: string, label: string, options: Array<string | null> | null, variation: boolean, visible: boolean, terms: { nodes: Array<{ slug: string, name: string }> } }
          | { name: string, label: string, options: Array<string | null> | null, variation: boolean, visible: boolean }
        > }, related: { nodes: Array<
          | { databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
          | { databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
          | { rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
          | { rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
        > }, reviews: { averageRating: number, nodes: Array<{ id: string, databaseId: number, rating: number, content: string, date: string, verified: boolean, reply: string | null, author: { node: { name: string, avatar: { url: string | null } | null } } }> }, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }> }
    | { sku: string | null, maxQuantity: number | null, reviewCount: number, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, galleryImages: { nodes: Array<{ sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null }> }, addons: Array<{ databaseId: number, name: string, nameLang: string, type: Types.AddonFieldTypeEnum, display: string, description: string | null, descriptionLang: string, fieldName: string, required: boolean, price: number | null, priceType: Types.AddonPriceTypeEnum, maxLength: number | null, options: Array<{ databaseId: number, label: string, labelLang: string, price: number | null, priceType: Types.AddonPriceTypeEnum, image: string | null, soldOut: boolean }> }>, attributes: { nodes: Array<
          | { slug: string, name: string, label: string, options: Array<string | null> | null, variation: boolean, visible: boolean, terms: { nodes: Array<{ slug: string, name: string }> } }
          | { name: string, label: string, options: Array<string | null> | null, variation: boolean, visible: boolean }
        > }, related: { nodes: Array<
          | { databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
          | { databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
          | { rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
          | { rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
        > }, reviews: { averageRating: number, nodes: Array<{ id: string, databaseId: number, rating: number, content: string, date: string, verified: boolean, reply: string | null, author: { node: { name: string, avatar: { url: string | null } | null } } }> }, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }> }
    | { stockQuantity: number | null, sku: string | null, maxQuantity: number | null, reviewCount: number, rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, galleryImages: { nodes: Array<{ sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null }> }, addons: Array<{ databaseId: number, name: string, nameLang: string, type: Types.AddonFieldTypeEnum, display: string, description: string | null, descriptionLang: string, fieldName: string, required: boolean, price: number | null, priceType: Types.AddonPriceTypeEnum, maxLength: number | null, options: Array<{ databaseId: number, label: string, labelLang: string, price: number | null, priceType: Types.AddonPriceTypeEnum, image: string | null, soldOut: boolean }> }>, attributes: { nodes: Array<
          | { slug: string, name: string, label: string, options: Array<string | null> | null, variation: boolean, visible: boolean, terms: { nodes: Array<{ slug: string, name: string }> } }
          | { name: string, label: string, options: Array<string | null> | null, variation: boolean, visible: boolean }
        > }, related: { nodes: Array<
          | { databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
          | { databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
          | { rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
          | { rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
        > }, reviews: { averageRating: number, nodes: Array<{ id: string, databaseId: number, rating: number, content: string, date: string, verified: boolean, reply: string | null, author: { node: { name: string, avatar: { url: string | null } | null } } }> }, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }> }
    | { stockQuantity: number | null, sku: string | null, maxQuantity: number | null, reviewCount: number, rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, defaultAttributes: { nodes: Array<{ name: string, value: string, label: string }> }, variations: { nodes: Array<{ databaseId: number, name: string, nameLang: string, slug: string, sku: string | null, rawPrice: string | null, regularPrice: string | null, salePrice: string | null, onSale: boolean, stockStatus: Types.StockStatusEnum, stockQuantity: number | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, attributes: { nodes: Array<{ name: string, value: string, label: string, labelLang: string | null }> } }> }, galleryImages: { nodes: Array<{ sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null }> }, addons: Array<{ databaseId: number, name: string, nameLang: string, type: Types.AddonFieldTypeEnum, display: string, description: string | null, descriptionLang: string, fieldName: string, required: boolean, price: number | null, priceType: Types.AddonPriceTypeEnum, maxLength: number | null, options: Array<{ databaseId: number, label: string, labelLang: string, price: number | null, priceType: Types.AddonPriceTypeEnum, image: string | null, soldOut: boolean }> }>, attributes: { nodes: Array<
          | { slug: string, name: string, label: string, options: Array<string | null> | null, variation: boolean, visible: boolean, terms: { nodes: Array<{ slug: string, name: string }> } }
          | { name: string, label: string, options: Array<string | null> | null, variation: boolean, visible: boolean }
        > }, related: { nodes: Array<
          | { databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
          | { databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
          | { rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
          | { rawPrice: string | null, rawRegularPrice: string | null, rawSalePrice: string | null, stockStatus: Types.StockStatusEnum, databaseId: number, slug: string, name: string, type: Types.ProductTypesEnum, date: string, description: string | null, shortDescription: string | null, excerpt: string | null, onSale: boolean, isNew: boolean, featured: boolean, averageRating: number, discountPercentage: number, menuOrder: number, ageLimit: number | null, ownContainer: boolean, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }>, addons: Array<{ required: boolean }>, attributes: { nodes: Array<
                | { slug: string, name: string, label: string }
                | { name: string, label: string }
              > } }
        > }, reviews: { averageRating: number, nodes: Array<{ id: string, databaseId: number, rating: number, content: string, date: string, verified: boolean, reply: string | null, author: { node: { name: string, avatar: { url: string | null } | null } } }> }, textLangs: { name: string, shortDescription: string, description: string } | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null, productCategories: { nodes: Array<{ slug: string, name: string }> }, terms: { nodes: Array<{ taxonomyName: string, slug: string, name: string }> }, allergens: Array<{ code: string, name: string, icon: string }> }
   | null };

export type GetProductCategoriesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetProductCategoriesQuery = { productCategories: { nodes: Array<{ databaseId: number, slug: string, name: string, nameLang: string, count: number, menuOrder: number, customOrder: number, description: string | null, image: { sourceUrl: string | null, thumbnailUrl: string | null, productCardUrl: string | null, altText: string | null } | null }> } };

export type GetAllTermsQueryVariables = Exact<{
  taxonomies: Array<string | null | undefined> | string;
}>;


export type GetAllTermsQuery = { terms: { nodes: Array<{ taxonomyName: string, name: string, slug: string, count: number | null }> } };

export type GetStoreSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetStoreSettingsQuery = { storeSettings: { siteName: string, shortDescription: string, description: string, baseUrl: string, siteImage: string | null, productsPerPage: number, saleBadge: string, showReviews: boolean, showFilters: boolean, showOrderByDropdown: boolean, showSKU: boolean, showRelatedProducts: boolean, showProductCategoriesOnSingleProduct: boolean, showBreadcrumbOnSingleProduct: boolean, showMoveToWishlist: boolean, currency: string, timeZone: string, autoOpenCart: boolean, logo: string | null, vatNumber: string | null, contactIntro: string | null, termsPage: string | null, privacyPage: string | null, contact: { phone: string | null, email: string | null, address: string | null, facebook: string | null, instagram: string | null, tiktok: string | null } } };

export type GetCatalogVersionQueryVariables = Exact<{ [key: string]: never; }>;


export type GetCatalogVersionQuery = { catalogVersion: number };

export type GetSoldOutAddonOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetSoldOutAddonOptionsQuery = { soldOutAddonOptions: Array<{ databaseId: number, label: string }> };

export type GetShopMessagesQueryVariables = Exact<{
  surface: Types.MessageSurfaceEnum;
}>;


export type GetShopMessagesQuery = { shopMessages: Array<{ databaseId: number, level: Types.MessageLevelEnum, text: string, endsAt: string }> };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const ImageFieldsFragmentDoc = new TypedDocumentString(`
    fragment ImageFields on MediaItem {
  sourceUrl
  thumbnailUrl
  productCardUrl
  altText
}
    `, {"fragmentName":"ImageFields"}) as unknown as TypedDocumentString<ImageFieldsFragment, unknown>;
export const ListProductFieldsFragmentDoc = new TypedDocumentString(`
    fragment ListProductFields on Product {
  databaseId
  slug
  name
  type
  date
  textLangs {
    name
    shortDescription
    description
  }
  description
  shortDescription
  excerpt
  onSale
  isNew
  featured
  averageRating
  discountPercentage
  menuOrder
  ageLimit
  ownContainer
  image {
    ...ImageFields
  }
  productCategories {
    nodes {
      slug
      name
    }
  }
  terms {
    nodes {
      taxonomyName
      slug
      name
    }
  }
  allergens {
    code
    name
    icon
  }
  addons {
    required
  }
  attributes {
    nodes {
      name
      label
      ... on GlobalProductAttribute {
        slug
      }
    }
  }
  ... on SimpleProduct {
    rawPrice
    rawRegularPrice
    rawSalePrice
    stockStatus
  }
  ... on VariableProduct {
    rawPrice
    rawRegularPrice
    rawSalePrice
    stockStatus
  }
}
    fragment ImageFields on MediaItem {
  sourceUrl
  thumbnailUrl
  productCardUrl
  altText
}`, {"fragmentName":"ListProductFields"}) as unknown as TypedDocumentString<ListProductFieldsFragment, unknown>;
export const GetProductsDocument = new TypedDocumentString(`
    query GetProducts($first: Int = 9999) {
  products(
    first: $first
    where: {visibility: VISIBLE, minPrice: 0, status: "publish", orderby: [{field: MENU_ORDER, order: ASC}]}
  ) {
    found
    nodes {
      ...ListProductFields
    }
  }
}
    fragment ImageFields on MediaItem {
  sourceUrl
  thumbnailUrl
  productCardUrl
  altText
}
fragment ListProductFields on Product {
  databaseId
  slug
  name
  type
  date
  textLangs {
    name
    shortDescription
    description
  }
  description
  shortDescription
  excerpt
  onSale
  isNew
  featured
  averageRating
  discountPercentage
  menuOrder
  ageLimit
  ownContainer
  image {
    ...ImageFields
  }
  productCategories {
    nodes {
      slug
      name
    }
  }
  terms {
    nodes {
      taxonomyName
      slug
      name
    }
  }
  allergens {
    code
    name
    icon
  }
  addons {
    required
  }
  attributes {
    nodes {
      name
      label
      ... on GlobalProductAttribute {
        slug
      }
    }
  }
  ... on SimpleProduct {
    rawPrice
    rawRegularPrice
    rawSalePrice
    stockStatus
  }
  ... on VariableProduct {
    rawPrice
    rawRegularPrice
    rawSalePrice
    stockStatus
  }
}`) as unknown as TypedDocumentString<GetProductsQuery, GetProductsQueryVariables>;
export const GetProductDocument = new TypedDocumentString(`
    query GetProduct($slug: ID!) {
  product(id: $slug, idType: SLUG) {
    ...ListProductFields
    sku
    maxQuantity
    reviewCount
    galleryImages(first: 20) {
      nodes {
        ...ImageFields
      }
    }
    addons {
      databaseId
      name
      nameLang
      type
      display
      description
      descriptionLang
      fieldName
      required
      price
      priceType
      maxLength
      options {
        databaseId
        label
        labelLang
        price
        priceType
        image
        soldOut
      }
    }
    attributes {
      nodes {
        name
        label
        options
        variation
        visible
        ... on GlobalProductAttribute {
          slug
          terms {
            nodes {
              slug
              name
            }
          }
        }
      }
    }
    related(first: 5) {
      nodes {
        ...ListProductFields
      }
    }
    reviews(first: 100) {
      averageRating
      nodes {
        id
        databaseId
        rating
        content(format: RAW)
        date
        verified
        reply
        author {
          node {
            name
            avatar {
              url
            }
          }
        }
      }
    }
    ... on SimpleProduct {
      stockQuantity
    }
    ... on VariableProduct {
      stockQuantity
      defaultAttributes {
        nodes {
          name
          value
          label
        }
      }
      variations(first: 100) {
        nodes {
          databaseId
          name
          nameLang
          slug
          sku
          rawPrice
          regularPrice(format: RAW)
          salePrice(format: RAW)
          onSale
          stockStatus
          stockQuantity
          image {
            ...ImageFields
          }
          attributes {
            nodes {
              name
              value
              label
              labelLang
            }
          }
        }
      }
    }
  }
}
    fragment ImageFields on MediaItem {
  sourceUrl
  thumbnailUrl
  productCardUrl
  altText
}
fragment ListProductFields on Product {
  databaseId
  slug
  name
  type
  date
  textLangs {
    name
    shortDescription
    description
  }
  description
  shortDescription
  excerpt
  onSale
  isNew
  featured
  averageRating
  discountPercentage
  menuOrder
  ageLimit
  ownContainer
  image {
    ...ImageFields
  }
  productCategories {
    nodes {
      slug
      name
    }
  }
  terms {
    nodes {
      taxonomyName
      slug
      name
    }
  }
  allergens {
    code
    name
    icon
  }
  addons {
    required
  }
  attributes {
    nodes {
      name
      label
      ... on GlobalProductAttribute {
        slug
      }
    }
  }
  ... on SimpleProduct {
    rawPrice
    rawRegularPrice
    rawSalePrice
    stockStatus
  }
  ... on VariableProduct {
    rawPrice
    rawRegularPrice
    rawSalePrice
    stockStatus
  }
}`) as unknown as TypedDocumentString<GetProductQuery, GetProductQueryVariables>;
export const GetProductCategoriesDocument = new TypedDocumentString(`
    query GetProductCategories {
  productCategories(first: 100, where: {hideEmpty: true, order: ASC}) {
    nodes {
      databaseId
      slug
      name
      nameLang
      count
      menuOrder
      customOrder
      description
      image {
        ...ImageFields
      }
    }
  }
}
    fragment ImageFields on MediaItem {
  sourceUrl
  thumbnailUrl
  productCardUrl
  altText
}`) as unknown as TypedDocumentString<GetProductCategoriesQuery, GetProductCategoriesQueryVariables>;
export const GetAllTermsDocument = new TypedDocumentString(`
    query GetAllTerms($taxonomies: [TaxonomyEnum]!) {
  terms(first: 100, where: {taxonomies: $taxonomies, hideEmpty: true}) {
    nodes {
      taxonomyName
      name
      slug
      count
    }
  }
}
    `) as unknown as TypedDocumentString<GetAllTermsQuery, GetAllTermsQueryVariables>;
export const GetStoreSettingsDocument = new TypedDocumentString(`
    query GetStoreSettings {
  storeSettings {
    siteName
    shortDescription
    description
    baseUrl
    siteImage
    productsPerPage
    saleBadge
    showReviews
    showFilters
    showOrderByDropdown
    showSKU
    showRelatedProducts
    showProductCategoriesOnSingleProduct
    showBreadcrumbOnSingleProduct
    showMoveToWishlist
    currency
    timeZone
    autoOpenCart
    logo
    vatNumber
    contactIntro
    termsPage
    privacyPage
    contact {
      phone
      email
      address
      facebook
      instagram
      tiktok
    }
  }
}
    `) as unknown as TypedDocumentString<GetStoreSettingsQuery, GetStoreSettingsQueryVariables>;
export const GetCatalogVersionDocument = new TypedDocumentString(`
    query GetCatalogVersion {
  catalogVersion
}
    `) as unknown as TypedDocumentString<GetCatalogVersionQuery, GetCatalogVersionQueryVariables>;
export const GetSoldOutAddonOptionsDocument = new TypedDocumentString(`
    query GetSoldOutAddonOptions {
  soldOutAddonOptions {
    databaseId
    label
  }
}
    `) as unknown as TypedDocumentString<GetSoldOutAddonOptionsQuery, GetSoldOutAddonOptionsQueryVariables>;
export const GetShopMessagesDocument = new TypedDocumentString(`
    query GetShopMessages($surface: MessageSurfaceEnum!) {
  shopMessages(surface: $surface) {
    databaseId
    level
    text
    endsAt
  }
}
    `) as unknown as TypedDocumentString<GetShopMessagesQuery, GetShopMessagesQueryVariables>;