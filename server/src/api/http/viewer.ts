import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from '../../modules/auth/known-devices.js';
import { DomainError } from '../../errors/domain-error.js';
import { can, isStaffRole, type Permission, type StaffRole } from '../../modules/auth/permissions.js';
import type { ActiveSession, CreatedSession, SessionStore } from '../../modules/auth/sessions.js';

/** Who is making the request, from the server-side session cookie only. */
export type Viewer = { kind: 'guest' } | { kind: 'customer'; id: number } | { kind: 'staff'; id: number; role: StaffRole };

export const SESSION_COOKIE = 'bakje_session';
/** Readable by the page's script, which echoes it in CSRF_HEADER; an attacker's page cannot read it. */
export const CSRF_COOKIE = 'bakje_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_MESSAGE = 'Missing or invalid CSRF token. Reload the page and try again.';

/** Routes called by other servers, not browsers; they prove themselves otherwise (payment: signature). */
const CSRF_EXEMPT = new Set(['/api/payments/notify']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's viewer: guest, customer(id) or staff(id, role). Resolved once per request. */
    viewer(): Promise<Viewer>;
    /** The live login session behind the cookie, if any. */
    authSession(): Promise<ActiveSession | undefined>;
    /** authSession()'s answer, looked up on first use: a field of the request, not a map beside it (decision 0057). */
    bakjeAuthSession: Promise<ActiveSession | undefined> | null;
  }
}

const NO_SESSION: Promise<ActiveSession | undefined> = Promise.resolve(undefined);

export function viewerOf(session: ActiveSession | undefined): Viewer {
  if (!session) return { kind: 'guest' };
  if (isStaffRole(session.role)) return { kind: 'staff', id: session.userId, role: session.role };
  return { kind: 'customer', id: session.userId };
}

const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export function isHttps(request: FastifyRequest, config: Config): boolean {
  // request.protocol honours X-Forwarded-Proto only from a configured proxy (BAKJE_TRUST_PROXY).
  return request.protocol === 'https' || config.siteUrl.startsWith('https:');
}

/**
 * Adds `request.viewer()` / `request.authSession()` and the CSRF check to every route. A request with a
 * session cookie that changes state (POST, PUT, PATCH, DELETE; GraphQL mutations only travel by POST)
 * must echo the session's CSRF token in the X-CSRF-Token header, else 403 and nothing happens.
 */
export function registerViewer(app: FastifyInstance, deps: { config: Config; sessions: SessionStore }) {
  app.decorateRequest('bakjeAuthSession', null);
  app.decorateRequest('authSession', function (this: FastifyRequest) {
    if (!this.bakjeAuthSession) {
      const id = this.cookies[SESSION_COOKIE];
      this.bakjeAuthSession = id ? deps.sessions.resolve(id) : NO_SESSION;
    }
    return this.bakjeAuthSession;
  });
  app.decorateRequest('viewer', async function (this: FastifyRequest) {
    return viewerOf(await this.authSession());
  });

  /** True when the request was refused (and answered). */
  const refusedForCsrf = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const session = await request.authSession();
    // A dead session cookie carries no authority: the request goes on as a guest.
    if (!session) return false;
    const sent = request.headers[CSRF_HEADER];
    if (typeof sent === 'string' && sameToken(sent, session.csrfToken)) return false;
    if (graphqlSafeWithoutToken(request, deps.config)) return false;
    reply.code(403).send({ code: 'csrf_invalid', message: CSRF_MESSAGE, data: { status: 403 } });
    return true;
  };
  // A callback hook: most requests (no session cookie, or a safe method) pass without a promise (decision 0057).
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.cookies[SESSION_COOKIE] || CSRF_EXEMPT.has(request.url.split('?')[0]!)) return done();
    refusedForCsrf(request, reply).then((refused) => {
      if (!refused) done();
    }, done);
  });
}

/** An origin as the browser names it in the Origin header, e.g. `https://shop.example`. */
const originOf = (url: string) => new URL(url).origin;

/**
 * WooGraphQL clients never send X-CSRF-Token. On /graphql, what no other site can make a browser send is
 * safe without it (docs/decisions/0036-woographql-limits.md): a Bearer token (a page cannot set the
 * Authorization header on another site without a CORS preflight, which only listed origins pass), and a
 * JSON body whose Origin is the shop itself or a listed storefront (JSON also needs that preflight; a form
 * or a text/plain body does not, so those still need the token).
 */
function graphqlSafeWithoutToken(request: FastifyRequest, config: Config): boolean {
  if (request.url.split('?')[0] !== '/graphql') return false;
  if (/^Bearer\s+\S/i.test(request.headers.authorization ?? '')) return true;
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') return false;
  const origin = request.headers.origin;
  if (!origin) return false;
  return origin === originOf(config.siteUrl) || origin === `${request.protocol}://${request.host}` || config.graphqlCors.origins.includes(origin);
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, config: Config, session: CreatedSession) {
  const secure = isHttps(request, config);
  const maxAge = session.remember ? Math.floor((session.expiresAt.getTime() - Date.now()) / 1000) : undefined;
  reply.setCookie(SESSION_COOKIE, session.id, { path: '/', httpOnly: true, sameSite: 'lax', secure, ...(maxAge ? { maxAge } : {}) });
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { path: '/', httpOnly: false, sameSite: 'lax', secure, ...(maxAge ? { maxAge } : {}) });
}

/** Outlives logouts: it only says this browser is one the account logged in on (known-devices.ts). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, config: Config, value: string) {
  reply.setCookie(DEVICE_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request, config),
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, config: Config) {
  const secure = isHttps(request, config);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'lax', secure });
}

/**
 * Why a staff guard said no: not logged in as staff at all (guest or customer) is 401, staff whose role
 * lacks the permission is 403 (docs/permissions.md).
 */
export async function staffRefusal(request: FastifyRequest, permission?: Permission): Promise<DomainError> {
  const viewer = await request.viewer();
  if (viewer.kind !== 'staff') return new DomainError('STAFF_LOGIN_REQUIRED', 'Log in with a staff account.');
  return new DomainError('PERMISSION_DENIED', 'Your role does not allow this.', permission ? { permission } : {});
}

/** A route guard: resolves to let the request through, throws the refusal otherwise. */
export type RouteGuard = (request: FastifyRequest) => Promise<void>;

/**
 * Route guard: staff holding `permission` pass; other staff get 403; customers and guests get 401 (they
 * are not logged in as staff at all). Use as `preValidation: requireStaff('products.manage')`: before the
 * route schema, so a caller without the right learns nothing about the input.
 */
export function requireStaff(permission: Permission): RouteGuard {
  return async (request) => {
    const viewer = await request.viewer();
    if (viewer.kind !== 'staff' || !can(viewer.role, permission)) throw await staffRefusal(request, permission);
  };
}

/**
 * A guard for routes that take a yes/no check (kitchen actions, key admin, tests plug in their own): a no
 * becomes the same 401 or 403 as requireStaff's.
 */
export function requireGuard(allowed: (request: FastifyRequest) => boolean | Promise<boolean>, permission?: Permission): RouteGuard {
  return async (request) => {
    if (!(await allowed(request))) throw await staffRefusal(request, permission);
  };
}

/** A yes/no check for transports that take a guard function (event streams, kitchen actions, key admin). */
export function staffMay(permission: Permission): (request: FastifyRequest) => Promise<boolean> {
  return async (request) => {
    const viewer = await request.viewer();
    return viewer.kind === 'staff' && can(viewer.role, permission);
  };
}
