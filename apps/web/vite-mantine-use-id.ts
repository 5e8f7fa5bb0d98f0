import type { Plugin } from 'vite';

const STUB = '\0corridor:mantine-use-id';

/**
 * Mantine's `useId` as React's alone. Mantine's own (in @mantine/hooks) renders with React's id,
 * then sets a random one in a layout effect, even when it is given an id, so every component that
 * calls it (inputs, labels, checkboxes, modals: 41 in @mantine/core) renders twice on mount, the
 * second time synchronously inside React's commit: on a phone the dashboard's longest task after
 * its first paint (docs/performance.md, issue 31). React's `useId` is already stable between the
 * prerendered page and the browser, which is what the random id was for; the first render's id
 * is unchanged. The build fails if Mantine stops importing the file so (a new version).
 */
export const MANTINE_USE_ID = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}`;

export function mantineUseIdWithoutRerender(): Plugin {
  let replaced = false;
  return {
    name: 'corridor-mantine-use-id',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './use-id/use-id.mjs' && importer?.endsWith('/@mantine/hooks/esm/index.mjs')) {
        replaced = true;
        return STUB;
      }
      return null;
    },
    load(id) {
      return id === STUB ? MANTINE_USE_ID : null;
    },
    buildEnd() {
      if (!replaced) this.error('@mantine/hooks no longer imports use-id/use-id.mjs');
    },
  };
}
