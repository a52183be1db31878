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
