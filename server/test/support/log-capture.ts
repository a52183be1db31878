import { createLogger, type Logger } from '../../src/logger.js';

/** The app's real logger (serializers, redaction) writing into memory, so a test can read every line. */
export function captureLog(level = 'info'): { log: Logger; lines: string[]; text: () => string } {
  const lines: string[] = [];
  const log = createLogger(level, { write: (line: string) => void lines.push(line) });
  return { log, lines, text: () => lines.join('') };
}

/**
 * What a log must never show: personal details and secrets the test sent (six characters or more: a
 * postcode's digits turn up in timings), plus the shapes of session
 * keys, order keys and API secrets. Returns the offending matches (empty when the log is clean).
 */
export function secretsIn(logText: string, sent: string[]): string[] {
  const found = sent.filter((value) => value.length >= 6 && logText.includes(value));
  for (const pattern of [/g_[0-9a-f]{32}/g, /wc_order_[A-Za-z0-9_-]{8,}/g, /cs_[0-9a-f]{20,}/g, /Session [A-Za-z0-9._-]{20,}/g]) {
    found.push(...(logText.match(pattern) ?? []));
  }
  return found;
}
