/**
 * Banners a visitor closed, for this browser tab's session only (sessionStorage): a message closes until the
 * tab is closed, and comes back when staff change its text (the key holds the text).
 */
const STORAGE_KEY = 'bakje-dismissed-messages';

export function dismissalKey(message: { databaseId: number; text: string }): string {
  return `${message.databaseId}:${message.text}`;
}

export function readDismissed(storage: Pick<Storage, 'getItem'> | undefined = safeSession()): Set<string> {
  try {
    const value: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
    return new Set(Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberDismissed(key: string, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeSession()): Set<string> {
  const next = readDismissed(storage);
  next.add(key);
  try {
    // A handful of keys at most; the newest 50 are plenty.
    storage?.setItem(STORAGE_KEY, JSON.stringify([...next].slice(-50)));
  } catch {
    // Storage full or blocked (private mode): the banner stays closed until the page reloads.
  }
  return next;
}

function safeSession(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
