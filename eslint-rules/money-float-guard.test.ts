import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The money modules' float guard as the repository's own ESLint configuration applies it
// (docs/decisions/0011-money-in-minor-units.md). It lints with the whole configuration, which
// takes seconds to load, so it runs here once, in the lint rules' project, and not again in the
// server's PostgreSQL pass, where it would only repeat itself.
describe('the float guard (eslint.config.js)', () => {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const eslint = new ESLint({ cwd: root });
  const violations = `
export function fee(amount: number, rate: string): number {
  const total = amount * 1.5;
  const parsed = parseFloat(rate);
  const n = Number(rate);
  const r = Math.round(total / parsed);
  return +r.toFixed(2) + n;
}
export const exact = (a: bigint, b: bigint): bigint => (a * b) / 10n;
`;

  async function guardMessages(file: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
    return (result?.messages ?? []).map((message) => ({
      line: message.line,
      rule: message.ruleId,
      id: message.messageId,
    }));
  }

  it.each(['apps/server/src/lib/money.ts', 'packages/contracts/src/money.ts'])(
    'fires on float arithmetic in %s, not on bigint arithmetic',
    async (file) => {
      const messages = await guardMessages(file, violations);
      expect(messages.every((message) => message.rule === 'money/no-float-arithmetic')).toBe(true);
      expect(messages.map(({ line, id }) => `${line}:${id}`)).toEqual([
        '3:operator', // amount * 1.5
        '3:literal', // 1.5
        '4:parse', // parseFloat
        '5:parse', // Number(rate)
        '6:math', // Math.round
        '6:operator', // total / parsed
        '7:unaryPlus', // +r…
        '7:numberFormat', // r.toFixed(2)
      ]);
      // Line 9, bigint × and ÷, is not reported.
    },
    120_000,
  );

  it('leaves other code alone', async () => {
    expect(await guardMessages('apps/server/src/lib/clock.ts', violations)).toEqual([]);
  }, 120_000);

  it('covers the money modules, not their tests', async () => {
    for (const module of [
      'quotes',
      'transfers',
      'payments',
      'ledger',
      'payouts',
      'pricing',
      'fx',
    ]) {
      const config = (await eslint.calculateConfigForFile(
        `${root}apps/server/src/modules/${module}/${module}.service.ts`,
      )) as { rules?: Record<string, unknown> };
      expect(config.rules?.['money/no-float-arithmetic'], module).toEqual([2]);
    }
    const test = (await eslint.calculateConfigForFile(
      `${root}apps/server/src/modules/quotes/quotes.test.ts`,
    )) as { rules?: Record<string, unknown> };
    expect(test.rules?.['money/no-float-arithmetic']).toBeUndefined();
  }, 120_000);

  it('passes the money modules as they are', async () => {
    const results = await eslint.lintFiles([
      `${root}apps/server/src/lib/money.ts`,
      `${root}packages/contracts/src/money.ts`,
    ]);
    expect(results.flatMap((result) => result.messages)).toEqual([]);
  }, 120_000);
});
