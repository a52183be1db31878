/*
 * Reads ESC/POS bytes back as text lines: what the virtual LAN printer and the PrintNode simulator show for
 * a print job. It sits with the simulators, not with the encoder in modules/printing, because integrations
 * import nothing from modules (docs/decisions/0063-layer-rules.md).
 */

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
