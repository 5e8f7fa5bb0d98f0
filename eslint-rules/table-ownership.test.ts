import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import tableOwnership, { ownerOf } from './table-ownership.js';

const server = path.resolve(import.meta.dirname, '../apps/server/src');
const at = (file: string) => path.join(server, file);

/** The problems the rule reports for `code`, linted as the server file `file`. */
function lint(file: string, code: string) {
  const linter = new Linter({ configType: 'flat' });
  const config = {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { tables: { rules: { ownership: tableOwnership } } },
    rules: { 'tables/ownership': 'error' },
  } as Linter.Config;
  return linter.verify(code, [config], { filename: at(file) });
}

describe('the table-ownership rule (decision 30)', () => {
  it("refuses another module's tables, in a repository, a service or a route", () => {
    for (const file of [
      'modules/onboarding/onboarding.repository.ts',
      'modules/onboarding/onboarding.service.ts',
      'modules/quotes/quotes.routes.ts',
    ]) {
      const messages = lint(
        file,
        "import { customers } from '../customers/customers.schema.ts';\nexport const table = customers;\n",
      );
      expect(messages.map((message) => [message.ruleId, message.line])).toEqual([
        ['tables/ownership', 1],
      ]);
      expect(messages[0]?.message).toContain('holds tables of `customers`');
    }
  });

  it('refuses re-exports and dynamic imports of them too', () => {
    const messages = lint(
      'modules/documents/review/review.repository.ts',
      "export { accounts } from '../../accounts/accounts.schema.ts';\nexport const load = () => import('../../customers/customers.schema.ts');\n",
    );
    expect(messages.map((message) => message.ruleId)).toEqual([
      'tables/ownership',
      'tables/ownership',
    ]);
  });

  it("refuses a module's tables to platform code, and a platform part's to a module", () => {
    expect(
      lint(
        'plugins/idempotency.ts',
        "import { customers } from '../modules/customers/customers.schema.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      lint(
        'modules/documents/documents.repository.ts',
        "import { outboxMessages } from '../../outbox/outbox.schema.ts';\n",
      ),
    ).toHaveLength(1);
  });

  it("lets the owner's own files import its tables, from any of its folders", () => {
    expect(
      lint(
        'modules/customers/customer.repository.ts',
        "import { customers } from './customers.schema.ts';\n",
      ),
    ).toEqual([]);
    expect(
      lint(
        'modules/documents/review/review.repository.ts',
        "import { customerDocuments } from '../documents.schema.ts';\n",
      ),
    ).toEqual([]);
    expect(
      lint('outbox/outbox.repository.ts', "import { outboxMessages } from './outbox.schema.ts';\n"),
    ).toEqual([]);
  });

  it("lets a schema name another owner's table for its foreign keys", () => {
    expect(
      lint(
        'modules/quotes/quotes.schema.ts',
        "import { customers } from '../customers/customers.schema.ts';\n",
      ),
    ).toEqual([]);
  });

  it('ignores imports that are no schema', () => {
    expect(
      lint(
        'modules/onboarding/onboarding.service.ts',
        "import type { CustomerService } from '../customers/index.ts';\n",
      ),
    ).toEqual([]);
  });

  it('names the module as the owner, wherever its schema sits', () => {
    expect(ownerOf(at('modules/documents/review/review.schema.ts'))).toBe(at('modules/documents'));
    expect(ownerOf(at('jobs/scheduled-jobs.schema.ts'))).toBe(at('jobs'));
  });
});
