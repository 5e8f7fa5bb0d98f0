import { healthSchema, readinessSchema } from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface HealthRoutesOptions {
  pingDatabase(): Promise<void>;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: healthSchema } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } },
      logLevel: 'warn',
    },
    async (request, reply) => {
      try {
        await options.pingDatabase();
        return { status: 'ok' as const, checks: { database: 'ok' as const } };
      } catch (error) {
        request.log.error({ err: error }, 'readiness: database unreachable');
        return reply
          .code(503)
          .send({ status: 'unavailable' as const, checks: { database: 'unavailable' as const } });
      }
    },
  );
};
