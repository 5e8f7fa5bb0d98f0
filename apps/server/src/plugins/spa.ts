import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { serverPathPrefixes } from '@corridor/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadRoutePages, pickEncoding } from './spa-route-pages.ts';

/**
 * Serves the built SPA from the API's own origin: hashed assets are cached for a year,
 * index.html never, and every other GET that is not the server's own falls back to
 * index.html (history mode), announcing the chunks of the route's screen when the URL is one
 * of the app's routes. Returns that fallback for the not-found handler.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => boolean> {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(
      `The web app is not built (${distDir}/index.html is missing). Run "npm run build" first.`,
    );
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (apps/web/vite-precompress.ts): sent as they
    // are, with Content-Encoding and Vary, to a browser that accepts them.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const routePages = loadRoutePages(distDir);
  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/assets/')) return false;
    if (serverPathPrefixes.some((prefix) => pathname.startsWith(prefix))) return false;
    void reply.header('cache-control', 'no-cache');
    const page = routePages.find((candidate) => candidate.pattern.test(pathname));
    if (!page) {
      void reply.sendFile('index.html');
      return true;
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    const vary = reply.getHeader('vary');
    void reply
      .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(page[encoding]);
    return true;
  };
}
