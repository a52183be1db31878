import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';

// The generated modules must carry the documents as they are written: `npm run codegen:check` once passed while
// codegen silently generated nothing (a dependency override ran its steps out of order), so stale types went
// unnoticed. This reads each .graphql file and looks for every operation and fragment in its generated sibling.
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const documents = fs.readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.graphql'));

describe('generated GraphQL modules', () => {
  it('finds the documents', () => expect(documents.length).toBeGreaterThanOrEqual(4));

  it.each(documents)('%s: every definition is in its .generated.ts as written', (file) => {
    const generated = fs.readFileSync(path.join(src, file.replace(/\.graphql$/, '.generated.ts')), 'utf8');
    for (const definition of parse(fs.readFileSync(path.join(src, file), 'utf8')).definitions) {
      expect(generated).toContain(print(definition));
    }
  });
});
