import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@bakje/contract/rich-text';
import sanitize from 'sanitize-html';

/**
 * The HTML that rich text (product descriptions) may hold, enforced when it is written, so whatever reads
 * it later (our web app, a storefront on the GraphQL API, an integration on the REST API) gets no script,
 * event handler, style or dangerous URL. The web app sanitizes again when it shows it, with the same
 * allow-list (contract/src/rich-text.ts).
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
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
