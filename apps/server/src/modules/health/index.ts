import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes, type HealthRoutesOptions } from './health.routes.ts';

export interface HealthModule {
  /** GET /healthz (alive) and /readyz (the database, and Redis when used). */
  routes: FastifyPluginAsync;
}

export function createHealthModule(checks: HealthRoutesOptions): HealthModule {
  return { routes: async (app) => app.register(healthRoutes, checks) };
}
