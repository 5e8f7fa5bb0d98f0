import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  secure: boolean;
  /** Where the SPA may open sockets and send requests besides its own origin. */
  connectSources: string[];
}

/** Browser hardening (security-checklist C36) and no caching of API answers. */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine sets CSS variables through inline style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", ...options.connectSources],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(options.secure ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: options.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    });

    app.addHook('onSend', async (request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'security-headers' },
);
