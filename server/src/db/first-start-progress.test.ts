import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstStartProgress } from './first-start-progress.js';

function capture(isTTY: boolean) {
  const written: string[] = [];
  return { out: { isTTY, write: (text: string) => written.push(text) }, written };
}

describe('first start progress', () => {
  it('prints a start line per step and the time it took when the data dir is new', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-first-start-')), 'data');
    const { out, written } = capture(false);
    let clock = 0;
    const progress = firstStartProgress(dir, out, () => clock)!;
    clock = 6_000;
    progress.step('loading the demo shop');
    clock = 9_250;
    progress.done();
    expect(written).toEqual([
      `  First start: creating the embedded database in ${dir} (0 s)\n`,
      `  First start: loading the demo shop in ${dir} (6 s)\n`,
      '  First start: the embedded database is ready (9.3 s)\n',
    ]);
  });

  it('says nothing when the database exists already, or lives in memory', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-first-start-'));
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    expect(firstStartProgress(dir, capture(false).out)).toBeNull();
    expect(firstStartProgress('memory://', capture(false).out)).toBeNull();
  });

  it('rewrites one line in place on a terminal', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bakje-first-start-')), 'data');
    const { out, written } = capture(true);
    const progress = firstStartProgress(dir, out, () => 0)!;
    progress.step('loading the demo shop');
    progress.done();
    expect(written[0]).not.toContain('\n');
    expect(written[1]).toMatch(/^\r {2}First start: loading the demo shop/);
    expect(written[2]).toBe('\r  First start: the embedded database is ready (0.0 s)\u001b[K\n');
  });
});
