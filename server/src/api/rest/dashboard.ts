import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { listDashboardProducts } from '../../modules/dashboard/product-list.js';
import { requireStaff } from '../http/viewer.js';

/** Staff dashboard reads for the web app (cookie session); each route names the permission it needs. */
export function registerDashboardRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get('/api/dashboard/products', { preValidation: requireStaff('products.manage') }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { products: await listDashboardProducts(deps.db) };
  });
}
