/** The storefront's GraphQL documents (SPEC §7, REFERENCE §1). */

const IMAGE = 'sourceUrl thumbnailUrl productCardUrl altText';

export const LIST_PRODUCT_FIELDS = `
  databaseId slug name type date
  description shortDescription excerpt
  onSale isNew featured averageRating discountPercentage menuOrder
  image { ${IMAGE} }
  productCategories { nodes { slug name } }
  terms { nodes { taxonomyName slug name } }
  allergens { code name icon }
  attributes { nodes { name label ... on GlobalProductAttribute { slug } } }
  ... on SimpleProduct { rawPrice rawRegularPrice rawSalePrice stockStatus }
  ... on VariableProduct { rawPrice rawRegularPrice rawSalePrice stockStatus }
`;

/** getProducts: published, visible, price at least 0, in menu order (SPEC §7). */
export const PRODUCTS_QUERY = `
  query GetProducts($first: Int = 9999) {
    products(first: $first, where: {visibility: VISIBLE, minPrice: 0, status: "publish", orderby: [{field: MENU_ORDER, order: ASC}]}) {
      found
      nodes { ${LIST_PRODUCT_FIELDS} }
    }
  }
`;

export const PRODUCT_QUERY = `
  query GetProduct($slug: ID!) {
    product(id: $slug, idType: SLUG) {
      ${LIST_PRODUCT_FIELDS}
      sku maxQuantity reviewCount
      galleryImages(first: 20) { nodes { ${IMAGE} } }
      addons {
        databaseId name type display description fieldName required price priceType maxLength
        options { databaseId label price priceType image }
      }
      attributes { nodes { name label options variation visible ... on GlobalProductAttribute { slug terms { slug name } } } }
      related(first: 5) { nodes { ${LIST_PRODUCT_FIELDS} } }
      reviews(first: 100) {
        averageRating
        nodes { id databaseId rating content date verified author { node { name avatar { url } } } }
      }
      ... on SimpleProduct { stockQuantity }
      ... on VariableProduct {
        stockQuantity
        defaultAttributes { name value label }
        variations(first: 100) {
          nodes {
            databaseId name slug sku rawPrice regularPrice(format: RAW) salePrice(format: RAW) onSale stockStatus stockQuantity
            image { ${IMAGE} }
            attributes { nodes { name value label } }
          }
        }
      }
    }
  }
`;

export const CATEGORIES_QUERY = `
  query GetProductCategories {
    productCategories(first: 100, where: {hideEmpty: true, order: ASC}) {
      nodes { databaseId slug name count menuOrder customOrder description image { ${IMAGE} } }
    }
  }
`;

export const TERMS_QUERY = `
  query GetAllTerms($taxonomies: [TaxonomyEnum]!) {
    terms(first: 100, where: {taxonomies: $taxonomies, hideEmpty: true}) {
      nodes { taxonomyName name slug count }
    }
  }
`;

export const STORE_SETTINGS_QUERY = `
  query GetStoreSettings {
    storeSettings {
      siteName shortDescription description baseUrl siteImage productsPerPage saleBadge
      showReviews showFilters showOrderByDropdown showSKU showRelatedProducts
      showProductCategoriesOnSingleProduct showBreadcrumbOnSingleProduct currency timeZone autoOpenCart
      contact { phone email address facebook instagram tiktok }
    }
  }
`;

export const CATALOG_VERSION_QUERY = `query GetCatalogVersion { catalogVersion }`;
