import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, a project per workspace, each with its own environment and set-up; the files that
// mock a module run apart, isolated (each workspace's vitest.module-mocks.config.ts).
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/server/vitest.module-mocks.config.ts',
      'apps/web',
      'apps/web/vitest.module-mocks.config.ts',
      'eslint-rules',
      'scripts',
    ],
    // Vitest's default is one worker fewer than the cores: on the 2-core machines CI runs on,
    // one file at a time, while most server files wait on PGlite start-up, sockets and child
    // processes. Two keep both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
