import type { ApiKeySummary as ApiKeySummaryJson, CreatedApiKey as CreatedApiKeyJson } from '@bakje/contract';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiKeyService, ApiKeySummary, CreatedApiKey } from '../../modules/api-keys/api-key-service.js';
import { idParams, optionalBody } from '../http/route-schemas.js';
import { requireGuard } from '../http/viewer.js';

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

/** The service checks scope and description (the CLI goes through it too); the schema only wants an object. */
const createBody = z.object({ scope: z.unknown().optional(), description: z.unknown().optional() });

/**
 * Key management over HTTP at `base` (list, create, revoke). The consumer key and secret appear only in
 * the create response; the response is marked no-store so no cache keeps them.
 */
export function registerApiKeyAdmin(app: FastifyInstance, deps: { keys: ApiKeyService; base: string; authorize: Authorize }) {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    const guard = requireGuard(deps.authorize, 'keys.manage');
    scope.addHook('onRequest', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await guard(request);
    });
    scope.get(deps.base, async () => (await deps.keys.list()).map(summaryJson));
    scope.post(deps.base, { schema: { body: optionalBody(createBody) } }, async (request, reply) =>
      reply.code(201).send(createdJson(await deps.keys.create({ scope: request.body.scope, description: request.body.description }))),
    );
    scope.delete(`${deps.base}/:id`, { schema: { params: idParams } }, async (request) => summaryJson(await deps.keys.revoke(request.params.id)));
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
