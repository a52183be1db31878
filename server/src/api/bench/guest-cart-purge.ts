import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { pruneGuestCarts } from '../../modules/retention/retention.js';

/**
 * For `npm run bench` only (BAKJE_BENCH_ROUTES=true): `POST /api/_bench/purge-guest-carts` runs the
 * housekeeping's guest cart purge now for every guest cart, so the guest cart bench measures memory
 * after a purge without waiting 14 days. PGlite lives inside the server process: the bench cannot run
 * it itself. `GET` answers the process's memory use (JavaScript heap, and PGlite's WebAssembly memory
 * among the array buffers), so the bench can tell them apart.
 */
export function registerBenchGuestCartPurge(app: FastifyInstance, db: Db, clock: () => Date): void {
  app.post('/api/_bench/purge-guest-carts', async () => ({ purged: await pruneGuestCarts(db, new Date(clock().getTime() + 1)) }));
  app.get('/api/_bench/memory', async () => {
    (globalThis as { gc?: () => void }).gc?.();
    return process.memoryUsage();
  });
}
