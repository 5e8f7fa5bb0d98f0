import type { Plugin } from 'vite';

const STUB = '\0corridor:mantine-css-variables';

/**
 * Leaves Mantine's writer of the theme's CSS variables out of the build. MantineProvider renders
 * it only with `withCssVariables`, which the app turns off (providers.tsx) because the build
 * writes the variables into the page (vite-theme-variables.ts); yet the provider imports it, so
 * it and the resolver it calls stayed in the entry chunk, unused: over a kilobyte of every first
 * load, in brotli. The build fails if Mantine stops importing it so (a new version).
 */
export function withoutMantineCssVariables(): Plugin {
  let replaced = false;
  return {
    name: 'corridor-without-mantine-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './MantineCssVariables/MantineCssVariables.mjs' &&
        importer?.endsWith('/@mantine/core/esm/core/MantineProvider/MantineProvider.mjs')
      ) {
        replaced = true;
        return STUB;
      }
      return null;
    },
    load(id) {
      return id === STUB ? 'export function MantineCssVariables() { return null; }' : null;
    },
    buildEnd() {
      if (!replaced) this.error('MantineProvider no longer imports MantineCssVariables.mjs');
    },
  };
}
