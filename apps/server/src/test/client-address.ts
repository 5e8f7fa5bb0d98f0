import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * `app` as a client at `ip` reaches it (for a TestBrowser): the limits that count per address
 * (sign-up, sign-in, password reset) see that address instead of inject's 127.0.0.1.
 */
export function fromAddress(app: FastifyInstance, ip: string): FastifyInstance {
  return {
    inject: (options: InjectOptions) => app.inject({ ...options, remoteAddress: ip }),
  } as unknown as FastifyInstance;
}
