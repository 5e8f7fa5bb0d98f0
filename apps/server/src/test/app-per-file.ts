import { afterAll, beforeAll } from 'vitest';
import { expectLedgerHolds } from '../modules/ledger/ledger-test-kit.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** A test app the file's hooks open and close; the test files never close it themselves. */
export type FileTestApp = Omit<TestApp, 'close'>;

/**
 * One test app (and database) for the whole file: made in beforeAll, closed in afterAll. Its
 * members are read inside tests and hooks (before beforeAll has run there is no app yet).
 * `movesMoney`: before closing, `ledger:check` must find nothing wrong with what the file did
 * (issue 29: the harness proves the ledger after every file that moves money).
 */
export function appPerFile(options: TestAppOptions & { movesMoney?: boolean } = {}): FileTestApp {
  const { movesMoney = false, ...appOptions } = options;
  let created: TestApp | undefined;
  beforeAll(async () => {
    created = await createTestApp(appOptions);
  });
  afterAll(async () => {
    try {
      if (movesMoney && created) await expectLedgerHolds(created.app);
    } finally {
      await created?.close();
    }
  });
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
    get statements() {
      return current().statements;
    },
  };
}
