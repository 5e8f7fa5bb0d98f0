import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmetMiddleware, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  secure: boolean;
  /** Where the SPA may open sockets and send requests besides its own origin. */
  connectSources: string[];
}

/** Browser hardening (security-checklist C36): the one statement of what helmet sets. */
function helmetOptions(options: SecurityHeadersOptions): HelmetOptions {
  return {
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
  };
}

/**
 * The headers the plugin below puts on every answer (helmet's, computed once by helmet itself,
 * and `cache-control: no-store`), for answers no hook reaches: Fastify's router and parser
 * errors (errors/error-handler.ts).
 */
export function securityHeaderValues(options: SecurityHeadersOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const collector = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return collector as unknown as ServerResponse;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  // helmet only sets and removes headers: a collector stands in for the response.
  const response = collector as unknown as ServerResponse;
  helmetMiddleware(helmetOptions(options))({} as IncomingMessage, response, (error) => {
    if (error) throw error;
  });
  return { ...Object.fromEntries(headers), 'cache-control': 'no-store' };
}

/**
 * Browser hardening (security-checklist C36) and no caching of API answers. helmet's headers do
 * not depend on the request, so they are computed once and set on every answer.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, options) => {
    const { 'cache-control': noStore = 'no-store', ...headers } = securityHeaderValues(options);
    // A callback, not an async function: it runs on every answer.
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.headers(headers);
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', noStore);
      reply.header('x-request-id', request.id);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
