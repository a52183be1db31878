import { describe, expect, it } from 'vitest';
import { safeRedirect } from './LoginPage';

describe('login redirect', () => {
  it('returns to a path on this site only', () => {
    expect(safeRedirect('/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/dashboard?tab=ready')).toBe('/dashboard?tab=ready');
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect('')).toBeNull();
    // Another site, directly or through a protocol-relative or backslash trick.
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('javascript:alert(1)')).toBeNull();
  });
});
