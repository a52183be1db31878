/**
 * Operation documents written the way a WooGraphQL headless storefront writes them (shared fragments,
 * `first: 9999` for "all", every price in two formats, images in several sizes, the whole cart after each
 * change), for the tests of docs/interfaces.md §1. Our own documents, not any project's files.
 */

export const IMAGE_FIELDS = /* GraphQL */ `
  fragment ImageFields on MediaItem {
    databaseId
    altText
    sourceUrl
    thumbnail: sourceUrl(size: THUMBNAIL)
    medium: sourceUrl(size: MEDIUM)
    large: sourceUrl(size: LARGE)
    srcSet
    sizes
  }
`;

export const VARIATION_FIELDS = /* GraphQL */ `
  fragment VariationFields on ProductVariation {
    id
    databaseId
    name
    slug
    stockStatus
    stockQuantity
    onSale
    price
    rawPrice: price(format: RAW)
    regularPrice
    rawRegularPrice: regularPrice(format: RAW)
    salePrice
    rawSalePrice: salePrice(format: RAW)
    image {
      ...ImageFields
    }
    attributes {
      nodes {
        id
        attributeId
        name
        label
        value
      }
    }
  }
`;

export const PRODUCT_CARD_FIELDS = /* GraphQL */ `
  fragment ProductCardFields on Product {
    id
    databaseId
    type
    name
    slug
    sku
    uri
    onSale
    featured
    averageRating
    reviewCount
    menuOrder
    image {
      ...ImageFields
    }
    productCategories {
      nodes {
        databaseId
        name
        slug
      }
    }
    terms {
      nodes {
        databaseId
        taxonomyName
        name
        slug
      }
    }
    attributes {
      nodes {
        id
        attributeId
        name
        label
        options
        variation
        visible
        ... on GlobalProductAttribute {
          slug
          terms {
            nodes {
              databaseId
              name
              slug
            }
          }
        }
      }
    }
    ... on SimpleProduct {
      stockStatus
      stockQuantity
      price
      rawPrice: price(format: RAW)
      regularPrice
      rawRegularPrice: regularPrice(format: RAW)
      salePrice
      rawSalePrice: salePrice(format: RAW)
    }
    ... on VariableProduct {
      stockStatus
      price
      rawPrice: price(format: RAW)
      regularPrice
      rawRegularPrice: regularPrice(format: RAW)
      salePrice
      rawSalePrice: salePrice(format: RAW)
      defaultAttributes {
        nodes {
          name
          value
        }
      }
    }
  }
`;

export const CART_FIELDS = /* GraphQL */ `
  fragment CartFields on Cart {
    isEmpty
    total
    rawTotal: total(format: RAW)
    subtotal
    rawSubtotal: subtotal(format: RAW)
    totalTax
    discountTotal
    rawDiscountTotal: discountTotal(format: RAW)
    shippingTotal
    chosenShippingMethods
    availableShippingMethods {
      packageDetails
      rates {
        id
        instanceId
        methodId
        label
        cost
      }
    }
    appliedCoupons {
      code
      description
      discountAmount
      discountTax
    }
    contents(first: 100) {
      itemCount
      productCount
      nodes {
        key
        quantity
        total
        subtotal
        tax
        extraData {
          key
          value
        }
        variation {
          attributes {
            id
            name
            label
            value
          }
          node {
            ...VariationFields
          }
        }
        product {
          node {
            ...ProductCardFields
            ... on VariableProduct {
              variations(first: 100) {
                nodes {
                  ...VariationFields
                }
              }
            }
          }
        }
      }
    }
  }
`;

export const CUSTOMER_FIELDS = /* GraphQL */ `
  fragment CustomerFields on Customer {
    id
    databaseId
    sessionToken
    firstName
    lastName
    email
    username
    billing {
      firstName
      lastName
      company
      address1
      address2
      city
      state
      postcode
      country
      email
      phone
    }
    shipping {
      firstName
      lastName
      company
      address1
      address2
      city
      state
      postcode
      country
      email
      phone
    }
  }
`;

const CART_DOCUMENT_FRAGMENTS = IMAGE_FIELDS + VARIATION_FIELDS + PRODUCT_CARD_FIELDS + CART_FIELDS;

export const GET_CART = /* GraphQL */ `
  query getCart {
    cart {
      ...CartFields
    }
    customer {
      ...CustomerFields
    }
    viewer {
      id
      databaseId
      username
      email
      wooSessionToken
    }
    paymentGateways {
      nodes {
        id
        title
        description
        icon
      }
    }
  }
  ${CART_DOCUMENT_FRAGMENTS}
  ${CUSTOMER_FIELDS}
`;

export const GET_PRODUCTS = /* GraphQL */ `
  query getProducts($after: String, $slugs: [String]) {
    products(first: 9999, after: $after, where: { categoryIn: $slugs, visibility: VISIBLE, minPrice: 0, orderby: [{ field: MENU_ORDER, order: ASC }] }) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...ProductCardFields
        ... on VariableProduct {
          variations(first: 100) {
            nodes {
              ...VariationFields
            }
          }
        }
      }
    }
  }
  ${IMAGE_FIELDS}
  ${VARIATION_FIELDS}
  ${PRODUCT_CARD_FIELDS}
`;

/** The product page: the main image in every size and each price twice, as such pages ask (37 aliases). */
export const GET_PRODUCT = /* GraphQL */ `
  query getProduct($slug: ID!) {
    product(id: $slug, idType: SLUG) {
      ...ProductCardFields
      description
      shortDescription
      rawDescription: description(format: RAW)
      image {
        cardSize: sourceUrl(size: WOOCOMMERCE_THUMBNAIL)
        singleSize: sourceUrl(size: WOOCOMMERCE_SINGLE)
        fullSize: sourceUrl(size: FULL)
        singleSrcSet: srcSet(size: WOOCOMMERCE_SINGLE)
        singleSizes: sizes(size: WOOCOMMERCE_SINGLE)
        thumbnailSrcSet: srcSet(size: THUMBNAIL)
        mediumSrcSet: srcSet(size: MEDIUM)
        largeSrcSet: srcSet(size: LARGE)
        fullSrcSet: srcSet(size: FULL)
      }
      galleryImages {
        nodes {
          ...ImageFields
        }
      }
      reviews(first: 10) {
        averageRating
        edges {
          rating
          node {
            id
            content
            date
            author {
              node {
                name
              }
            }
          }
        }
      }
      related(first: 5) {
        nodes {
          ...ProductCardFields
        }
      }
      upsell {
        nodes {
          id
          name
          slug
        }
      }
      crossSell {
        nodes {
          id
          name
          slug
        }
      }
      ... on VariableProduct {
        variations(first: 100) {
          nodes {
            ...VariationFields
          }
        }
      }
    }
  }
  ${IMAGE_FIELDS}
  ${VARIATION_FIELDS}
  ${PRODUCT_CARD_FIELDS}
`;

export const GET_ALL_TERMS = /* GraphQL */ `
  query getAllTerms($taxonomies: [TaxonomyEnum]!, $hideEmpty: Boolean = true) {
    terms(first: 100, where: { taxonomies: $taxonomies, hideEmpty: $hideEmpty }) {
      nodes {
        databaseId
        taxonomyName
        name
        slug
        count
      }
    }
  }
`;

export const ADD_TO_CART = /* GraphQL */ `
  mutation addToCart($input: AddToCartInput!) {
    addToCart(input: $input) {
      cartItem {
        key
        quantity
        variation {
          node {
            databaseId
          }
        }
        product {
          node {
            databaseId
          }
        }
      }
      cart {
        ...CartFields
      }
    }
  }
  ${CART_DOCUMENT_FRAGMENTS}
`;

export const UPDATE_ITEM_QUANTITIES = /* GraphQL */ `
  mutation updateItemQuantities($input: UpdateItemQuantitiesInput!) {
    updateItemQuantities(input: $input) {
      cart {
        ...CartFields
      }
    }
  }
  ${CART_DOCUMENT_FRAGMENTS}
`;

export const CHECKOUT = /* GraphQL */ `
  mutation checkout($input: CheckoutInput!) {
    checkout(input: $input) {
      result
      redirect
      order {
        databaseId
        orderKey
        orderNumber
        status
        total
        fulfilmentType
        timeSlot {
          start
          end
        }
        lineItems {
          nodes {
            name
            quantity
            total
          }
        }
      }
    }
  }
`;

export const GET_ORDERS = /* GraphQL */ `
  query getOrders {
    customer {
      orders(first: 100) {
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          databaseId
          orderNumber
          orderKey
          status
          date
          total
          rawTotal: total(format: RAW)
          subtotal
          totalTax
          shippingTotal
          paymentMethodTitle
          billing {
            firstName
            lastName
            email
            phone
            address1
            city
            postcode
          }
          lineItems {
            nodes {
              quantity
              total
              subtotal
              variation {
                node {
                  databaseId
                  name
                }
              }
              product {
                node {
                  databaseId
                  name
                  slug
                  image {
                    ...ImageFields
                  }
                }
              }
            }
          }
          downloadableItems {
            nodes {
              id
              name
              url
              accessExpires
              downloadsRemaining
            }
          }
        }
      }
      downloadableItems(first: 100) {
        nodes {
          id
          name
          url
          accessExpires
          downloadsRemaining
        }
      }
    }
  }
  ${IMAGE_FIELDS}
`;
