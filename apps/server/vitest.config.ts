import { configDefaults, defineConfig } from 'vitest/config';

/** Test files that vi.mock a module the app imports: a shared module cache would skip the mock. */
export const SERVER_TESTS_WITH_MODULE_MOCKS = ['src/api-fuzz.test.ts'];

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...SERVER_TESTS_WITH_MODULE_MOCKS],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file boots its own database; PGlite start-up dominates, not the tests.
    testTimeout: 20_000,
    // Each file builds its own app, database and clock, so the files of a worker can share the
    // imported modules: re-importing the app for every file took 40 % of the suite's time. A file
    // that mocks a module runs apart, isolated (vitest.module-mocks.config.ts).
    isolate: false,
    hookTimeout: 60_000,
  },
});
