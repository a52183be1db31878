/**
 * A small allow-list HTML sanitizer for product descriptions. The server sends trusted HTML, but we
 * still drop scripts, event handlers, styles and javascript: URLs. Pure string processing (no DOM), so it
 * runs the same in tests.
 */
const ALLOWED_TAGS = new Set([
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'span', 'ul', 'ol', 'li',
  'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'a', 'img', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);
const VOID_TAGS = new Set(['br', 'img', 'hr']);
const DROP_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'textarea', 'select', 'title', 'head'];
const ALLOWED_ATTRS: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
};

function safeUrl(raw: string, forImage: boolean): string | null {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"): drop them before checking.
  const url = [...raw].filter((ch) => ch.charCodeAt(0) > 0x20).join('');
  if (/^(https?:|mailto:|tel:)/i.test(url)) return forImage && !/^https?:/i.test(url) ? null : url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null; // javascript:, data:, vbscript: ...
  return raw.trim();
}

function escapeAttr(value: string): string {
  return value.replace(/&(?!(#\d+|#x[0-9a-f]+|[a-z]+);)/gi, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  let s = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const tag of DROP_WITH_CONTENT) {
    s = s.replace(new RegExp(`<${tag}\\b[\\s\\S]*?<\\/${tag}\\s*>`, 'gi'), '');
    s = s.replace(new RegExp(`<\\/?${tag}\\b[^>]*>`, 'gi'), '');
  }
  return s.replace(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g, (_m, slash: string, rawName: string, rawAttrs: string) => {
    const name = rawName.toLowerCase();
    if (!ALLOWED_TAGS.has(name)) return '';
    if (slash) return VOID_TAGS.has(name) ? '' : `</${name}>`;
    const allowed = ALLOWED_ATTRS[name] ?? [];
    const attrs: string[] = [];
    const re = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*("([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(rawAttrs))) {
      const attr = m[1]!.toLowerCase();
      if (!allowed.includes(attr)) continue;
      let value = m[3] ?? m[4] ?? m[5] ?? '';
      if (attr === 'href' || attr === 'src') {
        const safe = safeUrl(value, attr === 'src');
        if (safe === null) continue;
        value = safe;
      }
      attrs.push(`${attr}="${escapeAttr(value)}"`);
    }
    if (name === 'a' && attrs.some((a) => a.startsWith('href="http'))) attrs.push('rel="noopener noreferrer"', 'target="_blank"');
    return `<${name}${attrs.length ? ' ' + attrs.join(' ') : ''}>`;
  });
}
