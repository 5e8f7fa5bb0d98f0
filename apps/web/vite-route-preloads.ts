import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { supportedLocales, type Locale } from '../../packages/contracts/src/locales.ts';
import { routeTable, type RouteName } from './src/config/routes.ts';
import {
  ENTRY,
  SCREEN_ANSWERS,
  SCREEN_CATALOGUES,
  SIGNED_IN_FRAME,
  SIGNED_IN_FRAME_ANSWERS,
  screenFileOf,
  screenLoaderOf,
} from './vite-app-shape.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Where the build leaves the table; the server reads it (apps/server/src/plugins/spa.ts). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** What a route's screen needs beyond what index.html loads: URLs under the base. */
export interface RoutePreload {
  path: string;
  modules: string[];
  styles: string[];
  /** The chunks of the screen's message catalogues in each language (decision 19). */
  messages: Record<Locale, string[]>;
  /** The API GETs its first render waits for, which the page carries answered (decision 29). */
  answers: string[];
}

/** A catalogue's folder (`…/src/features/accounts`) from one of its modules' ids. */
const CATALOGUE = /^(.*)\/messages\/(?:index\.ts|([a-z]+)\.json)$/;
/** The contracts' disclosure texts, a module per language (`…/disclosure-texts-en.ts`). */
const CONTRACTS_CATALOGUE = /^(.*\/disclosure-texts)-([a-z]+)\.ts$/;

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
}

/** `roots` and every chunk they import statically, by file name. */
export function withStaticImports(bundle: OutputBundle, roots: string[]): Set<string> {
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
  let written: RoutePreload[] = [];
  return {
    name: 'corridor-route-preloads',
    apply: 'build',
    // After Vite's own generateBundle, which drops the script chunks of style-only modules
    // (`tones.css` alone): listed before that, they were announced and answered 404.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = chunksOf(bundle);
        // index.html's script. By name, not by `isEntry`: at this stage Vite has already folded
        // the HTML entry away and no chunk says it is one, so every chunk the entry loads was
        // announced again on every route (sign-in went from 118 KB to 122 KB).
        const entries = chunks
          .filter((chunk) => chunk.isEntry || chunk.moduleIds.includes(ENTRY))
          .map((chunk) => chunk.fileName);
        if (entries.length === 0) this.error(`route preloads: no chunk holds ${ENTRY}`);
        const initial = withStaticImports(bundle, entries);
        const chunkOf = (moduleId: string) => {
          // The chunk its dynamic import loads: the module's own facade when the bundler wrote
          // one (a module grouped into a shared chunk gets a re-exporting file, which unlisted
          // cost the dashboard two requests one after the other), else the chunk holding it.
          const chunk =
            chunks.find((c) => c.facadeModuleId === moduleId) ??
            chunks.find((c) => c.moduleIds.includes(moduleId));
          if (!chunk) this.error(`route preloads: no chunk for ${moduleId}`);
          return chunk.fileName;
        };
        /** The module's own file, which only a dynamic import of it loads (see `chunkOf`). */
        const facadeOf = (moduleId: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId === moduleId);
          // Found in another chunk instead, it is announced nowhere: the frame named the
          // contracts' index after the app had moved to their schemas, and every signed-in page
          // fetched the schemas one round trip after its code had run (issue 31).
          if (!chunk) this.error(`route preloads: nothing imports ${moduleId} dynamically`);
          return chunk.fileName;
        };
        /** What `moduleId` asks for with `import()`, by module id. */
        const dynamicImportsOf = (moduleId: string) => {
          const info = this.getModuleInfo(moduleId);
          if (!info) this.error(`route preloads: no module ${moduleId}`);
          return info.dynamicallyImportedIds;
        };
        const frame = SIGNED_IN_FRAME.map(facadeOf);
        // Each catalogue's chunk per language, by the catalogue's folder.
        const catalogueChunks = new Map<string, Map<string, string>>();
        for (const chunk of chunks) {
          for (const id of chunk.moduleIds) {
            const match = CATALOGUE.exec(id) ?? CONTRACTS_CATALOGUE.exec(id);
            if (!match?.[1] || !match[2]) continue;
            const byLocale = catalogueChunks.get(match[1]) ?? new Map<string, string>();
            byLocale.set(match[2], chunk.fileName);
            catalogueChunks.set(match[1], byLocale);
          }
        }
        const folderOf = (suffix: string) =>
          [...catalogueChunks.keys()].find((folder) => folder.endsWith(suffix));
        /**
         * The catalogues a route's screen reads: the shared words, its feature's, and those whose
         * catalogue module sits in the route's own chunks (the signed-in frame's design system, a
         * shared component's), and those the route names in SCREEN_CATALOGUES. The entry's chunk
         * holds every feature's loader, so it is not read.
         */
        const cataloguesOf = (routeName: RouteName, screenFile: string, routeChunks: string[]) => {
          const folders = new Set<string>();
          const shared = folderOf('/src/i18n');
          if (shared) folders.add(shared);
          const feature = /^(.*\/src\/features\/[^/]+)\//.exec(screenFile)?.[1];
          if (feature && catalogueChunks.has(feature)) folders.add(feature);
          for (const folder of SCREEN_CATALOGUES[routeName] ?? []) {
            if (!catalogueChunks.has(folder)) this.error(`route preloads: no catalogue ${folder}`);
            folders.add(folder);
          }
          for (const fileName of routeChunks) {
            const file = bundle[fileName];
            if (file?.type !== 'chunk') continue;
            for (const id of file.moduleIds) {
              const folder = CATALOGUE.exec(id)?.[1];
              if (folder && catalogueChunks.has(folder)) folders.add(folder);
            }
          }
          return Object.fromEntries(
            supportedLocales.map((locale) => [
              locale,
              [...folders].flatMap((folder) => {
                const file = catalogueChunks.get(folder)?.get(locale);
                return file ? [`/${file}`] : [];
              }),
            ]),
          ) as Record<Locale, string[]>;
        };
        /** The route's answers; a `:name` in one must be the route's own parameter (the server fills it). */
        const answersOf = (route: (typeof routeTable)[number]) => {
          const answers = [
            ...(route.access === 'customer' ? SIGNED_IN_FRAME_ANSWERS : []),
            ...(SCREEN_ANSWERS[route.name] ?? []),
          ];
          const params = route.path.split('/').filter((segment) => segment.startsWith(':'));
          const unknown = answers.filter((answer) =>
            answer
              .split('/')
              .some((segment) => segment.startsWith(':') && !params.includes(segment)),
          );
          if (unknown.length > 0) {
            this.error(`route preloads: ${route.path} has no parameter for ${unknown.join(', ')}`);
          }
          return answers;
        };
        /** What a feature's screen loader imports for `route`: not its other screens' chunks. */
        const loaderImportsFor = (screenLoader: string, route: (typeof routeTable)[number]) => {
          const others = routeTable
            .filter((other) => screenLoaderOf(other.name) === screenLoader)
            .map((other) => withStaticImports(bundle, [chunkOf(screenFileOf(other.name))]));
          const own = withStaticImports(bundle, [chunkOf(screenFileOf(route.name))]);
          // A dynamic import whose chunk is another screen's and not this one's (the transactions
          // list's, on a transaction's page) is that screen's alone.
          return dynamicImportsOf(screenLoader).filter((id) => {
            const file = facadeOf(id);
            return own.has(file) || !others.some((chunks) => chunks.has(file));
          });
        };
        const table: RoutePreload[] = routeTable.map((route) => {
          const screenFile = screenFileOf(route.name);
          const screenLoader = screenLoaderOf(route.name);
          const screen = [
            chunkOf(screenFile),
            ...(screenLoader === undefined
              ? []
              : [screenLoader, ...loaderImportsFor(screenLoader, route)].map(facadeOf)),
          ];
          const roots = route.access === 'customer' ? [...frame, ...screen] : screen;
          const files = [...withStaticImports(bundle, roots)].filter((f) => !initial.has(f));
          const styles = files.flatMap((f) => {
            const file = bundle[f];
            return file?.type === 'chunk' ? [...(file.viteMetadata?.importedCss ?? [])] : [];
          });
          return {
            path: route.path,
            modules: files.map((f) => `/${f}`),
            styles: [...new Set(styles)].map((f) => `/${f}`),
            messages: cataloguesOf(route.name, screenFile, files),
            answers: answersOf(route),
          };
        });
        written = table;
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify(table, null, 2)}\n`,
        });
      },
    },
    /** Every file the table names is on disk: the server announces them, and a 404 costs a request. */
    writeBundle(options) {
      const missing = written
        .flatMap((route) => [
          ...route.modules,
          ...route.styles,
          ...Object.values(route.messages).flat(),
        ])
        .filter((file) => !fs.existsSync(path.join(options.dir ?? 'dist', file)));
      if (missing.length > 0) {
        this.error(
          `route preloads name files the build did not write: ${[...new Set(missing)].join(', ')}`,
        );
      }
      // Nor anything index.html already loads: announced again, it costs every route its bytes.
      const html = fs.readFileSync(path.join(options.dir ?? 'dist', 'index.html'), 'utf8');
      const repeated = written
        .flatMap((route) => route.modules)
        .filter((file) => html.includes(`"${file}"`));
      if (repeated.length > 0) {
        this.error(`route preloads repeat index.html's own: ${[...new Set(repeated)].join(', ')}`);
      }
    },
  };
}
