import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@bakje/contract/rich-text';
import DOMPurify from 'dompurify';

/**
 * Product descriptions are HTML. The server already stores them sanitized (server/src/modules/rich-text/
 * sanitize.ts, with the same allow-list: contract/src/rich-text.ts); DOMPurify checks them again where they are
 * shown, with the browser's own parser, so nothing a database or an integration slipped in can run.
 * DOMPurify is loaded only with the product page (vite.config.ts keeps it out of the shop's first download).
 */
const ALLOWED_TAGS = [...RICH_TEXT_TAGS];
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
/** Relative URLs, and absolute ones with these schemes only (DOMPurify ignores spaces and control characters in them). */
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const purify = DOMPurify();
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'IMG' && /^[a-z][a-z0-9+.-]*:/i.test(node.getAttribute('src') ?? '') && !/^https?:/i.test(node.getAttribute('src')!)) {
    node.removeAttribute('src');
  }
  // Links to other sites open apart and learn nothing about the page they came from.
  if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
    node.setAttribute('rel', 'noopener noreferrer');
    node.setAttribute('target', '_blank');
  }
});

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: SAFE_URL, ALLOW_DATA_ATTR: false });
}
