import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  Kind,
  parse,
  validate,
  execute,
  getVariableValues,
  specifiedRules,
  NoSchemaIntrospectionCustomRule,
  type DocumentNode,
  type ExecutionResult,
  type OperationDefinitionNode,
} from 'graphql';
import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../config.js';
import type { CatalogService } from '../../modules/catalog/catalog-service.js';
import type { CatalogSnapshot } from '../../modules/catalog/snapshot.js';
import { registerGraphQLCors } from './cors.js';
import { LOCALE_COOKIE, LOCALE_HEADER, pickLang } from '../../modules/i18n/locale.js';
import type { GraphQLContext, Services } from './context.js';
import { RequestSession } from './session.js';
import { tokenFromHeader, type SessionTokens } from '../../modules/session/session-token.js';
import { schema } from './schema.js';
import { depthLimit } from './depth-limit.js';
import { costBoundsOf, queryLimits, type CostBounds } from './query-limits.js';
import { NUL_MESSAGE, unstorableTextProblem } from '../http/unstorable-text.js';
import { accountContext } from './account-context.js';
import { DomainError } from '../../errors/domain-error.js';
import { graphqlErrorOf } from './errors.js';
import { logRefusal } from '../http/refusal-log.js';
import { deepFreeze, KeptParts, planCatalogueQuery, type CataloguePlan } from './catalogue-executor.js';
import { addVary, compressBody, MIN_COMPRESSED_BYTES, preferredEncoding, type CompressionUse, type ContentEncoding } from '../http/compression.js';
import { ifNoneMatchIncludes, strongEtag } from '../http/caching.js';

/** Root fields that only read the catalogue: a query made of these alone is cached whole. */
const CATALOGUE_FIELDS = new Set([
  'products',
  'product',
  'productVariation',
  'productCategories',
  'productCategory',
  'terms',
  'allergens',
  'storeSettings',
  'catalogVersion',
  'soldOutAddonOptions',
  '__typename',
]);

const MAX_QUERY_LENGTH = 100_000;
/** Introspection's `ofType` chain is not counted (depth-limit.ts); storefront documents nest about 10 deep. */
export const MAX_DEPTH = 12;
/**
 * Aliases let one request repeat a field (a mutation too, which the cost does not weigh) many times. A
 * WooGraphQL product page asks one image in several sizes and prices in two formats: 37 aliases.
 */
export const MAX_ALIASES = 50;
/**
 * Objects the query can answer, from the real sizes of the lists (query-limits.ts). A full cart with its
 * products' variations, the whole menu with variations, or 100 orders of 100 lines stay below it.
 */
export const MAX_COST = 100_000;

interface PreparedDocument {
  document: DocumentNode;
  catalogueOnly: boolean;
  /**
   * A digest of the query text, made once: it stands for the text in the response cache's key and the ETag, so
   * a request hashes a short key rather than the whole query again (decision 0057).
   */
  queryDigest: string;
  /**
   * A catalogue document's operations planned for the catalogue executor (decision 0051), by operation name
   * ('' for the unnamed choice), made on first use; null where it does not take the operation (graphql-js
   * runs it then). They live as long as the document in the bounded document cache.
   */
  plans: Map<string, CataloguePlan | null>;
}

/**
 * A catalogue answer as sent: its JSON, its ETag, and its compressed forms, each made once on first demand
 * (a promise, so concurrent first requests share the work): a cached menu costs no compression.
 */
interface CatalogueAnswer {
  /**
   * The JSON as UTF-8 bytes, encoded once: as a string, the compression hook, Fastify's Content-Length and the
   * socket would each encode the whole answer again (decision 0051).
   */
  json: Buffer;
  etag: string;
  encoded: Partial<Record<ContentEncoding, Promise<Buffer>>>;
}

interface GraphQLBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/** Not a secret, only a name for the text: any strong hash would do, this one is built in. */
const digestOf = (query: string) => hash('sha256', query, 'base64url');

function errorBody(message: string) {
  return { errors: [{ message }] };
}

/** Read once: the bundle reaches graphql's CommonJS exports through getters (decision 0057). */
const OPERATION_DEFINITION = Kind.OPERATION_DEFINITION;

function selectedOperation(document: DocumentNode, operationName?: string): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === OPERATION_DEFINITION);
  return operationName ? operations.find((op) => op.name?.value === operationName) : operations[0];
}

function isCatalogueOnly(document: DocumentNode): boolean {
  return document.definitions.every(
    (d) =>
      d.kind !== Kind.OPERATION_DEFINITION ||
      (d.operation === 'query' && d.selectionSet.selections.every((s) => s.kind === Kind.FIELD && CATALOGUE_FIELDS.has(s.name.value))),
  );
}

export function registerGraphQL(
  app: FastifyInstance,
  deps: {
    config: Config;
    catalog: CatalogService;
    services: Services;
    tokens: SessionTokens;
    /** Whether the request comes from a paired kiosk: its carts weigh coupons for the kiosk channel. */
    fromKiosk?: (request: FastifyRequest) => Promise<boolean>;
  },
) {
  const documents = new LRUCache<string, PreparedDocument | readonly GraphQLError[]>({ max: 1000 });
  const keptParts = new KeptParts();
  /**
   * Catalogue variables as graphql-js coerced them, per document, operation and variables (their JSON, made for the
   * cache key anyway): a storefront asks the same few again and again (decision 0057). Frozen, as the executor's
   * constant arguments are: a resolver that changed one would throw, and graphql-js would run the request.
   */
  const coercedVariables = new LRUCache<string, Record<string, unknown>>({ max: 1000 });
  // BAKJE_CATALOG_CACHE_SIZE=0 turns the cache off: every catalogue query is executed (ETags still work).
  const responses = deps.config.catalogCacheSize > 0 ? new LRUCache<string, CatalogueAnswer>({ max: deps.config.catalogCacheSize }) : undefined;
  // The cost limit weighs lists by what the catalogue holds: its bounds change with the catalogue.
  let bounds: { version: number; value: CostBounds } | undefined;
  const rules = [
    ...specifiedRules,
    ...(deps.config.graphqlIntrospection ? [] : [NoSchemaIntrospectionCustomRule]),
    depthLimit(MAX_DEPTH),
    queryLimits({ maxAliases: MAX_ALIASES, maxCost: MAX_COST, bounds: () => bounds!.value }),
  ];
  // Cached responses are tagged with the catalogue version; a newer version makes them unreachable.
  deps.catalog.onChange(() => {
    responses?.clear();
    documents.clear();
    coercedVariables.clear();
  });

  /** `known`: the document cache's entry for this query, looked up once per request by the caller. */
  function prepare(
    query: string,
    catalog: CatalogSnapshot,
    known: PreparedDocument | readonly GraphQLError[] | undefined,
  ): PreparedDocument | readonly GraphQLError[] {
    if (bounds?.version !== catalog.version) {
      bounds = { version: catalog.version, value: costBoundsOf(catalog, deps.config.graphqlMaxQueryAmount) };
      documents.clear();
    } else if (known) {
      return known;
    }
    let prepared: PreparedDocument | readonly GraphQLError[];
    try {
      const document = parse(query, { maxTokens: 20_000 });
      const errors = validate(schema, document, rules);
      prepared = errors.length ? errors : { document, catalogueOnly: isCatalogueOnly(document), queryDigest: digestOf(query), plans: new Map() };
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      prepared = [error];
    }
    documents.set(query, prepared);
    return prepared;
  }

  async function handle(request: FastifyRequest, reply: FastifyReply, body: GraphQLBody) {
    reply.header('content-type', 'application/json; charset=utf-8');
    const { query, operationName } = body;
    let variables = body.variables;
    if (typeof variables === 'string') {
      try {
        variables = JSON.parse(variables);
      } catch {
        return reply.code(400).send(errorBody('Variables must be a JSON object.'));
      }
    }
    // A query in the document cache passed the checks on its text below when it was first sent: they are not
    // made again (decision 0057).
    const known = typeof query === 'string' ? documents.get(query) : undefined;
    if (typeof query !== 'string' || (!known && query.trim() === '')) {
      return reply.code(400).send(errorBody('Must provide a query string.'));
    }
    if (query.length > MAX_QUERY_LENGTH) return reply.code(413).send(errorBody('The query is too large.'));
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
      return reply.code(400).send(errorBody('Variables must be a JSON object.'));
    }
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
      return reply.code(400).send(errorBody('operationName must be a string.'));
    }
    // Covers string literals in the query too: GraphQL's "\u0000" escape decodes to the same character.
    // graphql-js itself refuses an unpaired surrogate escape ("\ud800") in a literal as a syntax error.
    if (!known && /\\u0000/i.test(query)) return reply.code(400).send(errorBody(NUL_MESSAGE));
    const problem = unstorableTextProblem(variables) ?? (known ? undefined : unstorableTextProblem(query));
    if (problem) return reply.code(400).send(errorBody(problem));

    const catalog = deps.catalog.current() ?? (await deps.catalog.get());
    const prepared = prepare(query, catalog, known);
    if (Array.isArray(prepared)) {
      return reply.code(400).send({ errors: (prepared as readonly GraphQLError[]).map((e) => e.toJSON()) });
    }
    const { document, catalogueOnly, plans, queryDigest } = prepared as PreparedDocument;
    const operation = selectedOperation(document, operationName ?? undefined);
    if (!operation) return reply.code(400).send(errorBody('Unknown operation.'));
    if (request.method === 'GET' && operation.operation !== 'query') {
      return reply.code(405).header('allow', 'POST').send(errorBody('Only queries may be sent with GET.'));
    }

    const lang = pickLang(request.headers[LOCALE_HEADER] as string | undefined, request.cookies[LOCALE_COOKIE], request.headers['accept-language']);
    const variablesJson = catalogueOnly ? JSON.stringify(variables ?? {}) : '';
    const cacheKey = catalogueOnly
      ? // The expiry too: a "sold out today" mark ending reloads the snapshot under the same version.
        `${catalog.version}.${catalog.soldOutExpiry ?? ''}\u0000${lang}\u0000${operationName ?? ''}\u0000${queryDigest}\u0000${variablesJson}`
      : undefined;
    let etag: string | undefined;
    if (cacheKey) {
      // Catalogue answers may be stored by the browser or a CDN and are revalidated with their ETag.
      reply.header('cache-control', 'no-cache');
      const hit = responses?.get(cacheKey);
      if (hit) return sendCatalogueAnswer(request, reply, hit, 'hit');
      // The ETag names the request over this catalogue version: made once, for a 304 or the answer.
      etag = strongEtag(cacheKey);
      // A match needs no execution at all.
      if (request.method === 'GET' && ifNoneMatchIncludes(request.headers['if-none-match'], etag)) {
        return reply.code(304).header('etag', etag).header('x-bakje-cache', 'miss').send();
      }
    } else {
      // Carts, accounts and orders belong to one visitor.
      reply.header('cache-control', 'private, no-store');
    }

    const incomingToken = tokenFromHeader(request.headers['woocommerce-session']);
    const session = new RequestSession(deps.tokens, incomingToken);
    if (incomingToken) await session.init();
    const account = await accountContext(request, reply, deps.config, deps.services.authTokens);
    session.bindOwner(account.viewer.kind === 'guest' ? undefined : account.viewer.id);
    // Only cart and order work needs the channel: catalogue answers are the same for every channel.
    const kiosk = !catalogueOnly && deps.fromKiosk ? await deps.fromKiosk(request) : false;
    const services = kiosk ? { ...deps.services, carts: deps.services.carts.forChannel('kiosk') } : deps.services;
    const context: GraphQLContext = { lang, catalog, config: deps.config, session, services, account };
    const variableValues = (variables as Record<string, unknown> | null | undefined) ?? undefined;
    const name = (operationName as string | null | undefined) ?? undefined;
    // Catalogue reads run on the catalogue executor (decision 0051), which writes the answer's JSON itself.
    // They change nothing, so whatever it does not answer (errors above all) graphql-js executes: errors,
    // their messages and paths stay exactly graphql-js's. Variables graphql-js refuses go to it at once.
    let payload: string | Buffer | undefined;
    let result: ExecutionResult | undefined;
    if (catalogueOnly) {
      // Long variables are not kept: they would make the table large, and nobody sends them twice.
      const coercedKey = variablesJson.length <= 2048 ? `${queryDigest}\u0000${name ?? ''}\u0000${variablesJson}` : undefined;
      let coerced = coercedKey ? coercedVariables.get(coercedKey) : undefined;
      if (!coerced) {
        const values = getVariableValues(schema, operation.variableDefinitions ?? [], variableValues ?? {}, { maxErrors: 1 });
        if (!('errors' in values)) {
          coerced = values.coerced;
          if (coercedKey) coercedVariables.set(coercedKey, deepFreeze(coerced));
        }
      }
      if (coerced) {
        let plan = plans.get(name ?? '');
        if (plan === undefined) {
          plan = planCatalogueQuery(schema, document, operation, keptParts) ?? null;
          plans.set(name ?? '', plan);
        }
        payload = plan?.run(context, coerced);
      }
    }
    if (payload === undefined) {
      result = (await execute({ schema, document, variableValues, operationName: name, contextValue: context })) as ExecutionResult;
      payload = JSON.stringify({
        ...(result.errors ? { errors: result.errors.map((e) => publicError(e, request)) } : {}),
        data: result.data ?? null,
      });
    }
    const token = await session.responseToken();
    if (token) reply.header('woocommerce-session', token);
    if (cacheKey && !result?.errors) {
      const answer: CatalogueAnswer = { json: typeof payload === 'string' ? Buffer.from(payload) : payload, etag: etag!, encoded: {} };
      responses?.set(cacheKey, answer);
      return sendCatalogueAnswer(request, reply, answer, 'miss', responses ? 'kept' : 'onTheFly');
    }
    return reply.header('x-bakje-cache', 'miss').send(payload);
  }

  /** `use`: an answer the cache keeps is compressed harder, once; one made for a single request, as fast as any other. */
  async function sendCatalogueAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: CatalogueAnswer,
    cache: 'hit' | 'miss',
    use: CompressionUse = 'kept',
  ) {
    reply.header('etag', answer.etag).header('x-bakje-cache', cache);
    if (request.method === 'GET' && ifNoneMatchIncludes(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
    // Short answers go as they are; the compression hook (api/http/compression.ts) leaves them alone too.
    if (answer.json.length < MIN_COMPRESSED_BYTES) return reply.send(answer.json);
    addVary(reply, 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(answer.json);
    const encoded = await (answer.encoded[encoding] ??= compressBody(answer.json, encoding, use));
    return reply.header('content-encoding', encoding).send(encoded);
  }

  function publicError(error: GraphQLError, request: FastifyRequest) {
    // A domain error answers with its code (errors.ts); graphql-js's own (a variable that does not fit its
    // type, found by fuzzing) wrap a GraphQLError or come before execution (no path). Anything else is a
    // bug: log it, never leak its details.
    if (error.originalError instanceof DomainError) {
      // GraphQL answers 200 with the error inside: a refusal is logged here (issue 33 D4).
      if (error.originalError.kind === 'forbidden') logRefusal(request, error.originalError.code, '/graphql');
      return graphqlErrorOf(error.originalError, error).toJSON();
    }
    if (error.extensions?.code || !error.originalError || error.originalError instanceof GraphQLError || error.path === undefined) {
      return error.toJSON();
    }
    request.log.error({ err: error.originalError, path: error.path }, 'GraphQL resolver failed');
    return { message: 'Internal server error', path: error.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  }

  const invalidJson = (error: Error & { statusCode?: number }, _request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    reply.code(status).send(errorBody(status === 413 ? 'The request body is too large.' : 'The request body is not valid JSON.'));
  };

  registerGraphQLCors(app, deps.config);
  app.post('/graphql', { errorHandler: invalidJson, bodyLimit: 1_048_576 }, (request, reply) => handle(request, reply, (request.body ?? {}) as GraphQLBody));
  app.get('/graphql', { errorHandler: invalidJson }, (request, reply) => handle(request, reply, request.query as GraphQLBody));
}
