import { hash } from 'node:crypto';

/**
 * A strong ETag naming these exact bytes (or this exact request over this catalogue version). One-shot
 * hash(): no Hash object per call (docs/decisions/0057-request-overhead.md).
 */
export function strongEtag(content: string): string {
  return `"${hash('sha256', content, 'base64url').slice(0, 32)}"`;
}

/** True when an If-None-Match header lists this ETag or "*"; the weak form compares equal (RFC 9110 §13.1.2). */
export function ifNoneMatchIncludes(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const listed = (Array.isArray(header) ? header.join(',') : header).split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return listed.includes('*') || listed.includes(etag);
}
