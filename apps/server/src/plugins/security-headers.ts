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
    // frame-ancestors 'none' above: the legacy header says the same.
    frameguard: { action: 'deny' },
  };
}

/** helmet's headers for `options`, computed once by helmet itself. */
function helmetHeaders(options: SecurityHeadersOptions): Record<string, string> {
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
  return Object.fromEntries(headers);
}

/**
 * The headers of a JSON answer (OWASP's REST security headers): nothing in it may load, frame
 * or be framed, sniffed or cached. The document-only ones (opener policy, agent cluster, DNS
 * prefetch, legacy IE and Flash switches) say nothing about JSON, which no browser renders
 * as a page, and would triple every answer's headers (decision 18).
 */
export function apiSecurityHeaders(options: SecurityHeadersOptions): Record<string, string> {
  const document = helmetHeaders(options);
  const hsts = document['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': document['referrer-policy'] ?? 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
    'cache-control': 'no-store',
  };
}

/**
 * Browser hardening (security-checklist C36) and no caching of API answers. An HTML page gets
 * helmet's headers with the SPA's CSP; every other answer (JSON, scripts, styles, images, none)
 * the API's, whose CSP lets nothing load. Neither depends on the request: both are computed once.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app, options) => {
    const { 'cache-control': noStore = 'no-store', ...api } = apiSecurityHeaders(options);
    const page = helmetHeaders(options);
    // A callback, not an async function: it runs on every answer.
    app.addHook('onSend', (request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      reply.headers(typeof type === 'string' && type.startsWith('text/html') ? page : api);
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', noStore);
      reply.header('x-request-id', request.id);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
