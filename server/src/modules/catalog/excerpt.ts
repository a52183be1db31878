const EXCERPT_LENGTH = 88;

/** Strips markup and decodes the few entities a product text uses. */
export function stripMarkup(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The dashboard excerpt of docs/product.md §3: markup stripped, 88 characters plus an ellipsis when longer. */
export function excerpt(html: string, length = EXCERPT_LENGTH): string {
  const text = stripMarkup(html);
  if (text.length <= length) return text;
  return `${text.slice(0, length).trimEnd()}…`;
}
