import fs from 'node:fs';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { GraphQLScalarType, Kind } from 'graphql';
import * as products from './resolvers/products.js';
import { MediaItem } from './resolvers/media.js';
import { Allergen, allProductTags, ProductCategory, ProductTag, TermNode } from './resolvers/taxonomy.js';
import { RootQuery } from './resolvers/query.js';
import { AppliedCoupon, AppliedGiftCard, Cart, CartFee, CartItem, cartMutations } from './resolvers/cart.js';
import { DownloadableItem, LineItem, Order, checkoutMutation, orderQuery } from './resolvers/orders.js';
import { arrivalMutations, orderArrival } from './resolvers/arrival.js';
import { orderPushMutations, orderPushQueries } from './resolvers/order-push.js';
import { paymentQueries } from './resolvers/payments.js';
import { shopQueries } from './resolvers/shop.js';
import { messageQueries } from './resolvers/messages.js';
import { Customer, accountMutations, accountQueries, orderCustomer } from './resolvers/accounts.js';
import { graphqlSchemaFiles } from '../../paths.js';

// Read from the sources at run time (the bundled server has no copy of its own).
const typeDefs = graphqlSchemaFiles.map((file) => fs.readFileSync(file, 'utf8'));

const TaxonomyEnum = new GraphQLScalarType({
  name: 'TaxonomyEnum',
  description: 'A taxonomy: PRODUCTCATEGORY (or product_cat) or a global attribute such as PA_FORMAAT.',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== 'string' || !/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(value)) {
      throw new TypeError('TaxonomyEnum must be a taxonomy name such as PRODUCTCATEGORY or PA_FORMAAT.');
    }
    return value;
  },
  parseLiteral: (ast) => {
    if ((ast.kind === Kind.ENUM || ast.kind === Kind.STRING) && /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(ast.value)) {
      return ast.value;
    }
    throw new TypeError('TaxonomyEnum must be a taxonomy name such as PRODUCTCATEGORY or PA_FORMAAT.');
  },
});

export const schema = makeExecutableSchema({
  typeDefs,
  // Product types share one field map; each type only uses the fields its schema declares.
  resolverValidationOptions: { requireResolversToMatchSchema: 'ignore' },
  resolvers: {
    TaxonomyEnum,
    RootQuery: {
      ...RootQuery,
      ...shopQueries,
      ...messageQueries,
      ...accountQueries,
      ...paymentQueries,
      ...orderPushQueries,
      order: orderQuery,
      productTags: allProductTags,
    },
    RootMutation: { ...cartMutations, ...checkoutMutation, ...accountMutations, ...arrivalMutations, ...orderPushMutations },
    Customer,
    Cart,
    CartItem,
    AppliedCoupon,
    AppliedGiftCard,
    CartFee,
    OrderGiftCard: { amount: AppliedGiftCard.amount },
    Order: { ...Order, customer: orderCustomer, arrival: orderArrival },
    LineItem,
    DownloadableItem,
    MediaItem,
    Allergen,
    ProductCategory,
    ProductTag,
    TermNode,
    ...products,
  },
});
