/**
 * The storefront session token (docs/interfaces.md §1): kept in the `woocommerce-session` cookie, sent back as
 * `woocommerce-session: Session <token>`, replaced whenever the server issues or renews one.
 */
export const SESSION_COOKIE = 'woocommerce-session';
export const SESSION_HEADER = 'woocommerce-session';
/** Cookies that are preferences, not session state: kept when the session is cleared. */
const KEPT_COOKIES = new Set(['bakje-locale']);
const RELOAD_COUNTER = 'bakje-session-reloads';
const MAX_RELOADS = 1;
const TOKEN_DAYS = 14;

function cookieValue(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function readSessionToken(): string | null {
  if (typeof document === 'undefined') return null;
  const value = cookieValue(SESSION_COOKIE)?.trim();
  return value ? value : null;
}

export function storeSessionToken(token: string): void {
  const value = token.trim();
  if (!value || value === readSessionToken()) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${TOKEN_DAYS * 86_400}; SameSite=Lax${secure}`;
}

/**
 * docs/product.md §8: 'The iss do not match with this server' and 'Invalid session token' mean the stored token is
 * useless and the client starts over; the server gives both the code INVALID_SESSION.
 */
export function isTokenError(code: string | undefined): boolean {
  return code === 'INVALID_SESSION';
}

/** Clears cookies (but the language choice) and local storage: the next request starts a fresh session. */
export function clearClientState(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.trim().split('=')[0];
    if (!name || KEPT_COOKIES.has(name)) continue;
    document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  try {
    localStorage.clear();
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
}

function reloads(): number {
  try {
    return Number(sessionStorage.getItem(RELOAD_COUNTER) ?? 0) || 0;
  } catch {
    return MAX_RELOADS;
  }
}

/**
 * Clears the session and reloads the page, at most once per tab until a load succeeds again: a server
 * that keeps failing must not put the page in a reload loop. Returns false when the guard stopped it.
 */
export function resetAndReload(): boolean {
  clearClientState();
  const count = reloads();
  if (count >= MAX_RELOADS) return false;
  try {
    sessionStorage.setItem(RELOAD_COUNTER, String(count + 1));
  } catch {
    return false;
  }
  location.reload();
  return true;
}

/** A successful load re-arms the guard. */
export function markSessionHealthy(): void {
  try {
    sessionStorage.removeItem(RELOAD_COUNTER);
  } catch {
    // ignore
  }
}

let establishing: Promise<void> | null = null;

/**
 * Runs a session request. Without a token, the first request starts the session and the others wait for
 * it: two token-less requests in parallel (the first-activity cart load and an add to cart) would
 * otherwise get two different sessions, and the cart of one would be lost.
 */
export async function withSession<T>(run: () => Promise<T>): Promise<T> {
  if (readSessionToken()) return run();
  if (establishing) {
    await establishing;
    return run();
  }
  let release!: () => void;
  establishing = new Promise<void>((resolve) => (release = resolve));
  try {
    return await run();
  } finally {
    establishing = null;
    release();
  }
}
