// Load generation with autocannon's programmatic API.
import os from 'node:os';
import autocannon from 'autocannon';
import { cpuSeconds } from './processes.mjs';
import { BROWSER_ACCEPT_ENCODING } from './query.mjs';

let current;
let aborted = false;

/** Stops a run in flight and refuses new ones (used on SIGINT). */
export function stopLoad() {
  aborted = true;
  try {
    current?.stop();
  } catch {
    // nothing running
  }
}

/** One autocannon run; `onResponse(ms)` gets each response time. */
function run(options, onResponse) {
  return new Promise((resolve, reject) => {
    if (aborted) return reject(new Error('interrupted'));
    current = autocannon(options, (error, result) => {
      current = undefined;
      if (aborted) reject(new Error('interrupted'));
      else if (error) reject(error);
      else resolve(result);
    });
    if (onResponse) current.on('response', (_client, _status, _bytes, responseTime) => onResponse(responseTime));
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index] * 100) / 100;
}

function newStats(target) {
  return { target, seconds: 0, requests: 0, bytes: 0, errors: 0, timeouts: 0, non2xx: 0, cpuS: 0, cpuKnown: true, latencies: [], loadAverages: [] };
}

function summarize(stats, connections) {
  const { target, seconds, requests } = stats;
  const sorted = Float64Array.from(stats.latencies).sort();
  const mean = sorted.length ? sorted.reduce((sum, v) => sum + v, 0) / sorted.length : null;
  return {
    path: target.path,
    connections,
    durationS: Math.round(seconds * 100) / 100,
    requests,
    requestsPerSec: seconds ? Math.round((requests / seconds) * 10) / 10 : 0,
    latencyMs: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: percentile(sorted, 100),
      mean: mean === null ? null : Math.round(mean * 100) / 100,
    },
    // Bytes autocannon read per response, status line and headers included.
    bytesPerResponse: requests ? Math.round(stats.bytes / requests) : 0,
    throughputMBps: seconds ? Math.round((stats.bytes / seconds / 1e6) * 10) / 10 : 0,
    // CPU time the server process used while this endpoint was under load (user + system).
    serverCpuPercent: stats.cpuKnown && seconds ? Math.round((stats.cpuS / seconds) * 1000) / 10 : null,
    serverCpuMsPerRequest: stats.cpuKnown && requests ? Math.round((stats.cpuS * 1e6) / requests) / 1000 : null,
    loadAverage1m: Math.round((stats.loadAverages.reduce((s, v) => s + v, 0) / Math.max(1, stats.loadAverages.length)) * 100) / 100,
    errors: stats.errors,
    timeouts: stats.timeouts,
    non2xx: stats.non2xx,
  };
}

/**
 * Loads each target ({ path, body }) with `connections` keep-alive connections POSTing its body (accepting
 * brotli and gzip as Chromium does): a
 * `warmupS` warm-up each (discarded), then `durationS` measured seconds each, cut into `slices` slices that
 * alternate between the targets (A B B A A B ...), so that background work on a shared machine hits all
 * targets alike. With `pid`, also the server's CPU time per target: the load generator shares the machine,
 * so CPU per request shows the server's own cost even when the client is what limits the request rate.
 * Resolves to one summary per target, in order.
 */
export async function measure({ port, pid, connections, durationS, warmupS = 0, slices = 1, targets }) {
  const options = (target, duration) => ({
    url: `http://127.0.0.1:${port}${target.path}`,
    method: 'POST',
    // As a browser asks: the server answers brotli, and the bytes counted are the bytes sent.
    headers: { 'content-type': 'application/json', 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    body: target.body,
    connections,
    pipelining: 1,
    timeout: 10,
    duration,
  });
  if (warmupS > 0) for (const target of targets) await run(options(target, warmupS));

  const stats = targets.map(newStats);
  // autocannon counts whole seconds, so a slice is a whole number of seconds.
  const sliceS = Math.max(1, Math.round(durationS / slices));
  for (let slice = 0; slice < slices; slice++) {
    const order = slice % 2 === 0 ? stats : [...stats].reverse();
    for (const s of order) {
      s.loadAverages.push(os.loadavg()[0]);
      const cpuBefore = pid ? cpuSeconds(pid) : null;
      const result = await run(options(s.target, sliceS), (ms) => s.latencies.push(ms));
      const cpuAfter = pid ? cpuSeconds(pid) : null;
      if (cpuBefore === null || cpuAfter === null) s.cpuKnown = false;
      else s.cpuS += cpuAfter - cpuBefore;
      s.seconds += result.duration || sliceS;
      s.requests += result.requests.total;
      s.bytes += result.throughput.total;
      s.errors += result.errors;
      s.timeouts += result.timeouts;
      s.non2xx += result.non2xx;
    }
  }
  return stats.map((s) => summarize(s, connections));
}
