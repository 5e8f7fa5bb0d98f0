import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's own configuration, with only the folder-layers rule reporting. */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.js'),
  ruleFilter: ({ ruleId }) => ruleId === 'layers/folder-layers',
});

/** What the rule says about `code` as the server file `file` (the file need not exist). */
async function layerReports(file: string, code: string) {
  const [result] = await eslint.lintText(code, {
    filePath: path.join(root, 'apps/server/src', file),
  });
  return (result?.messages ?? []).map(({ ruleId, messageId, message }) => ({
    ruleId,
    messageId,
    message,
  }));
}

describe('layers/folder-layers on apps/server/src', () => {
  it.each([
    [
      'lib/',
      'lib/fixture.ts',
      "import { createAccountsModule } from '../modules/accounts/index.ts';",
    ],
    ['db/', 'db/fixture.ts', "import type { Jobs } from '../jobs/index.ts';"],
    ['jobs/', 'jobs/fixture.ts', "export { createOutbox } from '../outbox/index.ts';"],
    [
      'modules/',
      'modules/countries/fixture.ts',
      "import type { Assembly } from '../../app/assembly.ts';",
    ],
    ['app.ts', 'app.ts', "import type { OpsHandlers } from './cli/ops-execute.ts';"],
    ['app/', 'app/fixture.ts', "export const ops = () => import('../cli/ops.ts');"],
  ])('refuses an import of a higher layer from %s', async (_, file, code) => {
    const reports = await layerReports(file, code);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ ruleId: 'layers/folder-layers', messageId: 'upward' });
    expect(reports[0]?.message).toContain('is a higher layer');
  });

  it('names both folders and the whole order in what it says', async () => {
    const [report] = await layerReports(
      'lib/fixture.ts',
      "import { createAccountsModule } from '../modules/accounts/index.ts';",
    );
    expect(report?.message).toBe(
      'lib/ must not import modules/: it is a higher layer. Layers, bottom first: config/ → i18n/ → ' +
        'errors/ → db/ → lib/ → jobs/ → outbox/ → plugins/ → modules/ → app/ app.ts → cli/ → ' +
        'main.ts worker.ts.',
    );
  });

  it('refuses a folder with no place in the order, and the test harness outside tests', async () => {
    const unplaced = await layerReports('reports/fixture.ts', "import '../lib/clock.ts';");
    expect(unplaced).toMatchObject([{ messageId: 'unplaced' }]);
    expect(unplaced[0]?.message).toContain('reports/ has no place in the folder layers');
    const harness = await layerReports('plugins/fixture.ts', "import '../test/clock.ts';");
    expect(harness).toMatchObject([{ messageId: 'unplaced' }]);
    expect(harness[0]?.message).toContain('test/ has no place');
  });

  it.each([
    ['outbox/ on jobs/', 'outbox/fixture.ts', "import { defineJob } from '../jobs/index.ts';"],
    [
      'a module on everything below it',
      'modules/countries/fixture.ts',
      [
        "import type { Config } from '../../config/index.ts';",
        "import type { Database } from '../../db/database.ts';",
        "import type { Clock } from '../../lib/clock.ts';",
        "import type { Outbox } from '../../outbox/index.ts';",
        "import { idempotencyPlugin } from '../../plugins/idempotency.ts';",
        "import type { Jobs } from '../../jobs/index.ts';",
        "import type { SessionService } from '../sessions/index.ts';",
        "import { z } from 'zod';",
      ].join('\n'),
    ],
    ['app/ on the modules', 'app/fixture.ts', "import '../modules/countries/index.ts';"],
    ['app.ts on app/', 'app.ts', "import { assemble } from './app/assembly.ts';"],
    ['cli/ on app/', 'cli/fixture.ts', "import type { OpsHandlers } from '../app/assembly.ts';"],
    ['main.ts on cli/', 'main.ts', "import { executeOpsRequest } from './cli/ops-execute.ts';"],
    [
      'a test on app/ and test/',
      'lib/fixture.test.ts',
      "import '../app/assembly.ts';\nimport '../test/clock.ts';",
    ],
    [
      'a test kit on test/',
      'modules/countries/countries-test-kit.ts',
      "import '../../test/clock.ts';",
    ],
  ])('lets %s be', async (_, file, code) => {
    expect(await layerReports(file, code)).toEqual([]);
  });
});
