import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import webConfig, { WEB_TESTS_WITH_MODULE_MOCKS } from './vite.config.ts';

/**
 * The web's test files that vi.mock a module, each with fresh modules: in the web project a
 * worker's files share their imports, where the app would already hold the real module.
 */
export default defineConfig(async (env) => {
  const web = (await webConfig(env)) as ViteUserConfig;
  return {
    ...web,
    test: {
      ...web.test,
      name: 'web-module-mocks',
      include: WEB_TESTS_WITH_MODULE_MOCKS,
      exclude: configDefaults.exclude,
      isolate: true,
    },
  };
});
