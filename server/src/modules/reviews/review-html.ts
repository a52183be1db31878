import { escapeHtml } from '../seo/product-head.js';

/**
 * A review as WooGraphQL's `Comment.content` gives it by default (format RENDERED): HTML a storefront puts in
 * the page as it is. WordPress filters a customer's comment and runs it through its `comment_text` filters
 * (paragraphs); Bakje keeps reviews as plain text (docs/security.md), so the text is escaped, never sanitized:
 * `<script>` or `onerror=` shows as the customer typed it and runs nothing, and "Frieten <3" keeps its "<3".
 * Blank lines make paragraphs and single line ends `<br />`, as WordPress's wpautop does.
 * docs/decisions/0075-security-defects-d1-d6.md.
 */
export function reviewHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br />\n')}</p>`)
    .join('\n');
}
