import {
  GraphQLError,
  Kind,
  getNamedType,
  isInterfaceType,
  isObjectType,
  valueFromASTUntyped,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { MAX_CART_LINES } from '../../modules/cart/cart-service.js';
import type { CatalogSnapshot } from '../../modules/catalog/snapshot.js';

/** `related` answers at most this many products (resolvers/products.ts). */
export const RELATED_PAGE = 5;
/** Product-to-product links: a link inside a link only multiplies the same products (nested `related`). */
const PRODUCT_LINKS = new Set(['related', 'upsell', 'crossSell']);

const CONNECTION_LISTS = new Set(['nodes', 'edges', 'node']);

/**
 * How many items each list can really hold, from the live catalogue and the model's own limits: the cost
 * of a query is estimated from these, never from the `first` a client asks (WooGraphQL clients ask 9999
 * for "all", and the page is capped at the max query amount anyway).
 */
export interface CostBounds {
  /** Largest page any list answers (BAKJE_GRAPHQL_MAX_QUERY_AMOUNT). */
  maxQueryAmount: number;
  /** Products (not variations) in the catalogue. */
  products: number;
  /** Variations in the whole catalogue, and the most one product has. */
  variations: number;
  variationsPerProduct: number;
  /** Most upsell, cross-sell or grouped products one product lists. */
  linksPerProduct: number;
  reviewsPerProduct: number;
  galleryPerProduct: number;
  categories: number;
  terms: number;
  /** Most categories, and terms (categories and attribute values), one product has. */
  categoriesPerProduct: number;
  termsPerProduct: number;
}

export function costBoundsOf(catalog: CatalogSnapshot, maxQueryAmount: number): CostBounds {
  let variations = 0;
  let variationsPerProduct = 0;
  let linksPerProduct = 0;
  let reviewsPerProduct = 0;
  let galleryPerProduct = 0;
  let categoriesPerProduct = 0;
  let termsPerProduct = 0;
  for (const product of catalog.list) {
    categoriesPerProduct = Math.max(categoriesPerProduct, product.categoryIds.length);
    const attributeValues = product.attributes.reduce((sum, attribute) => sum + attribute.options.length, 0);
    termsPerProduct = Math.max(termsPerProduct, product.categoryIds.length + attributeValues);
    variations += product.variations.length;
    variationsPerProduct = Math.max(variationsPerProduct, product.variations.length);
    linksPerProduct = Math.max(linksPerProduct, product.upsellIds.length, product.crossSellIds.length, product.groupedIds.length);
    reviewsPerProduct = Math.max(reviewsPerProduct, product.reviews.length);
    galleryPerProduct = Math.max(galleryPerProduct, product.galleryIds.length);
  }
  return {
    maxQueryAmount,
    products: catalog.list.length,
    variations,
    variationsPerProduct,
    linksPerProduct,
    reviewsPerProduct,
    galleryPerProduct,
    categories: catalog.categories.size,
    terms: catalog.terms.size + catalog.categories.size,
    categoriesPerProduct,
    termsPerProduct,
  };
}

/**
 * Most items a paged field can answer for one parent, and whether each item belongs to one parent only
 * (then all parents together hold at most `total`: every variation is one product's). Known by the field's
 * name, so a list that comes back under another connection type (WooGraphQL names them per parent) keeps
 * its bound.
 */
function pageBound(parent: string, field: string, bounds: CostBounds): { per: number; total?: number; partition: boolean } {
  const root = parent === 'RootQuery';
  switch (field) {
    case 'variations':
      return { per: bounds.variationsPerProduct, total: bounds.variations, partition: true };
    case 'products':
      if (root) return { per: bounds.products, total: bounds.products, partition: true };
      // A category's products, or a grouped product's.
      return { per: parent === 'ProductCategory' ? bounds.products : bounds.linksPerProduct, partition: false };
    case 'related':
      return { per: RELATED_PAGE, partition: false };
    case 'upsell':
    case 'crossSell':
      return { per: bounds.linksPerProduct, partition: false };
    case 'productCategories':
      return { per: root ? bounds.categories : bounds.categoriesPerProduct, partition: false };
    case 'terms':
      return { per: root ? bounds.terms : bounds.termsPerProduct, partition: false };
    case 'reviews':
    case 'comments':
      return { per: bounds.reviewsPerProduct, partition: true };
    case 'galleryImages':
      return { per: bounds.galleryPerProduct, partition: false };
    case 'contents':
    case 'lineItems':
      // An order's lines are its cart's.
      return { per: MAX_CART_LINES, partition: true };
    case 'orders':
      // customer.orders answers at most 100 (resolvers/accounts.ts).
      return { per: 100, partition: true };
    case 'downloadableItems':
      // A restaurant sells no downloads: the list is always empty.
      return { per: 0, partition: true };
    default:
      return { per: bounds.maxQueryAmount, partition: false };
  }
}

/**
 * The page a field asks: a literal `first`/`last`, none as the argument's default; a variable (unknown when
 * the document is checked, once for all its requests) as much as the list can hold. Undefined: not paged.
 */
function askedPage(field: FieldNode, definition: GraphQLField<unknown, unknown>): number | undefined {
  let asked: number | undefined;
  for (const name of ['first', 'last']) {
    const declared = definition.args.find((a) => a.name === name);
    if (!declared) continue;
    const argument = field.arguments?.find((a) => a.name.value === name);
    const value = !argument ? declared.defaultValue : argument.value.kind === Kind.VARIABLE ? Infinity : valueFromASTUntyped(argument.value);
    if (typeof value === 'number' && !Number.isNaN(value)) asked = Math.max(asked ?? 0, value);
  }
  return asked;
}

function fieldOf(type: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  if (!type || !(isObjectType(type) || isInterfaceType(type))) return undefined;
  return type.getFields()[name];
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  bounds: CostBounds;
  maxCost: number;
  aliases: number;
  cost: number;
  nestedLink: FieldNode | undefined;
}

/**
 * Walks the selection top-down, fragments expanded, adding for each object field how many objects it can
 * answer (`times`: the product of the real page bounds above it), as GitHub's API counts nodes. Stops once the cost is over the limit, so a
 * document whose fragments fan out cannot make the walk itself expensive. `unique`: the parents are distinct
 * objects (a page of the catalogue, not of `related`), so a partitioned list holds at most its total.
 */
function walk(
  state: Walk,
  set: SelectionSetNode,
  type: GraphQLNamedType | undefined,
  times: number,
  unique: boolean,
  inLink: boolean,
  seen: Set<string>,
): void {
  for (const selection of set.selections) {
    if (state.cost > state.maxCost) return;
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const narrowed = selection.typeCondition ? state.schema.getType(selection.typeCondition.name.value) : type;
      walk(state, selection.selectionSet, narrowed, times, unique, inLink, seen);
      continue;
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const name = selection.name.value;
      const fragment = state.fragments.get(name);
      // Cycles are the spec's NoFragmentCycles rule's to report.
      if (!fragment || seen.has(name)) continue;
      const narrowed = state.schema.getType(fragment.typeCondition.name.value) ?? type;
      walk(state, fragment.selectionSet, narrowed, times, unique, inLink, new Set([...seen, name]));
      continue;
    }
    if (selection.alias) state.aliases += 1;
    // Objects are what costs (each runs its own selection); a scalar is read off its object.
    if (!selection.selectionSet) continue;
    state.cost += Math.max(times, 1);
    const definition = fieldOf(type, selection.name.value);
    const returns = definition ? getNamedType(definition.type) : undefined;
    const asked = definition ? askedPage(selection, definition) : undefined;
    const isLink = PRODUCT_LINKS.has(selection.name.value) && definition !== undefined;
    if (isLink && inLink) state.nestedLink ??= selection;
    if (asked === undefined || !returns || !type) {
      // Distinct parents give distinct children only through a connection's own lists (many cart lines
      // can show the same product).
      walk(state, selection.selectionSet, returns, times, unique && (times <= 1 || CONNECTION_LISTS.has(selection.name.value)), inLink || isLink, seen);
      continue;
    }
    const bound = pageBound(type.name, selection.name.value, state.bounds);
    const page = Math.max(1, Math.min(asked, bound.per, state.bounds.maxQueryAmount));
    let itemTimes = times * page;
    const itemsUnique = unique && bound.partition;
    if (itemsUnique && bound.total !== undefined) itemTimes = Math.min(itemTimes, Math.max(bound.total, 1));
    // The page counts for the items (`nodes`, `edges`); the connection's own fields (pageInfo) once per parent.
    for (const child of selection.selectionSet.selections) {
      const childSet: SelectionSetNode = { kind: Kind.SELECTION_SET, selections: [child] };
      const itemsField = child.kind === Kind.FIELD && (child.name.value === 'nodes' || child.name.value === 'edges');
      const spread = child.kind !== Kind.FIELD;
      walk(state, childSet, returns, itemsField || spread ? itemTimes : times, itemsField || spread ? itemsUnique : unique, inLink || isLink, seen);
    }
  }
}

export interface QueryWeight {
  aliases: number;
  /** Capped: the walk stops soon after passing `maxCost`. */
  cost: number;
  /** A product link asked inside another one. */
  nestedLink: FieldNode | undefined;
}

/** Aliases, estimated cost and nested product links of one operation, fragments expanded. */
export function weighOperation(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Map<string, FragmentDefinitionNode>,
  bounds: CostBounds,
  maxCost: number,
): QueryWeight {
  const root =
    operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  const state: Walk = { schema, fragments, bounds, maxCost, aliases: 0, cost: 0, nestedLink: undefined };
  walk(state, operation.selectionSet, root ?? undefined, 1, true, false, new Set());
  return { aliases: state.aliases, cost: state.cost, nestedLink: state.nestedLink };
}

/**
 * Rejects, before anything runs, an operation with more than `maxAliases` aliases, a cost above `maxCost`
 * (fields times the real sizes of the lists they sit in, docs/decisions/0036-woographql-limits.md) or a
 * product link (`related`, `upsell`, `crossSell`) inside another one.
 */
export function queryLimits(limits: { maxAliases: number; maxCost: number; bounds: () => CostBounds }) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map(
      context
        .getDocument()
        .definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
    return {
      OperationDefinition(node) {
        const state = weighOperation(context.getSchema(), node, fragments, limits.bounds(), limits.maxCost);
        if (state.aliases > limits.maxAliases) {
          context.reportError(
            new GraphQLError(`The query uses too many aliases (${state.aliases}; at most ${limits.maxAliases}).`, {
              nodes: [node],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
        if (state.cost > limits.maxCost) {
          context.reportError(
            new GraphQLError(`The query is too expensive (cost over ${limits.maxCost}; ask for fewer nested lists).`, {
              nodes: [node],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
        if (state.nestedLink) {
          context.reportError(
            new GraphQLError(`"${state.nestedLink.name.value}" cannot be asked inside another list of linked products.`, {
              nodes: [state.nestedLink],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
      },
    };
  };
}
