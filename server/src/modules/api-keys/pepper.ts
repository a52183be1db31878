import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export const PEPPER_FILE = 'api-key-pepper';

/**
 * The server-side secret from which consumer secrets are derived. It lives outside the database on
 * purpose: a copy of the database alone gives no usable secret. BAKJE_API_KEY_PEPPER when set (every
 * instance of a multi-instance PostgreSQL deployment must share it), else a file made once (mode 0600)
 * in the data dir.
 */
export function loadPepper(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, PEPPER_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const value = fs.readFileSync(file, 'utf8').trim();
  if (value.length < 32) throw new Error(`${file} is damaged: expected at least 32 characters`);
  return value;
}
