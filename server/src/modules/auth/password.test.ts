import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, PASSWORD_TOO_COMMON, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, verifyPassword } from './password.js';

describe('passwords', () => {
  it('hashes with argon2id at 19 MiB and 2 iterations, and verifies', async () => {
    const stored = await hashPassword('friet met stoofvlees');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'friet met stoofvlees')).toBe(true);
    expect(await verifyPassword(stored, 'friet met stoofvlees ')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('accepts 8 to 128 characters and refuses common passwords', () => {
    expect(passwordProblem('Kort123')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem('Stoofvlees')).toBeNull();
    expect(passwordProblem('ä'.repeat(128))).toBeNull();
    expect(passwordProblem('a'.repeat(129))).toBe(PASSWORD_TOO_LONG);
    expect(passwordProblem('password')).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem('Password')).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem('12345678')).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem('qwertyuiop')).toBe(PASSWORD_TOO_COMMON);
  });
});
