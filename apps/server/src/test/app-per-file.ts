import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** A test app the file's hooks open and close; the test files never close it themselves. */
export type FileTestApp = Omit<TestApp, 'close'>;

/**
 * One test app (and database) for the whole file: made in beforeAll, closed in afterAll. Its
 * members are read inside tests and hooks (before beforeAll has run there is no app yet).
 */
export function appPerFile(options: TestAppOptions = {}): FileTestApp {
  let created: TestApp | undefined;
  beforeAll(async () => {
    created = await createTestApp(options);
  });
  afterAll(() => created?.close());
  const current = (): TestApp => {
    if (!created) throw new Error('the test app is made in beforeAll: read it in a test or hook');
    return created;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    logs: () => current().logs(),
  };
}
