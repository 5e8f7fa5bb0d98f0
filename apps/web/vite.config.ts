import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { InlineConfig } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { START_AFTER_FIRST_PAINT } from './vite-app-shape.ts';
import { planCodeSplitting } from './vite-chunking.ts';
import { htmlWithoutComments } from './vite-html-comments.ts';
import { withoutMantineCssVariables } from './vite-mantine-css-variables.ts';
import { mantineUseIdWithoutRerender } from './vite-mantine-use-id.ts';
import { precompress } from './vite-precompress.ts';
import { prerender } from './vite-prerender.ts';
import { routePreloads } from './vite-route-preloads.ts';
import { stylesAfterShell } from './vite-styles-after-shell.ts';
import { themeVariables } from './vite-theme-variables.ts';

/** Test files that vi.mock a module the app imports: a shared module cache would skip the mock. */
export const WEB_TESTS_WITH_MODULE_MOCKS = ['src/app/layouts/root-layout.test.tsx'];

const api = 'http://127.0.0.1:8080';

// Paths the API server owns. Anchored patterns (keys starting with ^ are regular expressions), so
// that SPA routes sharing a prefix, such as /devices against /dev/, stay with the SPA.
const proxy = {
  '^/client/': api,
  '^/sanctum/': api,
  '^/broadcasting/': api,
  '^/dev/': api,
  '^/docs(/|\\?|$)': api,
  '^/healthz(\\?|$)': api,
  '^/readyz(\\?|$)': api,
  '^/app/': { target: api, ws: true },
  // Signed uploads to the local document folder, and the sandbox providers' pages.
  '^/storage/': api,
  '^/sandbox/': api,
};

/** What the app's build and the chunking's first, in-memory build (vite-chunking.ts) share. */
const app = {
  root: import.meta.dirname,
  plugins: [react(), themeVariables(), withoutMantineCssVariables(), mantineUseIdWithoutRerender()],
  resolve: {
    // `@/…` is `src/…`, as in tsconfig.json's paths; the web Vitest project uses this config too.
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
} satisfies InlineConfig;

export default defineConfig(async ({ command }) => ({
  ...app,
  plugins: [
    ...app.plugins,
    htmlWithoutComments(),
    stylesAfterShell(),
    routePreloads(),
    prerender(app),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Planned on a first build: only `vite build` needs it (not the dev server, nor Vitest).
    rolldownOptions:
      command === 'build'
        ? {
            // The page of a prerendered screen loads this script alone (vite-prerender.ts).
            input: [
              fileURLToPath(new URL('./index.html', import.meta.url)),
              START_AFTER_FIRST_PAINT,
            ],
            output: { codeSplitting: await planCodeSplitting(app) },
          }
        : {},
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    proxy,
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The files share their worker's imports, as the server's do; those that replace a module
    // with vi.mock run apart, with fresh modules (vitest.module-mocks.config.ts).
    exclude: [...configDefaults.exclude, ...WEB_TESTS_WITH_MODULE_MOCKS],
    isolate: false,
    setupFiles: ['./src/test/setup.ts'],
    // Form tests type and pick options through userEvent; on a busy machine (CI, parallel
    // builds) some take several seconds, and the 5 s default failed them spuriously.
    testTimeout: 15_000,
  },
}));
