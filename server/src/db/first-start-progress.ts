import fs from 'node:fs';
import path from 'node:path';

interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * The first start on a new machine creates the embedded database (initdb, migrations, the demo shop), which
 * takes several seconds: say so instead of sitting silent (issue 17). On a terminal the line counts the seconds
 * in place; otherwise (logs, CI) it prints a start and an end line. Nothing when the data dir already exists.
 */
export function firstStartProgress(dataDir: string, out: Output = process.stdout, now: () => number = () => performance.now()) {
  if (dataDir.startsWith('memory://') || fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return null;
  const started = now();
  let step = 'creating the embedded database';
  const line = () => `  First start: ${step} in ${dataDir} (${((now() - started) / 1000).toFixed(0)} s)`;
  const timer = out.isTTY ? setInterval(() => out.write(`\r${line()}`), 1000) : undefined;
  timer?.unref();
  out.write(out.isTTY ? line() : `${line()}\n`);
  return {
    /** The next part of the first start, e.g. "loading the demo shop". */
    step(next: string) {
      step = next;
      out.write(out.isTTY ? `\r${line()}\u001b[K` : `${line()}\n`);
    },
    done() {
      if (timer) clearInterval(timer);
      out.write(
        `${out.isTTY ? '\r' : ''}  First start: the embedded database is ready (${((now() - started) / 1000).toFixed(1)} s)${out.isTTY ? '\u001b[K' : ''}\n`,
      );
    },
  };
}
