import { describe, expect, it } from 'vitest';

// Issue 13: what the sign-in page loads first is what the entry and the public screens import
// statically. TanStack Query and its cache belong to the signed-in screens only; the progress bar
// is our own. A dynamic import() is a separate chunk, loaded when called, so it is not followed.
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const firstLoadRoots = [
  '/src/main.tsx',
  '/src/app/router.tsx',
  '/src/app/providers.tsx',
  '/src/app/layouts/root-layout.tsx',
  '/src/app/layouts/public-layout.tsx',
  '/src/app/route-error.tsx',
  '/src/app/screens/not-found-screen.tsx',
  ...Object.keys(sources).filter((file) => file.startsWith('/src/features/accounts/screens/')),
];

const notInTheFirstLoad = ['@tanstack/react-query', '/src/lib/query-client.ts', 'nprogress'];

// `import … from '…'`, `export … from '…'` and `import '…'`, but not `import type` or
// `export type`, which leave nothing in the bundle.
const staticImport = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?'([^']+)'/gm;

/** The file `specifier` names from `file`, or the package name for a bare specifier. */
function resolve(file: string, specifier: string): string {
  let base: string;
  if (specifier.startsWith('@/')) base = `/src/${specifier.slice(2)}`;
  else if (specifier.startsWith('.')) base = new URL(specifier, `file://${file}`).pathname;
  else
    return specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
  return candidates.find((candidate) => candidate in sources) ?? base;
}

/** Every module the roots import statically, each with the chain of files that leads to it. */
function staticGraph(roots: string[]): Map<string, string[]> {
  const chains = new Map<string, string[]>(roots.map((root) => [root, [root]]));
  const queue = [...roots];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const source = sources[file];
    if (source === undefined) continue;
    for (const [, specifier] of source.matchAll(staticImport)) {
      const target = resolve(file, specifier ?? '');
      if (chains.has(target)) continue;
      chains.set(target, [...(chains.get(file) ?? []), target]);
      queue.push(target);
    }
  }
  return chains;
}

describe('the first load of the public screens', () => {
  const graph = staticGraph(firstLoadRoots);

  it('reads the source it checks', () => {
    expect(graph.has('/src/features/accounts/screens/sign-in-screen.tsx')).toBe(true);
    expect(graph.has('/src/lib/progress.ts')).toBe(true);
    expect(graph.has('react-router')).toBe(true);
  });

  it.each(notInTheFirstLoad)('does not import %s', (module) => {
    expect(graph.get(module)).toBeUndefined();
  });
});

describe('the entry chunk (what every page loads before any screen)', () => {
  const graph = staticGraph(['/src/main.tsx']);

  it('reads the source it checks', () => {
    expect(graph.has('/src/app/router.tsx')).toBe(true);
    expect(graph.has('/src/features/accounts/index.ts')).toBe(true);
  });

  // A feature's parts.ts is for lazily loaded code: reached statically from the entry, every
  // part other screens render (with their Mantine components) would ride in the first load.
  it('never reaches a feature’s parts.ts', () => {
    const reached = [...graph.keys()].filter((file) =>
      /^\/src\/features\/[^/]+\/parts\.ts$/.test(file),
    );
    expect(reached.map((file) => graph.get(file)?.join(' → '))).toEqual([]);
  });
});

describe('the dashboard’s first load (the signed-in frame and the calculator)', () => {
  const graph = staticGraph([
    '/src/app/layouts/signed-in-layout.tsx',
    '/src/app/session.ts',
    '/src/features/dashboard/screens/dashboard-screen.tsx',
  ]);

  it('reads the source it checks', () => {
    expect(graph.has('/src/ui/search-select.tsx')).toBe(true);
  });

  // Its pickers' list is a dialog (Mantine's Modal, a focus trap, a scroll lock: about 20 KB),
  // loaded once the screen is up (ui/search-select.tsx).
  it('does not carry the pickers’ dialog', () => {
    expect(graph.get('/src/ui/search-select-dialog.tsx')).toBeUndefined();
  });
});
