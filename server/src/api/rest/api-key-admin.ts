import type { ApiKeySummary as ApiKeySummaryJson, CreatedApiKey as CreatedApiKeyJson } from '@bakje/contract';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeyError, type ApiKeyService, type ApiKeySummary, type CreatedApiKey } from '../../modules/api-keys/api-key-service.js';

/** Decides whether a request may manage API keys (the staff admin role, wired by the accounts code). */
export type Authorize = (request: FastifyRequest) => boolean | Promise<boolean>;

export const LOCAL_ADMIN_HEADER = 'x-bakje-admin-secret';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function summaryJson(key: ApiKeySummary): ApiKeySummaryJson {
  return {
    id: key.id,
    description: key.description,
    scope: key.scope,
    truncated_key: key.truncatedKey,
    created_at: key.createdAt.toISOString(),
    last_access: key.lastAccess?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

function createdJson(key: CreatedApiKey): CreatedApiKeyJson {
  return { ...summaryJson(key), consumer_key: key.consumerKey, consumer_secret: key.consumerSecret };
}

function keyError(reply: FastifyReply, error: unknown) {
  if (!(error instanceof ApiKeyError)) throw error;
  const status = error.kind === 'not_found' ? 404 : 400;
  return reply.code(status).send({ code: `api_key_${error.kind}`, message: error.message, data: { status } });
}

/**
 * Key management over HTTP at `base` (list, create, revoke). The consumer key and secret appear only in
 * the create response; the response is marked no-store so no cache keeps them.
 */
export function registerApiKeyAdmin(app: FastifyInstance, deps: { keys: ApiKeyService; base: string; authorize: Authorize }) {
  app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!(await deps.authorize(request))) {
        return reply.code(403).send({ code: 'forbidden', message: 'Only an administrator may manage API keys.', data: { status: 403 } });
      }
    });
    scope.get(deps.base, async () => (await deps.keys.list()).map(summaryJson));
    scope.post(deps.base, async (request, reply) => {
      const body = (request.body ?? {}) as { scope?: unknown; description?: unknown };
      if (typeof body !== 'object' || Array.isArray(body)) return keyError(reply, new ApiKeyError('invalid_scope', 'Send a JSON object with a scope.'));
      try {
        return reply.code(201).send(createdJson(await deps.keys.create({ scope: body.scope, description: body.description })));
      } catch (error) {
        return keyError(reply, error);
      }
    });
    scope.delete(`${deps.base}/:id`, async (request, reply) => {
      const raw = (request.params as { id: string }).id;
      try {
        return summaryJson(await deps.keys.revoke(/^\d{1,9}$/.test(raw) ? Number(raw) : -1));
      } catch (error) {
        return keyError(reply, error);
      }
    });
  });
}

/**
 * The CLI's way in while the server runs (docs/decisions/0018-keys-cli.md): only from this machine, and
 * only with the random secret the server wrote to its lock file (mode 0600) in the data dir.
 */
export function localAdminAuthorize(secret: string): Authorize {
  const expected = Buffer.from(secret);
  return (request) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || request.headers['x-forwarded-for'] !== undefined) return false;
    const sent = Buffer.from(String(request.headers[LOCAL_ADMIN_HEADER] ?? ''));
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  };
}
