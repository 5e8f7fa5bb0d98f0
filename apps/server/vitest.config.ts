import { configDefaults, defineConfig } from 'vitest/config';

/** Test files that vi.mock a module the app imports: a shared module cache would skip the mock. */
export const SERVER_TESTS_WITH_MODULE_MOCKS = [
  'src/api-fuzz.test.ts',
  'src/modules/sessions/route-access.test.ts',
];

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...SERVER_TESTS_WITH_MODULE_MOCKS],
    globalSetup: ['src/test/global-setup.ts'],
    // A guard against a hang, not a promise of speed: on a busy 2-core CI machine (the PGlite and
    // PostgreSQL passes side by side) a test that signs up and signs in (argon2, 64 MiB each)
    // took over 20 s. Condition waits end sooner (test/wait-for.ts), with a clearer message.
    testTimeout: 60_000,
    // Each file builds its own app, database and clock, so the files of a worker can share the
    // imported modules: re-importing the app for every file took 40 % of the suite's time. A file
    // that mocks a module runs apart, isolated (vitest.module-mocks.config.ts).
    isolate: false,
    // A file's beforeAll builds its database and apps: seconds each on a busy machine.
    hookTimeout: 120_000,
  },
});
