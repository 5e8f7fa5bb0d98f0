import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { serverPathPrefixes, supportedLocales, type Locale } from '@corridor/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerPathsAt, answersFor, encodeOnce, withAnswers } from './page-answers.ts';
import {
  encodePage,
  loadRoutePages,
  pageHtml,
  pageLocale,
  pickEncoding,
  type EncodedPage,
  type PageSettings,
} from './spa-route-pages.ts';

/** Answers an unmatched request with the SPA's page (true), or leaves it to the not-found answer. */
export type SpaFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
) => boolean | Promise<boolean>;

/**
 * Serves the built SPA from the API's own origin: hashed assets are cached for a year,
 * index.html never, and every other GET that is not the server's own falls back to
 * index.html (history mode), in the browser's language (`<html lang>`, the catalogues it
 * preloads) and announcing the chunks of the route's screen when the URL is one of the app's
 * routes. A signed-in browser's page of a route also carries the answers its first render waits
 * for (decision 29). Returns that fallback for the not-found handler.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  settings: PageSettings,
): Promise<SpaFallback> {
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

  const routePages = loadRoutePages(distDir, settings);
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  // Any other URL: the page with no route's chunks (the router shows not-found or redirects).
  const plainPages = Object.fromEntries(
    supportedLocales.map((locale) => [locale, encodePage(pageHtml(html, locale, settings))]),
  ) as Record<Locale, EncodedPage>;
  // Every path a page answers must be one of the API's GETs: a build naming another fails here
  // (`/client/v1/quote/:quoteId` is the API's `/client/v1/quote/:id`: names do not count).
  app.addHook('onReady', async () => {
    const unknown = routePages
      .flatMap((route) => route.answers)
      .filter((path) => !app.hasRoute({ method: 'GET', url: path }));
    if (unknown.length > 0) {
      throw new Error(
        `The web build's pages answer paths the API does not serve: ${unknown.join(', ')}`,
      );
    }
  });

  function send(
    reply: FastifyReply,
    body: Buffer,
    encoding: 'br' | 'gzip' | 'identity',
    cacheControl: string,
  ): void {
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    const vary = reply.getHeader('vary');
    void reply
      .header('cache-control', cacheControl)
      .header('vary', `${vary ? `${String(vary)}, ` : ''}accept-encoding, accept-language`)
      .type('text/html; charset=utf-8')
      .send(body);
  }

  return (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const [pathname = '/', query] = request.url.split('?');
    if (pathname.startsWith('/assets/')) return false;
    if (serverPathPrefixes.some((prefix) => pathname.startsWith(prefix))) return false;
    const locale = pageLocale(request.headers['accept-language']);
    const route = routePages.find((candidate) => candidate.pattern.test(pathname));
    // A query may change the screen (a notice, a redirect): the build rendered none with one.
    const pages = (query === undefined && route?.prerendered) || route?.pages || plainPages;
    const page = pages[locale];
    const encoding = pickEncoding(request.headers['accept-encoding']);
    // Only a browser with a session can be answered; the rest get the page as it was built.
    if (
      route === undefined ||
      route.answers.length === 0 ||
      request.method !== 'GET' ||
      !request.sessionSecret
    ) {
      send(reply, page[encoding], encoding, 'no-cache');
      return true;
    }
    // The paths with the route's parameters from this URL (decision 29): the answer to another
    // customer's id is a 404, and is left out as any answer but a 200.
    const paths = answerPathsAt(route.answers, route.pattern.exec(pathname)?.groups ?? {});
    return answersFor(app, request, paths, locale).then(async (answers) => {
      if (Object.keys(answers).length === 0) {
        send(reply, page[encoding], encoding, 'no-cache');
      } else {
        const html = withAnswers(page.identity.toString('utf8'), { locale, answers });
        // The customer's own data: no cache may keep it.
        send(reply, await encodeOnce(html, encoding), encoding, 'no-store');
      }
      return true;
    });
  };
}
