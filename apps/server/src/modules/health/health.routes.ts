import { healthSchema, readinessSchema, type Readiness } from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface HealthRoutesOptions {
  pingDatabase(): Promise<void>;
  /** Only when the server uses Redis: without it sign-in limits cannot be counted. */
  pingRedis?(): Promise<void>;
}

type Check = Readiness['checks']['database'];

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  app.get(
    '/healthz',
    // Probed all the time, always a few bytes: no compression hook to run.
    { schema: { hide: true, response: { 200: healthSchema } }, logLevel: 'warn', compress: false },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } },
      logLevel: 'warn',
      compress: false,
    },
    async (request, reply) => {
      const check = async (name: string, ping: () => Promise<void>): Promise<Check> => {
        try {
          await ping();
          return 'ok';
        } catch (error) {
          request.log.error({ err: error }, `readiness: ${name} unreachable`);
          return 'unavailable';
        }
      };
      const [database, redis] = await Promise.all([
        check('database', options.pingDatabase),
        options.pingRedis ? check('redis', options.pingRedis) : undefined,
      ]);
      const checks = { database, ...(redis ? { redis } : {}) };
      const ready = Object.values(checks).every((value) => value === 'ok');
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? ('ok' as const) : ('unavailable' as const), checks });
    },
  );
};
