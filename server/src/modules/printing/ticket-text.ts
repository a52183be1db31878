/**
 * Text helpers for fixed-width receipt printers. Everything that reaches a ticket goes through
 * `printable`: code-page numbering differs between printer clones (docs/interfaces.md §4), so tickets carry
 * plain ASCII only and accents are stripped (docs/product.md §9).
 */

const REPLACEMENTS: Record<string, string> = {
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  '€': 'EUR',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
  '×': 'x',
};

/** ASCII only: accents stripped, known symbols spelled out, line breaks and tabs become spaces. */
export function printable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, (ch) => (/\s/.test(ch) ? ' ' : (REPLACEMENTS[ch] ?? '?')));
}

/** Cuts text to `width`, ending in '...' when it had to be cut. */
export function fit(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 3))}...`;
}

/**
 * Word-wraps to `width` at spaces, and inside a word only after a hyphen it already has: Dutch compound names
 * ("Zoete-aardappelfriet") are cut where a reader expects, never mid-word (issue 31). A word that has no
 * hyphen and is longer than a line is cut hard, the cut marked with '-'. Never returns an empty list.
 */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  const room = () => (current ? width - current.length - 1 : width);
  const put = (piece: string) => {
    current = current ? `${current} ${piece}` : piece;
  };
  const flush = () => {
    if (current) lines.push(current);
    current = '';
  };
  for (const word of text.split(' ').filter(Boolean)) {
    let rest = word;
    while (rest.length > room()) {
      const head = hyphenHead(rest, room());
      if (head) {
        put(head);
        rest = rest.slice(head.length);
        flush();
      } else if (current) {
        flush();
      } else if (width > 1) {
        lines.push(`${rest.slice(0, width - 1)}-`);
        rest = rest.slice(width - 1);
      } else {
        lines.push(rest.slice(0, width));
        rest = rest.slice(width);
      }
    }
    if (rest) put(rest);
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

/** The longest start of `word` that ends in one of its own hyphens and fits in `room`, if any. */
function hyphenHead(word: string, room: number): string | undefined {
  const last = word.lastIndexOf('-', room - 1);
  // A hyphen at the very start ("-", "--") is a dash, not a break inside a word.
  return last > 0 && last < word.length - 1 ? word.slice(0, last + 1) : undefined;
}

export function center(text: string, width: number): string {
  const cut = fit(text, width);
  return ' '.repeat(Math.floor((width - cut.length) / 2)) + cut;
}

/** Label on the left, value on the right, exactly `width` wide (the label is cut first). */
export function leftRight(left: string, right: string, width: number): string {
  const room = Math.max(0, width - right.length - 1);
  return `${fit(left, room).padEnd(room)} ${right}`.slice(-width).padStart(width);
}
