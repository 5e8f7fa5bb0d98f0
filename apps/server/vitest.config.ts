import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file boots its own database; PGlite start-up dominates, not the tests.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
