// The HTML that rich text (product descriptions) may hold: the server enforces it on write
// (server/src/modules/rich-text/sanitize.ts) and the web again on display (web/src/lib/sanitize.ts).
// A plain module without dependencies, so the browser can import it as a value (@bakje/contract/rich-text).

export const RICH_TEXT_TAGS = [
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
] as const;

/** The attributes each tag keeps; every other attribute (event handlers, style, data-*) goes. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
};
