import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (the one with package.json, drizzle/ and assets/). Found by walking up from
 * this module, so the same code works from src/ (tests, tsx) and from the single bundled dist/main.js.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'drizzle', 'meta')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Bakje: cannot find the server folder (with drizzle/meta) above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, 'drizzle');
export const mediaDir = path.join(serverRoot, 'assets', 'media');
export const graphqlSchemaFiles = ['schema.graphql', 'accounts.graphql'].map((file) => path.join(serverRoot, 'src', 'api', 'graphql', file));
export const commonPasswordsFile = path.join(serverRoot, 'src', 'modules', 'auth', 'common-passwords.txt');
