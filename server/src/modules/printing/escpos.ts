import type { Ticket } from './tickets.js';

/*
 * ESC/POS bytes for one ticket: initialise (ESC @, FS . to leave Kanji mode, ESC M 0 for font A; code page
 * cp858 is selected but never sent, as tickets are ASCII), the lines, the first in bold, feed four lines and
 * a cut. The kitchen ticket prints double width and height (GS ! 0x11) so it reads from a distance; the 23
 * double-width characters fit an 80 mm printer's 48 columns.
 *
 * These are the bytes @point-of-sale/receipt-printer-encoder wrote for a ticket, written here directly: the
 * encoder cost a new object, its command list and copies per ticket for the same few fixed commands
 * (docs/decisions/0050-ticket-cpu.md). print-golden.test.ts holds the bytes to the encoder's, byte for byte.
 */
const INIT = [0x1b, 0x40, 0x1c, 0x2e, 0x1b, 0x4d, 0x00];
const DOUBLE_SIZE = [0x1d, 0x21, 0x11];
const NORMAL_SIZE = [0x1d, 0x21, 0x00];
const BOLD_ON = [0x1b, 0x45, 0x01];
const BOLD_OFF = [0x1b, 0x45, 0x00];
/** Four line feeds (the encoder's feedBeforeCut), GS V 0 (full cut), and the line feed after it. */
const FEED_AND_CUT = [0x0a, 0x0a, 0x0a, 0x0a, 0x1d, 0x56, 0x00, 0x0a];

export function encodeTicket(ticket: Ticket): Uint8Array {
  const kitchen = ticket.kind === 'kitchen';
  const { lines } = ticket;
  let size = INIT.length + FEED_AND_CUT.length + (kitchen ? DOUBLE_SIZE.length + NORMAL_SIZE.length : 0);
  if (lines.length) size += BOLD_ON.length + BOLD_OFF.length;
  for (const line of lines) size += line.length + 1;
  const bytes = new Uint8Array(size);
  let at = 0;
  const put = (command: number[]) => {
    bytes.set(command, at);
    at += command.length;
  };
  put(INIT);
  if (kitchen) put(DOUBLE_SIZE);
  for (let index = 0; index < lines.length; index++) {
    // The first line (shop name on the customer ticket, a rule on the kitchen ticket) in bold.
    if (index === 0) put(BOLD_ON);
    at = asciiLine(lines[index]!, bytes, at);
    if (index === 0) put(BOLD_OFF);
  }
  if (kitchen) put(NORMAL_SIZE);
  put(FEED_AND_CUT);
  return bytes;
}

/** A line's bytes and its line feed at `at`; anything outside ASCII prints as '?', as the encoder printed it. */
function asciiLine(line: string, bytes: Uint8Array, at: number): number {
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    bytes[at++] = code >= 0x20 && code < 0x7f ? code : 0x3f;
  }
  bytes[at++] = 0x0a;
  return at;
}

export interface DecodedTicket {
  lines: string[];
  /** Whether the ticket ended with a paper cut. */
  cut: boolean;
}

export class EscPosDecodeError extends Error {}

/** Arguments taken by the ESC and GS commands we (and the encoder) emit, plus a few common ones. */
const ESC_ARGS: Record<number, number> = {
  0x40: 0, // @ initialise
  0x74: 1, // t code page
  0x4d: 1, // M font
  0x45: 1, // E bold
  0x47: 1, // G double strike
  0x2d: 1, // - underline
  0x61: 1, // a alignment
  0x21: 1, // ! print mode
  0x64: 1, // d feed n lines (handled)
  0x4a: 1, // J feed dots
  0x32: 0, // 2 default line spacing
  0x33: 1, // 3 line spacing
  0x70: 3, // p drawer kick
  0x7b: 1, // { upside down
  0x56: 1, // V rotate
  0x52: 1, // R international character set
};
const GS_ARGS: Record<number, number> = {
  0x21: 1, // ! character size
  0x42: 1, // B reverse
  0x4c: 2, // L left margin
  0x57: 2, // W print area width
  0x68: 1, // h barcode height
  0x77: 1, // w barcode width
  0x48: 1, // H HRI position
  0x66: 1, // f HRI font
};
const FS_ARGS: Record<number, number> = { 0x2e: 0, 0x26: 0, 0x43: 1 };

/**
 * Turns ESC/POS bytes back into tickets of text lines, for the simulators and the golden tests. Handles
 * the subset Bakje's encoder emits (and common harmless commands); anything else is an error rather than
 * garbage on the virtual printer. Blank feed lines before a cut are dropped, and so are those right after a
 * cut (the encoder's trailing feed, when several tickets come over one connection). Bytes above 0x7f are shown as
 * '?' because tickets are ASCII by design.
 */
export function decodeEscPos(bytes: Uint8Array): DecodedTicket[] {
  const tickets: DecodedTicket[] = [];
  let lines: string[] = [];
  let current = '';
  const finish = (cut: boolean) => {
    if (current) lines.push(current);
    current = '';
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    if (lines.length || cut) tickets.push({ lines, cut });
    lines = [];
  };
  const endLine = () => {
    if (current || lines.length || tickets.length === 0) lines.push(current);
    current = '';
  };
  /** Arguments start at `from`; all `count` of them must be there. */
  const need = (from: number, count: number) => {
    if (from + count > bytes.length) throw new EscPosDecodeError(`truncated command at byte ${from - 2}`);
  };
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0x1b || b === 0x1d || b === 0x1c) {
      const cmd = bytes[i + 1];
      if (cmd === undefined) throw new EscPosDecodeError(`truncated command at byte ${i}`);
      if (b === 0x1d && cmd === 0x56) {
        // GS V m [n]: cut; m 65/66 take a feed amount.
        const m = bytes[i + 2];
        if (m === undefined) throw new EscPosDecodeError(`truncated cut at byte ${i}`);
        i += m === 65 || m === 66 ? 4 : 3;
        finish(true);
        continue;
      }
      const table = b === 0x1b ? ESC_ARGS : b === 0x1d ? GS_ARGS : FS_ARGS;
      const args = table[cmd];
      if (args === undefined) throw new EscPosDecodeError(`unsupported command 0x${b.toString(16)} 0x${cmd.toString(16)} at byte ${i}`);
      need(i + 2, args);
      if (b === 0x1b && cmd === 0x64) {
        for (let n = 0; n < bytes[i + 2]!; n++) endLine();
      }
      i += 2 + args;
      continue;
    }
    if (b === 0x0a) endLine();
    else if (b === 0x0d) {
      // Carriage return: the line feed ends the line.
    } else if (b === 0x09) current += ' ';
    else if (b >= 0x20 && b < 0x7f) current += String.fromCharCode(b);
    else if (b >= 0x80) current += '?';
    else throw new EscPosDecodeError(`unsupported control byte 0x${b.toString(16)} at byte ${i}`);
    i += 1;
  }
  if (current || lines.length) finish(false);
  return tickets;
}
