import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout; one logger per process, children per module. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { app: 'bakje' }, timestamp: pino.stdTimeFunctions.isoTime });
}
