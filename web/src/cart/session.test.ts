import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearClientState, markSessionHealthy, readSessionToken, resetAndReload, storeSessionToken, withSession } from './session';

/** A minimal cookie jar + storage, enough for the session rules (the unit tests run without a DOM). */
function fakeBrowser() {
  const jar = new Map<string, string>();
  const storage = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
      clear: () => m.clear(),
      get size() {
        return m.size;
      },
    };
  };
  const reload = vi.fn();
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(value: string) {
      const [pair, ...attrs] = value.split(';');
      const [name, ...rest] = pair!.split('=');
      if (attrs.some((a) => a.trim() === 'Max-Age=0')) jar.delete(name!.trim());
      else jar.set(name!.trim(), rest.join('='));
    },
  });
  vi.stubGlobal('location', { protocol: 'http:', reload });
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
  return { jar, reload };
}

describe('storefront session', () => {
  let browser: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    browser = fakeBrowser();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the token in the woocommerce-session cookie', () => {
    expect(readSessionToken()).toBeNull();
    storeSessionToken(' a.b.c ');
    expect(readSessionToken()).toBe('a.b.c');
  });

  it('clears cookies and local storage but keeps the language', () => {
    browser.jar.set('bakje-locale', 'fr_FR');
    storeSessionToken('a.b.c');
    localStorage.setItem('x', '1');
    clearClientState();
    expect(readSessionToken()).toBeNull();
    expect(browser.jar.get('bakje-locale')).toBe('fr_FR');
    expect(localStorage.getItem('x')).toBeNull();
  });

  it('reloads once, then the guard stops until a load succeeds', () => {
    expect(resetAndReload()).toBe(true);
    expect(resetAndReload()).toBe(false);
    expect(browser.reload).toHaveBeenCalledTimes(1);
    markSessionHealthy();
    expect(resetAndReload()).toBe(true);
    expect(browser.reload).toHaveBeenCalledTimes(2);
  });

  it('lets the first token-less request start the session and the others use its token', async () => {
    const sent: (string | null)[] = [];
    let finishFirst!: () => void;
    const first = withSession(async () => {
      sent.push(readSessionToken());
      await new Promise<void>((resolve) => (finishFirst = resolve));
      storeSessionToken('issued.by.server');
    });
    const second = withSession(async () => {
      sent.push(readSessionToken());
    });
    await Promise.resolve();
    expect(sent).toEqual([null]);
    finishFirst();
    await Promise.all([first, second]);
    expect(sent).toEqual([null, 'issued.by.server']);
  });
});
