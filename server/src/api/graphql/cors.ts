import { addVary } from '../http/compression.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

const GRAPHQL_PATH = '/graphql';
/** How long a browser may reuse a preflight answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;
/** Header names as RFC 9110 tokens, comma-separated: anything else in a preflight is not echoed. */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

export type OriginAccess = 'credentials' | 'anonymous' | 'none';

/**
 * What a browser page on `origin` may do with /graphql: a listed origin calls with cookies, any other
 * only when `*` is listed and without them; no origin (same-origin GET, servers) needs no CORS.
 */
export function originAccess(config: Config, origin: string | undefined): OriginAccess {
  if (!origin) return 'none';
  if (config.graphqlCors.origins.includes(origin)) return 'credentials';
  return config.graphqlCors.anyOrigin ? 'anonymous' : 'none';
}

function allowOrigin(reply: FastifyReply, origin: string, access: OriginAccess) {
  if (access === 'credentials') {
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
  } else {
    reply.header('access-control-allow-origin', '*');
  }
}

/**
 * CORS for storefronts on other origins (docs/decisions/0036-woographql-limits.md): the preflight, and on
 * every /graphql answer (refusals from earlier hooks too, so the client can read them) the allowed origin
 * and the exposed `woocommerce-session` header, from which such clients read their renewed cart token.
 */
export function registerGraphQLCors(app: FastifyInstance, config: Config) {
  // A callback hook: an async one costs every answer a promise and a turn (docs/decisions/0057-request-overhead.md).
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (request.routeOptions.url !== GRAPHQL_PATH || request.method === 'OPTIONS') return done(null, payload);
    // Added to, not replaced: the answer may also vary by Accept-Encoding (api/http/compression.ts).
    addVary(reply, 'Origin');
    const origin = request.headers.origin;
    const access = originAccess(config, origin);
    if (origin && access !== 'none') {
      allowOrigin(reply, origin, access);
      reply.header('access-control-expose-headers', 'woocommerce-session');
    }
    done(null, payload);
  });

  app.options(GRAPHQL_PATH, async (request, reply) => {
    addVary(reply, 'Origin');
    addVary(reply, 'Access-Control-Request-Headers');
    const origin = request.headers.origin;
    const access = originAccess(config, origin);
    if (!origin || access === 'none') {
      return reply.code(403).send({ errors: [{ message: 'This origin may not call the GraphQL API.' }] });
    }
    allowOrigin(reply, origin, access);
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    const asked = request.headers['access-control-request-headers'];
    if (typeof asked === 'string' && HEADER_LIST.test(asked.trim())) reply.header('access-control-allow-headers', asked.trim());
    reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
    return reply.code(204).send();
  });
}
