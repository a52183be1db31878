import { describe, expect, it } from 'vitest';
import { INVALID_TOKEN, ISS_MISMATCH, SessionTokens, newGuestKey, tokenFromHeader } from './session-token.js';

const secret = 'x'.repeat(40);

describe('session tokens', () => {
  const tokens = new SessionTokens(secret, 'http://shop.test');

  it('round-trips a guest key', async () => {
    const key = newGuestKey();
    const token = await tokens.issue(key);
    await expect(tokens.verify(token)).resolves.toMatchObject({ key });
  });

  it('rejects a token from another server with the iss message', async () => {
    const foreign = await new SessionTokens(secret, 'http://other.test').issue(newGuestKey());
    await expect(tokens.verify(foreign)).rejects.toThrow(ISS_MISMATCH);
  });

  it('rejects tampered, expired and malformed tokens as invalid', async () => {
    const token = await tokens.issue(newGuestKey());
    const [h, p, s] = token.split('.');
    await expect(tokens.verify(`${h}.${p}.${s!.slice(0, -2)}aa`)).rejects.toThrow(INVALID_TOKEN);
    const forged = await new SessionTokens('y'.repeat(40), 'http://shop.test').issue(newGuestKey());
    await expect(tokens.verify(forged)).rejects.toThrow(INVALID_TOKEN);
    const old = await tokens.issue(newGuestKey(), Date.now() - 49 * 3600 * 1000);
    await expect(tokens.verify(old)).rejects.toThrow(INVALID_TOKEN);
    await expect(tokens.verify('not-a-token')).rejects.toThrow(INVALID_TOKEN);
  });

  it('reads the header with or without the Session prefix', () => {
    expect(tokenFromHeader('Session abc.def.ghi')).toBe('abc.def.ghi');
    expect(tokenFromHeader('  abc  ')).toBe('abc');
    expect(tokenFromHeader('Session ')).toBeUndefined();
    expect(tokenFromHeader(undefined)).toBeUndefined();
  });
});
