import sanitize from 'sanitize-html';

/**
 * The HTML that rich text (product descriptions) may hold, enforced when it is written, so whatever reads
 * it later (our web app, a storefront on the GraphQL API, an integration on the REST API) gets no script,
 * event handler, style or dangerous URL. The web app sanitizes again when it shows it, with the same
 * allow-list (web/src/lib/sanitize.ts): keep the two in step.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
  },
  // Relative URLs stay; of absolute ones only these schemes (no javascript:, data:, vbscript: ...).
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Dropped with everything inside; other tags outside the list go, their text stays.
  nonTextTags: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'textarea', 'select', 'option', 'title', 'head'],
  disallowedTagsMode: 'discard',
};

export function sanitizeRichText(html: string): string {
  return sanitize(html, OPTIONS);
}
