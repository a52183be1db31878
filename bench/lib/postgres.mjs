// A throw-away PostgreSQL database per bench run: bakje_bench_<timestamp>, dropped at the end.
import { createRequire } from 'node:module';
import path from 'node:path';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/bakje_bench';

function loadPg(root) {
  // `pg` is a dependency of the server workspace; resolve it from there rather than adding it to bench.
  const require = createRequire(path.join(root, 'server/package.json'));
  return require('pg');
}

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function quoteIdent(name) {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withAdmin(root, baseUrl, fn) {
  const pg = loadPg(root);
  // Connect to the maintenance database of the same server to create or drop the bench database.
  const client = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres'), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates a fresh database next to the one `baseUrl` names. Resolves to { name, url, serverVersion }. */
export async function createBenchDatabase(root, baseUrl, stamp) {
  const name = `bakje_bench_${stamp}`;
  return withAdmin(root, baseUrl, async (client) => {
    const { rows } = await client.query('show server_version');
    await client.query(`create database ${quoteIdent(name)}`);
    return { name, url: withDatabase(baseUrl, name), serverVersion: rows[0]?.server_version ?? 'unknown' };
  });
}

export async function dropBenchDatabase(root, baseUrl, name) {
  await withAdmin(root, baseUrl, async (client) => {
    const { rows } = await client.query('show server_version_num');
    const force = Number(rows[0]?.server_version_num ?? 0) >= 130000 ? ' with (force)' : '';
    await client.query(`drop database if exists ${quoteIdent(name)}${force}`);
  });
}

/** The URL without its password, for printing. */
export function redactUrl(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
