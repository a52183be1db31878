import type { FastifyInstance } from 'fastify';

const UNPAIRED_SURROGATE = /\p{Cs}/u;

export const NUL_MESSAGE = 'Text may not contain NUL (U+0000) characters.';
export const UNPAIRED_SURROGATE_MESSAGE = 'Text must be valid Unicode: it may not contain an unpaired surrogate (U+D800 to U+DFFF).';

/**
 * Why a request value cannot be stored as PostgreSQL text, or undefined when it can. PostgreSQL text
 * cannot hold U+0000, and an unpaired UTF-16 surrogate (JSON allows "\ud800") is refused by jsonb (and
 * silently turned into U+FFFD by the drivers for text columns): both reached the database and failed
 * there as internal errors (found by fuzzing). Edges refuse them up front with a clear client error.
 */
export function unstorableTextProblem(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return textProblem(value);
  if (depth > 64 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = unstorableTextProblem(item, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(key) ?? unstorableTextProblem(item, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (UNPAIRED_SURROGATE.test(text)) return UNPAIRED_SURROGATE_MESSAGE;
  return undefined;
}

class UnstorableTextError extends Error {
  readonly statusCode = 400;
}

/**
 * Refuses unstorable text in the query string, path parameters and body of every route, except those
 * under the given prefixes, which answer in their own error shape (GraphQL, the WooCommerce REST API).
 */
export function registerUnstorableTextGuard(app: FastifyInstance, options: { checkedElsewhere: string[] }) {
  // A callback hook: an async one costs every request a promise and a turn (docs/decisions/0057-request-overhead.md).
  app.addHook('preValidation', (request, _reply, done) => {
    const route = request.routeOptions.url ?? request.url;
    if (options.checkedElsewhere.some((prefix) => route.startsWith(prefix))) return done();
    const problem = unstorableTextProblem(request.query) ?? unstorableTextProblem(request.params) ?? unstorableTextProblem(request.body);
    done(problem ? new UnstorableTextError(problem) : undefined);
  });
}
