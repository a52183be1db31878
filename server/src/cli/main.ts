import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { apiKeyScopes, type ApiKeySummary } from '../modules/api-keys/api-key-service.js';
import { CliError, openKeyBackend } from './key-backend.js';

const USAGE = `Usage:
  npm run cli -- api-key create --scope ${apiKeyScopes.join('|')} [--description TEXT] [--json]
  npm run cli -- api-key list [--json]
  npm run cli -- api-key revoke <id>

Works whether or not the server runs, on the embedded database or PostgreSQL (same environment
variables as the server: BAKJE_DATA_DIR, DATABASE_URL, BAKJE_API_KEY_PEPPER).`;

class UsageError extends Error {}

function row(key: ApiKeySummary): string {
  const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : 'active';
  const used = key.lastAccess ? key.lastAccess.toISOString() : 'never';
  return `${String(key.id).padEnd(5)} ${key.scope.padEnd(11)} ...${key.truncatedKey}  ${state.padEnd(33)} last used ${used}  ${key.description}`;
}

export async function runCli(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { scope: { type: 'string' }, description: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  const [group, command, ...rest] = positionals;
  if (values.help || group !== 'api-key' || !command) throw new UsageError(USAGE);
  if (!['create', 'list', 'revoke'].includes(command)) throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  if (command === 'create' && !values.scope) throw new UsageError(`--scope is required (${apiKeyScopes.join(', ')}).`);
  if (command === 'revoke' && (rest.length !== 1 || !/^\d{1,9}$/.test(rest[0]!))) throw new UsageError('Give the id of the key to revoke (see api-key list).');

  const backend = await openKeyBackend(loadConfig());
  try {
    if (command === 'create') {
      const key = await backend.create(values.scope!, values.description);
      if (values.json) {
        out(JSON.stringify({ id: key.id, scope: key.scope, description: key.description, consumer_key: key.consumerKey, consumer_secret: key.consumerSecret }));
      } else {
        out(`API key ${key.id} created (scope ${key.scope}) through ${backend.via}.`);
        out('Copy the secret now: it is stored only as a hash and is never shown again.');
        out(`  Consumer key     ${key.consumerKey}`);
        out(`  Consumer secret  ${key.consumerSecret}`);
      }
    } else if (command === 'list') {
      const keys = await backend.list();
      if (values.json) out(JSON.stringify(keys));
      else if (keys.length === 0) out('No API keys yet. Create one with: npm run cli -- api-key create --scope read');
      else for (const key of keys) out(row(key));
    } else {
      const key = await backend.revoke(Number(rest[0]));
      out(`API key ${key.id} (...${key.truncatedKey}) is revoked.`);
    }
    return 0;
  } finally {
    await backend.close();
  }
}

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(error.message);
      process.exit(2);
    }
    if (error instanceof CliError || error instanceof ConfigError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      console.error((error as Error).message);
      process.exit(1);
    }
    console.error('The command failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
