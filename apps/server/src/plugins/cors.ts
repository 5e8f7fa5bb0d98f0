import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error.ts';

export interface CorsOptions {
  /** The only origins whose pages may read answers cross-origin, with credentials; none is reflected blindly. */
  origins: readonly string[];
  methods: readonly string[];
  allowedHeaders: readonly string[];
  /** How long a browser may keep a preflight's answer, in seconds. */
  maxAgeSeconds: number;
}

function addVary(reply: FastifyReply, name: string): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', name);
  else if (
    !String(vary)
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(name.toLowerCase())
  )
    reply.header('vary', `${String(vary)}, ${name}`);
}

/**
 * CORS for the configured SPA origins only (security-checklist B2.4), as @fastify/cors answered it
 * (same headers, same preflight), in one hook that does no work for the requests that carry no
 * Origin, which are most of them: @fastify/cors rebuilt its options on every request (issue 13).
 */
export const corsPlugin = fp<CorsOptions>(
  async (app, options) => {
    const origins = new Set(options.origins);
    const allowMethods = options.methods.join(', ');
    const allowHeaders = options.allowedHeaders.join(', ');
    const maxAge = String(options.maxAgeSeconds);

    // A callback, not an async function: it runs on every request.
    app.addHook('onRequest', (request, reply, done) => {
      // The answer depends on Origin whatever it is: caches must key on it.
      addVary(reply, 'Origin');
      const origin = request.headers.origin;
      if (origin === undefined || !origins.has(origin)) {
        done();
        return;
      }
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      if (request.method !== 'OPTIONS') {
        done();
        return;
      }
      if (request.headers['access-control-request-method'] === undefined) {
        done(new AppError('bad_request'));
        return;
      }
      reply.header('access-control-allow-methods', allowMethods);
      reply.header('access-control-allow-headers', allowHeaders);
      reply.header('access-control-max-age', maxAge);
      // Safari waits for a body on a 204 without a length.
      void reply.code(204).header('content-length', '0').send();
    });

    // An allowed preflight is answered by the hook on any path; any other OPTIONS request finds
    // no route, as before.
    app.options('*', { schema: { hide: true } }, (_request, reply) => {
      reply.callNotFound();
    });
  },
  { name: 'cors' },
);
