import type { Plugin, Rollup } from 'vite';
import { routeTable } from './src/config/routes.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Where the build leaves the table; the server reads it (apps/server/src/plugins/spa.ts). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** What a route's screen needs beyond what index.html loads: URLs under the base. */
export interface RoutePreload {
  path: string;
  modules: string[];
  styles: string[];
}

// The frame every signed-in screen renders in, loaded with it (app/router.tsx), and the wire
// schemas its first answer (the profile) is checked with (lib/parse-with.ts loads them).
const SIGNED_IN_FRAME = [
  '/app/layouts/signed-in-layout.tsx',
  '/app/session.ts',
  '/packages/contracts/src/index.ts',
];

/** `multiFactorAuth` → `multi-factor-auth`: app/router.tsx names each screen's file so. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
}

/** `roots` and every chunk they import statically, by file name. */
function withStaticImports(bundle: OutputBundle, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const file = bundle[fileName];
    if (file?.type === 'chunk') file.imports.forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * Writes, for every route of the route table, the chunks and styles its screen needs that
 * index.html does not already load, so the server can announce them in the page it sends for
 * that URL (`<link rel="modulepreload">`): the screen's code then downloads beside the app's
 * instead of after it has run.
 */
export function routePreloads(): Plugin {
  return {
    name: 'corridor-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      const initial = withStaticImports(bundle, entries);
      const chunkOf = (suffix: string) => {
        // The chunk holding the module: a lazily imported module may share a chunk.
        const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(suffix)));
        if (!chunk) this.error(`route preloads: no chunk for ${suffix}`);
        return chunk.fileName;
      };
      const frame = SIGNED_IN_FRAME.map(chunkOf);
      const table: RoutePreload[] = routeTable.map((route) => {
        const screen = chunkOf(`/screens/${kebab(route.name)}-screen.tsx`);
        const roots = route.access === 'customer' ? [...frame, screen] : [screen];
        const files = [...withStaticImports(bundle, roots)].filter((f) => !initial.has(f));
        const styles = files.flatMap((f) => {
          const file = bundle[f];
          return file?.type === 'chunk' ? [...(file.viteMetadata?.importedCss ?? [])] : [];
        });
        return {
          path: route.path,
          modules: files.map((f) => `/${f}`),
          styles: [...new Set(styles)].map((f) => `/${f}`),
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(table, null, 2)}\n`,
      });
    },
  };
}
