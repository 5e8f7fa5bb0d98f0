import { apiPaths } from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const csrfCookieRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sanctum's contract (B1.1): 204, no body, the cookies do the work.
  app.get(
    apiPaths.csrfCookie,
    { schema: { summary: 'Start a session and receive the XSRF-TOKEN cookie', tags: ['session'] } },
    async (_request, reply) => {
      reply.issueSessionCookies();
      return reply.code(204).send();
    },
  );
};
