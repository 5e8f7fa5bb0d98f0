import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { z } from 'zod';

/** Written by the web build (apps/web/vite-route-preloads.ts). */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

const routePreloadsSchema = z.array(
  z.object({
    path: z.string().startsWith('/'),
    modules: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
    styles: z.array(z.string().regex(/^\/assets\/[\w.-]+\.css$/)),
  }),
);

/** index.html for the URLs of one route, announcing that route's chunks, in every encoding. */
export interface RoutePage {
  pattern: RegExp;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** `/reset-password/:token` → a pattern matching `/reset-password/abc` (and a trailing slash). */
function patternOf(routePath: string): RegExp {
  const segments = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^/${segments.join('/')}${segments.length ? '/?' : ''}$`);
}

function withPreloads(html: string, modules: string[], styles: string[]): string {
  const links = [
    ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ];
  if (!html.includes('</head>')) throw new Error('index.html has no </head> to put preloads in');
  return html.replace('</head>', `${links.join('\n    ')}\n  </head>`);
}

/**
 * The page of every route of the build's table, compressed once at start. Empty when the
 * build wrote no table (an older build): then every URL gets index.html as it is.
 */
export function loadRoutePages(distDir: string): RoutePage[] {
  const tableFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(tableFile)) return [];
  const table = routePreloadsSchema.parse(JSON.parse(fs.readFileSync(tableFile, 'utf8')));
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return table.map((route) => {
    const identity = Buffer.from(withPreloads(html, route.modules, route.styles));
    return {
      pattern: patternOf(route.path),
      identity,
      br: zlib.brotliCompressSync(identity),
      gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
    };
  });
}

/** The encoding to send: brotli, then gzip, then none, as the browser accepts them. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
