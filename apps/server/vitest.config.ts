import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file boots its own database; PGlite start-up dominates, not the tests.
    testTimeout: 20_000,
    // Each file builds its own app, database and clock, so the files of a worker can share the
    // imported modules: re-importing the app for every file took 40 % of the suite's time.
    isolate: false,
    hookTimeout: 60_000,
  },
});
