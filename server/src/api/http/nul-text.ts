/**
 * PostgreSQL text cannot hold U+0000: such a value reaching a query fails inside the database (found by
 * fuzzing). Edges refuse it up front with a clear client error instead.
 */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

export const NUL_MESSAGE = 'Text may not contain NUL (U+0000) characters.';
