import { defineConfig } from 'vitest/config';

// One runner, three projects: each workspace keeps its own environment and set-up.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
