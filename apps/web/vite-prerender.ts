import { createServer, type InlineConfig, type Plugin } from 'vite';
import { supportedLocales, type Locale } from '../../packages/contracts/src/locales.ts';
import { routeTable, type RouteName } from './src/config/routes.ts';
import { SIGN_IN, START_AFTER_FIRST_PAINT } from './vite-app-shape.ts';

/** Where the build leaves the prerendered screens; the server reads it (spa-route-pages.ts). */
export const PRERENDERED_FILE = '.vite/prerendered.json';

/**
 * The screens rendered into their page: those that need no data and no session. Sign-in, the
 * first screen of nearly every visit, with the tightest budget (issue 13).
 */
const PRERENDERED_ROUTES: readonly RouteName[] = [SIGN_IN];

/** A route's markup of `#root`, in each language. */
export interface PrerenderedRoute {
  path: string;
  markup: Record<Locale, string>;
}

/** What the server needs to send a prerendered screen. */
export interface Prerendered {
  /** The URL of the page's one script (src/start-after-first-paint.ts). */
  script: string;
  routes: PrerenderedRoute[];
}

interface RenderModule {
  renderRoute(path: string, locale: Locale): Promise<string>;
}

/**
 * Renders `PRERENDERED_ROUTES` with the app's own code under Node (src/app/prerender.tsx), in
 * every language, and writes the markup beside the route preloads. The server puts it into the
 * route's page for a request without a query (spa-route-pages.ts), and the app hydrates it
 * (main.tsx): the screen paints as soon as the page and its stylesheets have arrived, before
 * any script (issue 13's largest paint). That page's one script is the bundle's chunk of
 * src/start-after-first-paint.ts, which starts the app's after the first paint (decision 28).
 */
export function prerender(app: InlineConfig): Plugin {
  return {
    name: 'corridor-prerender',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const script = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.facadeModuleId === START_AFTER_FIRST_PAINT,
      );
      if (script === undefined) this.error(`prerender: no chunk for ${START_AFTER_FIRST_PAINT}`);
      const server = await createServer({
        ...app,
        configFile: false,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        // Mantine's packages and ours go through Vite, as in the browser build (CSS imports
        // dropped, `@/` resolved).
        ssr: { noExternal: [/^@mantine\//, /^@corridor\//] },
      });
      try {
        const module = (await server.ssrLoadModule('/src/app/prerender.tsx')) as RenderModule;
        const routes: PrerenderedRoute[] = [];
        for (const name of PRERENDERED_ROUTES) {
          const path = routeTable.find((route) => route.name === name)?.path;
          if (path === undefined || path.includes(':')) {
            throw new Error(`${name}: only a route without parameters can be prerendered`);
          }
          const markup: Partial<Record<Locale, string>> = {};
          // One language after the other: the render reads the language from the app's store.
          for (const locale of supportedLocales) {
            markup[locale] = await module.renderRoute(path, locale);
          }
          routes.push({ path, markup: markup as Record<Locale, string> });
        }
        const prerendered: Prerendered = { script: `/${script.fileName}`, routes };
        this.emitFile({
          type: 'asset',
          fileName: PRERENDERED_FILE,
          source: JSON.stringify(prerendered, null, 2),
        });
      } finally {
        await server.close();
      }
    },
  };
}
