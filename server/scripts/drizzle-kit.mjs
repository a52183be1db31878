// Runs drizzle-kit so that it finds this package's drizzle-orm. npm hoists drizzle-kit to the root
// node_modules but keeps drizzle-orm in server/node_modules (next to its peers pg and PGlite), and
// drizzle-kit's own import('drizzle-orm/...') then finds nothing ("Please install latest version of
// drizzle-orm"). A resolve hook sends those imports here; NODE_PATH does the same for require().
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
// The package exports neither bin.cjs nor package.json; its main entry sits next to bin.cjs.
const bin = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
const hook = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module';
register(${JSON.stringify(
  `data:text/javascript,${encodeURIComponent(`
const parentURL = ${JSON.stringify(new URL('../package.json', import.meta.url).href)};
export function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) return next(specifier, { ...context, parentURL });
  return next(specifier, context);
}`)}`,
)});`)}`;
const result = spawnSync(process.execPath, ['--import', hook, bin, ...process.argv.slice(2)], {
  cwd: serverDir,
  stdio: 'inherit',
  env: { ...process.env, NODE_PATH: [`${serverDir}node_modules`, process.env.NODE_PATH].filter(Boolean).join(':') },
});
process.exit(result.status ?? 1);
