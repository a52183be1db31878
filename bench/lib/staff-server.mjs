// The built server on a fresh PGlite directory with a known first admin, logged in as the dashboard does
// (cookie + CSRF): what the media, import and point-of-sale benches start from.
import fs from 'node:fs';
import { prepareBenchServer } from './bench-server.mjs';

export const ADMIN = { email: 'bench@bakje.test', password: 'Een lange bench wachtzin' };

/** Starts the server (extra env given) and logs in; `request(method, path, body?, headers?)` sends with the login. */
export async function startStaffServer(root, env = {}) {
  const bench = await prepareBenchServer(root, 'bakje-bench-');
  const { base } = bench;
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server a bench starts.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = await bench.start(
    {
      BAKJE_SEED_DEMO: 'false',
      BAKJE_VIRTUAL_PRINTER: 'false',
      BAKJE_ADMIN_EMAIL: ADMIN.email,
      BAKJE_ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    { nodeArgs },
  );
  const login = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($u: String!, $p: String!) { login(input: {username: $u, password: $p}) { viewer { role } } }',
      variables: { u: ADMIN.email, p: ADMIN.password },
    }),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = cookies.find((c) => c.startsWith('bakje_csrf='))?.slice('bakje_csrf='.length);
  if (!csrf) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = cookies.join('; ');
  async function request(method, url, body, headers = {}) {
    const raw = typeof body === 'string';
    const send = () =>
      fetch(`${base}${url}`, {
        method,
        headers: {
          cookie,
          'x-csrf-token': csrf,
          ...(body === undefined ? {} : { 'content-type': raw ? 'text/csv' : 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      });
    // A kept-alive connection the busy server closed just as it was reused: a read is sent once more.
    const response = await send().catch((error) => {
      if (method !== 'GET' || child.hasExited) throw error;
      return send();
    });
    const text = await response.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 500)}`);
    return json;
  }
  // `authHeaders`: the login for requests `request` cannot send (a multipart upload).
  const authHeaders = { cookie, 'x-csrf-token': csrf };
  const { dataDir } = bench;
  return { child, base, dataDir, request, authHeaders, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** Polls `check` every 100 ms until it answers something, or fails after `timeoutMs`. */
export async function until(what, check, timeoutMs) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
