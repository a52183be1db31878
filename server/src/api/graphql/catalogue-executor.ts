import {
  defaultFieldResolver as graphqlDefaultFieldResolver,
  defaultTypeResolver as graphqlDefaultTypeResolver,
  getArgumentValues as graphqlGetArgumentValues,
  isAbstractType as graphqlIsAbstractType,
  isLeafType as graphqlIsLeafType,
  isListType as graphqlIsListType,
  isNonNullType as graphqlIsNonNullType,
  isObjectType as graphqlIsObjectType,
  Kind,
  typeFromAST,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLAbstractType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type InlineFragmentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import type { CatalogSnapshot, ProductRecord } from '../../modules/catalog/snapshot.js';
import type { GraphQLContext } from './context.js';

// The server's bundle reaches graphql's CommonJS exports through a getter on every use; the executor calls
// these for every value it writes, so they are read once here (docs/decisions/0057-request-overhead.md).
const defaultFieldResolver = graphqlDefaultFieldResolver;
const defaultTypeResolver = graphqlDefaultTypeResolver;
const getArgumentValues = graphqlGetArgumentValues;
const isAbstractType = graphqlIsAbstractType;
const isLeafType = graphqlIsLeafType;
const isListType = graphqlIsListType;
const isNonNullType = graphqlIsNonNullType;
const isObjectType = graphqlIsObjectType;

/**
 * The catalogue's own executor (decision 0051): runs a validated catalogue-only query over the in-memory
 * catalogue and writes its answer's JSON directly, keeping each product's part of the answer per product,
 * selection and language. A product's part depends on nothing but the catalogue snapshot (its records are
 * new with every snapshot), the language, the selection and the variables the selection reads, so the menu,
 * searches and filters re-use the parts earlier queries wrote and only join them.
 *
 * It follows graphql-js's execution (field order and merging as in its collectFields, resolvers, abstract
 * types, leaf serialisation, lists, non-null) for queries without errors. Anything else (an error, a null
 * for a non-null field, a resolver that answers a promise, directives, introspection) is not its business:
 * it answers `undefined` and graphql-js executes the request, so errors and their messages stay
 * graphql-js's. Catalogue reads change nothing, so running twice is safe.
 */

/** Not for this executor: graphql-js answers the request. */
class Unsupported extends Error {}
const UNSUPPORTED = new Unsupported();

/**
 * Where products' written parts are kept: one bounded store for every planned document (a client sending
 * many different documents cannot make it grow past its bytes), emptied when the catalogue snapshot changes
 * (a part is only true for the snapshot it was written from).
 */
export class KeptParts {
  private readonly parts: LRUCache<string, Buffer>;
  private snapshot: CatalogSnapshot | undefined;
  private nextPlan = 0;

  /** `maxBytes`: the demo shop's menu, product pages and searches in three languages keep under 1 MB. */
  constructor(maxBytes = 16 * 1024 * 1024) {
    this.parts = new LRUCache({ maxSize: maxBytes, sizeCalculation: (part) => part.length });
  }

  /** A number for a plan, so that plans' parts do not mix. */
  planNumber(): number {
    return this.nextPlan++;
  }

  get(snapshot: CatalogSnapshot, key: string): Buffer | undefined {
    if (snapshot !== this.snapshot) {
      this.parts.clear();
      this.snapshot = snapshot;
    }
    return this.parts.get(key);
  }

  set(snapshot: CatalogSnapshot, key: string, part: Buffer): void {
    if (snapshot === this.snapshot) this.parts.set(key, part);
  }
}

type Fields = Map<string, FieldNode[]>;

interface FieldPlan {
  /** `"responseKey":`, ready to write. */
  key: string;
  nodes: FieldNode[];
  field: GraphQLField<unknown, unknown> | undefined;
  /** `__typename`: answered from the parent type. */
  typename: boolean;
  /** Arguments when none reads a variable (the same for every request), frozen so no resolver changes them. */
  constantArgs: Record<string, unknown> | undefined;
  info: GraphQLResolveInfo;
  /** The variables this field's arguments and selection read, for the key of a product's part. */
  variables: string[];
  /** Per runtime type, this field's own sub-selection. */
  subfields: Map<GraphQLObjectType, FieldPlan[]>;
  /** This selection's number within its document, part of a product's part key. */
  id: number;
}

export interface CataloguePlan {
  /** The answer's JSON (`{"data":…}`) as UTF-8, or undefined for graphql-js to execute the request. */
  run(context: GraphQLContext, variables: Record<string, unknown>): Buffer | undefined;
}

/** Whether this executor can take the document at all (directives depend on variables; meta fields other than `__typename`). */
function supported(document: DocumentNode): boolean {
  let ok = true;
  visit(document, {
    Directive() {
      ok = false;
    },
    Field(node) {
      if (node.name.value.startsWith('__') && node.name.value !== '__typename') ok = false;
    },
  });
  return ok;
}

function doesConditionMatch(schema: GraphQLSchema, fragment: FragmentDefinitionNode | InlineFragmentNode, type: GraphQLObjectType): boolean {
  if (!fragment.typeCondition) return true;
  const condition = typeFromAST(schema, fragment.typeCondition);
  if (condition === type) return true;
  return condition !== undefined && isAbstractType(condition) && schema.isSubType(condition, type);
}

/** graphql-js's collectFields (execution/collectFields.js) without directives: the answer's field order. */
function collect(
  schema: GraphQLSchema,
  fragments: Map<string, FragmentDefinitionNode>,
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  fields: Fields,
  visited: Set<string>,
) {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.alias?.value ?? selection.name.value;
      const list = fields.get(name);
      if (list) list.push(selection);
      else fields.set(name, [selection]);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (doesConditionMatch(schema, selection, type)) collect(schema, fragments, type, selection.selectionSet, fields, visited);
    } else {
      const name = selection.name.value;
      if (visited.has(name)) continue;
      visited.add(name);
      const fragment = fragments.get(name);
      if (fragment && doesConditionMatch(schema, fragment, type)) collect(schema, fragments, type, fragment.selectionSet, fields, visited);
    }
  }
}

/**
 * Kept parts are UTF-8 bytes, and an answer is the bytes of its own few pieces joined with its parts' (one
 * copy). Measured on the menu (81 KB): encoding the written string on every request cost more than the
 * whole execution (a string built field by field is a V8 rope flattened on each use; the menu's texts make
 * it a two-byte string, slow to encode: 0.3 ms even flat). In the text being written, a part stands as
 * MARK, its number among this request's parts, MARK: written JSON never holds a raw NUL (JSON.stringify
 * escapes control characters, keys included), so the mark cannot clash.
 */
const MARK = '\u0000';

function assemble(text: string, parts: Buffer[]): Buffer {
  if (!text.includes(MARK)) return Buffer.from(text, 'utf8');
  const pieces = text.split(MARK);
  const buffers: Buffer[] = [];
  // Even places are written text, odd places a part's number.
  for (let i = 0; i < pieces.length; i++) buffers.push(i % 2 === 0 ? Buffer.from(pieces[i]!, 'utf8') : parts[Number(pieces[i])]!);
  return Buffer.concat(buffers);
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Plans one operation of a validated document; undefined when this executor does not take it. */
export function planCatalogueQuery(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  kept: KeptParts,
): CataloguePlan | undefined {
  if (operation.operation !== 'query' || !supported(document)) return undefined;
  const queryType = schema.getQueryType();
  if (!queryType) return undefined;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const fragmentObjMap = Object.fromEntries(fragments);
  let nextId = 0;

  /** Variable names a node reads, following fragment spreads. */
  function variablesOf(nodes: readonly FieldNode[]): string[] {
    const names = new Set<string>();
    const seen = new Set<string>();
    const walk = (node: FieldNode | FragmentDefinitionNode) =>
      visit(node, {
        Variable(variable) {
          names.add(variable.name.value);
        },
        FragmentSpread(spread) {
          if (seen.has(spread.name.value)) return;
          seen.add(spread.name.value);
          const fragment = fragments.get(spread.name.value);
          if (fragment) walk(fragment);
        },
      });
    for (const node of nodes) walk(node);
    return [...names].sort();
  }

  function planFields(parentType: GraphQLObjectType, fields: Fields): FieldPlan[] {
    return [...fields].map(([responseKey, nodes]) => {
      const name = nodes[0]!.name.value;
      const field = name === '__typename' ? undefined : parentType.getFields()[name];
      if (!field && name !== '__typename') throw UNSUPPORTED;
      // graphql-js takes a field's arguments from its first node.
      let readsVariables = false;
      for (const argument of nodes[0]!.arguments ?? []) {
        visit(argument, {
          Variable() {
            readsVariables = true;
          },
        });
      }
      const info = {
        fieldName: name,
        fieldNodes: nodes,
        returnType: field?.type,
        parentType,
        path: { prev: undefined, key: responseKey, typename: parentType.name },
        schema,
        fragments: fragmentObjMap,
        rootValue: undefined,
        operation,
        variableValues: {},
      } as unknown as GraphQLResolveInfo;
      return {
        key: `${JSON.stringify(responseKey)}:`,
        nodes,
        field,
        typename: name === '__typename',
        constantArgs: field && !readsVariables ? deepFreeze(getArgumentValues(field, nodes[0]!, {})) : undefined,
        info,
        variables: variablesOf(nodes),
        subfields: new Map(),
        id: nextId++,
      };
    });
  }

  function subfieldsOf(plan: FieldPlan, type: GraphQLObjectType): FieldPlan[] {
    let fields = plan.subfields.get(type);
    if (!fields) {
      const collected: Fields = new Map();
      const visited = new Set<string>();
      for (const node of plan.nodes) if (node.selectionSet) collect(schema, fragments, type, node.selectionSet, collected, visited);
      fields = planFields(type, collected);
      plan.subfields.set(type, fields);
    }
    return fields;
  }

  const rootFields: Fields = new Map();
  collect(schema, fragments, queryType, operation.selectionSet, rootFields, new Set());
  let root: FieldPlan[];
  try {
    root = planFields(queryType, rootFields);
  } catch {
    // Unsupported, or arguments graphql-js will report on in its own words.
    return undefined;
  }
  /** Set when a resolver answered a promise: this operation is graphql-js's for good. */
  let retired = false;
  const planNumber = kept.planNumber();

  function run(context: GraphQLContext, variables: Record<string, unknown>): Buffer | undefined {
    if (retired) return undefined;
    const products = context.catalog.products;
    /** This request's parts, by their number in the marks. */
    const parts: Buffer[] = [];
    const mark = (part: Buffer) => `${MARK}${parts.push(part) - 1}${MARK}`;

    function writeObject(type: GraphQLObjectType, plans: FieldPlan[], source: unknown): string {
      let out = '{';
      for (let i = 0; i < plans.length; i++) {
        const plan = plans[i]!;
        if (i > 0) out += ',';
        out += plan.key;
        if (plan.typename) {
          out += JSON.stringify(type.name);
          continue;
        }
        const field = plan.field!;
        const args = plan.constantArgs ?? getArgumentValues(field, plan.nodes[0]!, variables);
        const resolve = field.resolve ?? defaultFieldResolver;
        const value = resolve(source, args, context, plan.info);
        out += writeValue(field.type, plan, value);
      }
      return `${out}}`;
    }

    function writeValue(type: GraphQLOutputType, plan: FieldPlan, value: unknown): string {
      if (value instanceof Error) throw UNSUPPORTED;
      if (value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function') {
        retired = true;
        throw UNSUPPORTED;
      }
      if (isNonNullType(type)) {
        if (value === null || value === undefined) throw UNSUPPORTED;
        return writeValue(type.ofType, plan, value);
      }
      if (value === null || value === undefined) return 'null';
      if (isListType(type)) {
        if (typeof value !== 'object' || !(Symbol.iterator in value)) throw UNSUPPORTED;
        let out = '[';
        let first = true;
        for (const item of value as Iterable<unknown>) {
          out += first ? '' : ',';
          first = false;
          out += writeValue(type.ofType, plan, item);
        }
        return `${out}]`;
      }
      if (isLeafType(type)) {
        const serialised = type.serialize(value);
        if (serialised === null || serialised === undefined) throw UNSUPPORTED;
        return JSON.stringify(serialised);
      }
      let objectType: GraphQLObjectType;
      if (isAbstractType(type)) {
        const abstract = type as GraphQLAbstractType;
        const name = (abstract.resolveType ?? defaultTypeResolver)(value, context, plan.info, abstract);
        if (typeof name !== 'string') throw UNSUPPORTED;
        const runtime = plan.info.schema.getType(name);
        if (!isObjectType(runtime) || !plan.info.schema.isSubType(abstract, runtime)) throw UNSUPPORTED;
        objectType = runtime;
      } else if (isObjectType(type)) {
        objectType = type;
      } else {
        throw UNSUPPORTED;
      }
      if (objectType.isTypeOf && objectType.isTypeOf(value, context, plan.info) !== true) throw UNSUPPORTED;
      const plans = subfieldsOf(plan, objectType);
      const record = value as ProductRecord;
      // Only the current snapshot's products keep parts: their answer is fixed for the snapshot.
      if (record.row === undefined || products.get(record.row.id) !== record) return writeObject(objectType, plans, value);
      const variableValues = plan.variables.length ? JSON.stringify(plan.variables.map((v) => variables[v] ?? null)) : '';
      const key = `${planNumber}:${plan.id}:${record.row.id}:${context.lang}:${variableValues}`;
      const known = kept.get(context.catalog, key);
      if (known !== undefined) return mark(known);
      const written = assemble(writeObject(objectType, plans, value), parts);
      kept.set(context.catalog, key, written);
      return mark(written);
    }

    try {
      return assemble(`{"data":${writeObject(queryType!, root, undefined)}}`, parts);
    } catch {
      // Whatever went wrong (a resolver's error too), graphql-js executes the request and reports it in its own words.
      return undefined;
    }
  }

  return { run };
}
