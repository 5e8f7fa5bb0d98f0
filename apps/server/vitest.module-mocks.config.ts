import { configDefaults, defineConfig } from 'vitest/config';
import server, { SERVER_TESTS_WITH_MODULE_MOCKS } from './vitest.config.ts';

/**
 * The server's test files that vi.mock a module, each with fresh modules: in the server project
 * a worker's files share their imports, where an earlier file would already hold the real one.
 */
export default defineConfig({
  ...server,
  test: {
    ...server.test,
    name: 'server-module-mocks',
    include: SERVER_TESTS_WITH_MODULE_MOCKS,
    exclude: configDefaults.exclude,
    isolate: true,
  },
});
