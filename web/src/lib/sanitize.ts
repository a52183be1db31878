import DOMPurify from 'dompurify';

/**
 * Product descriptions are HTML. The server already stores them sanitized (server/src/modules/rich-text/
 * sanitize.ts, the same allow-list: keep the two in step); DOMPurify checks them again where they are
 * shown, with the browser's own parser, so nothing a database or an integration slipped in can run.
 * DOMPurify is loaded only with the product page (vite.config.ts keeps it out of the shop's first download).
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'span',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'a',
  'img',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'scope'];
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
