import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyScope, ApiKeyService } from '../../../modules/api-keys/api-key-service.js';
import { authError } from './errors.js';
import { expectedSignature, isSupportedMethod, missingOAuthParam, oauthFromHeader, timestampFresh, type OAuthParams } from './oauth.js';

export interface RestPrincipal {
  /** The API key, or null for a staff member signed in to the dashboard (cookie + CSRF header). */
  keyId: number | null;
  scope: ApiKeyScope;
  staffUserId?: number;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Credentials in clear (Basic or query string) are accepted over HTTPS, as WooCommerce does, and from
 * this machine over plain HTTP (local scripts, the CLI). A request relayed by a proxy is judged by the
 * protocol the proxy reports, never by the proxy's own loopback address.
 */
export function clearCredentialsAllowed(request: FastifyRequest): boolean {
  if (request.protocol === 'https') return true;
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function basicCredentials(header: string | undefined): { key: string; secret: string } | undefined {
  if (!header || !/^Basic\s/i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? { key: decoded, secret: '' } : { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

function rawQuery(request: FastifyRequest): URLSearchParams {
  const q = request.url.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : request.url.slice(q + 1));
}

/** Who is calling, by the means of docs/interfaces.md §2; throws API_KEY_REJECTED (401) when the credentials fail. */
export async function authenticate(
  request: FastifyRequest,
  deps: { keys: ApiKeyService; siteUrl: string; clock: () => Date },
): Promise<RestPrincipal | undefined> {
  const query = rawQuery(request);
  const basic = basicCredentials(request.headers.authorization);
  const queryKey = query.get('consumer_key');
  const clear = basic ?? (queryKey !== null ? { key: queryKey, secret: query.get('consumer_secret') ?? '' } : undefined);
  if (clear) {
    if (!clearCredentialsAllowed(request)) {
      throw authError('A consumer key and secret in clear are only accepted over HTTPS; sign the request with OAuth 1.0a.');
    }
    const key = await deps.keys.resolve(clear.key);
    if (!key) throw authError('Consumer key is invalid.');
    if (!deps.keys.secretMatches(key, clear.secret)) throw authError('Consumer secret is invalid.');
    return { keyId: key.id, scope: key.scope };
  }

  const fromHeader = oauthFromHeader(request.headers.authorization);
  const fromQuery: OAuthParams = {};
  for (const [name, value] of query) if (name.startsWith('oauth_')) fromQuery[name] = value;
  const oauth = fromHeader ?? fromQuery;
  if (Object.keys(oauth).length === 0) return undefined;
  const missing = missingOAuthParam(oauth);
  if (missing) throw authError(`Missing OAuth parameter ${missing}`);
  const method = oauth.oauth_signature_method!;
  if (!isSupportedMethod(method)) throw authError('Invalid signature method - must be HMAC-SHA1 or HMAC-SHA256');
  if (!timestampFresh(oauth.oauth_timestamp!, deps.clock())) throw authError('Invalid timestamp.');
  const key = await deps.keys.resolve(oauth.oauth_consumer_key!);
  if (!key) throw authError('Consumer key is invalid.');

  // Signed: every query parameter and OAuth parameter but the signature itself. A name sent twice counts
  // once with its last value, as in PHP's $_GET, which WooCommerce signs against; the official client
  // does send the query twice (in the URL and again in its params).
  const params: Record<string, string> = {};
  for (const [name, value] of query) if (name !== 'oauth_signature') params[name] = value;
  if (fromHeader) for (const [name, value] of Object.entries(fromHeader)) if (name !== 'oauth_signature') params[name] = value;
  const path = request.url.split('?')[0] ?? '/';
  // The client signs the URL it was given: this server's public address, or the host it dialled.
  const bases = new Set([`${deps.siteUrl}${path}`, `${request.protocol}://${request.headers.host ?? ''}${path}`]);
  const valid = [...bases].some((baseUrl) =>
    sameText(
      expectedSignature({
        method: request.method,
        baseUrl,
        params,
        consumerKey: oauth.oauth_consumer_key!,
        consumerSecret: key.consumerSecret,
        signatureMethod: method,
      }),
      oauth.oauth_signature!,
    ),
  );
  if (!valid) throw authError('Invalid signature - provided signature does not match.');
  if (oauth.oauth_nonce!.length > 255) throw authError('Invalid nonce.');
  if (!(await deps.keys.useNonce(key.id, oauth.oauth_nonce!))) {
    throw authError('Invalid nonce - nonce has already been used.');
  }
  return { keyId: key.id, scope: key.scope };
}
