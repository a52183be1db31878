import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// Every installed package must run on the oldest Node.js the project supports (package.json "engines"), so that
// `npm install` prints no EBADENGINE warning (issue 17: cookie@2 once asked for Node 22).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

describe('dependency engines', () => {
  it('every package in the lock file accepts the oldest supported Node.js', () => {
    const supported = (read('package.json').engines as { node: string }).node;
    const oldest = semver.minVersion(supported)!.version;
    const packages = read('package-lock.json').packages as Record<string, { engines?: unknown }>;
    const refusing = Object.entries(packages)
      .map(([name, entry]) => ({ name, node: (entry.engines as { node?: string } | undefined)?.node }))
      .filter((p) => typeof p.node === 'string' && !semver.satisfies(oldest, p.node, { includePrerelease: true }))
      .map((p) => `${p.name} wants node ${p.node}`);
    expect(oldest).toBe('20.19.0');
    expect(refusing).toEqual([]);
  });
});
