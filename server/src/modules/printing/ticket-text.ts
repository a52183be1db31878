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

/** Word-wraps to `width`; a word longer than a line is split hard. Never returns an empty list. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ').filter(Boolean)) {
    let rest = word;
    while (rest.length > width) {
      if (current) {
        lines.push(current);
        current = '';
      }
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    if (!rest) continue;
    if (!current) current = rest;
    else if (current.length + 1 + rest.length <= width) current += ` ${rest}`;
    else {
      lines.push(current);
      current = rest;
    }
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
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
