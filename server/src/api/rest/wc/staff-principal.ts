import type { FastifyRequest } from 'fastify';
import { can, type Permission } from '../../../modules/auth/permissions.js';
import { staffRefusal } from '../../http/viewer.js';
import type { RestPrincipal } from './auth.js';
import type { Actor } from '../../../modules/catalog-audit/catalog-audit.js';

/** The permission a staff login needs for a store REST path (docs/permissions.md). */
function permissionFor(url: string): Permission {
  const path = url.split('?')[0] ?? '';
  if (/^\/wp-json\/wc\/v3\/orders(\/|$)/.test(path)) return 'orders.manage';
  if (/^\/wp-json\/wc\/v3\/time-slots(\/|$)/.test(path)) return 'timeslots.manage';
  if (/^\/wp-json\/wc\/v3\/products\/reviews(\/|$)/.test(path)) return 'reviews.manage';
  if (/^\/wp-json\/wc\/v3\/customers(\/|$)/.test(path)) return 'customers.manage';
  if (/^\/wp-json\/wc\/v3\/coupons(\/|$)/.test(path)) return 'settings.manage';
  return 'products.manage';
}

/**
 * The dashboard calls the store REST API with the staff login cookie instead of an API key: staff holding the
 * path's permission act with read and write scope, staff without it get 403. A request that also carries key
 * credentials, or no staff session, is left to the key checks. The CSRF token of a cookie write was checked
 * before (api/http/viewer.ts).
 */
export async function staffPrincipal(request: FastifyRequest): Promise<RestPrincipal | undefined> {
  if (request.headers.authorization !== undefined || request.url.includes('consumer_key=') || request.url.includes('oauth_')) return undefined;
  const viewer = await request.viewer();
  if (viewer.kind !== 'staff') return undefined;
  const permission = permissionFor(request.url);
  if (!can(viewer.role, permission)) throw await staffRefusal(request, permission);
  return { keyId: null, scope: 'read_write', staffUserId: viewer.id };
}

/** Who is writing, for the change history: the staff member or the API key behind the request. */
export function actorOf(request: { restPrincipal?: RestPrincipal }): Actor {
  const principal = request.restPrincipal;
  if (principal?.staffUserId !== undefined) return { type: 'staff', id: principal.staffUserId };
  if (principal && principal.keyId !== null) return { type: 'api_key', id: principal.keyId };
  return { type: 'system', id: null };
}
