import { describe, expect, it } from 'vitest';
import { dismissalKey, readDismissed, rememberDismissed } from './dismissed';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('closed banners', () => {
  it('stay closed for the session, and come back when staff change the text', () => {
    const storage = memoryStorage();
    const message = { databaseId: 7, text: 'Vandaag geen stoofvlees' };
    expect(readDismissed(storage).has(dismissalKey(message))).toBe(false);
    rememberDismissed(dismissalKey(message), storage);
    expect(readDismissed(storage).has(dismissalKey(message))).toBe(true);
    expect(readDismissed(storage).has(dismissalKey({ ...message, text: 'Vandaag wel stoofvlees' }))).toBe(false);
  });
  it('reads broken storage as nothing closed', () => {
    expect(readDismissed({ getItem: () => '{not json' }).size).toBe(0);
    expect(readDismissed({ getItem: () => '{"a":1}' }).size).toBe(0);
  });
});
