import type { FastifyInstance } from 'fastify';
import { addVary, compressBody, preferredEncoding, type ContentEncoding } from '../http/compression.js';

const MAX_STATIC_BODY = 5 * 1024 * 1024;

/**
 * Routes for `npm run bench` only (registered when BAKJE_BENCH_ROUTES=true, never in production):
 *
 * - `PUT /api/_bench/static-body` stores the raw request body (application/json, up to 5 MB) as a string;
 * - `POST /api/_bench/static` replies with exactly that string as application/json, compressed like the
 *   catalogue's cached answers: once, when stored, in the encoding the request prefers.
 *
 * The second is the "static JSON body of the same size" reference the GraphQL throughput is compared with:
 * the same process, the same kind of request (a JSON POST body that Fastify parses), the same reply path
 * (a prebuilt string), but no GraphQL work.
 */
export function registerBenchRoutes(app: FastifyInstance): void {
  let stored = '{}';
  let encoded: Partial<Record<ContentEncoding, Buffer>> = {};

  // The raw-string JSON parser lives in its own encapsulated context so no other route sees it.
  void app.register(async (scoped) => {
    scoped.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_STATIC_BODY }, (_request, body, done) => {
      done(null, body);
    });
    scoped.put('/api/_bench/static-body', { bodyLimit: MAX_STATIC_BODY }, async (request, reply) => {
      if (typeof request.body !== 'string' || request.body.length === 0) {
        return reply.code(400).send({ code: 'bad_request', message: 'Send the JSON body to serve as application/json.' });
      }
      stored = request.body;
      encoded = { br: await compressBody(stored, 'br', 'kept'), gzip: await compressBody(stored, 'gzip', 'kept') };
      return reply.code(204).send();
    });
  });

  // Root context: the request body goes through Fastify's default JSON parser, like POST /graphql.
  app.post('/api/_bench/static', (request, reply) => {
    void reply.header('content-type', 'application/json; charset=utf-8');
    addVary(reply, 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const bytes = encoding && encoded[encoding];
    void (bytes ? reply.header('content-encoding', encoding).send(bytes) : reply.send(stored));
  });
}
