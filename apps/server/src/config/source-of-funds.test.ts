import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('SOF_THRESHOLDS', () => {
  it('defaults to about £5,000 in each source currency, in minor units', () => {
    expect(Object.fromEntries(loadConfig({}).sofThresholds)).toEqual({
      GBP: 500_000n,
      EUR: 600_000n,
      USD: 650_000n,
      CAD: 900_000n,
      AUD: 1_000_000n,
    });
  });

  it('takes CUR:minor entries; a currency left out keeps its default', () => {
    const { sofThresholds } = loadConfig({ SOF_THRESHOLDS: 'GBP:250000, USD:1' });
    expect(sofThresholds.get('GBP')).toBe(250_000n);
    expect(sofThresholds.get('USD')).toBe(1n);
    expect(sofThresholds.get('EUR')).toBe(600_000n);
  });

  it('names a bad entry: not a source currency, not whole minor units', () => {
    for (const value of ['JPY:1000', 'GBP:12.50', 'GBP', 'gbp:100', 'GBP:0']) {
      const [problem] = problemsOf({ SOF_THRESHOLDS: value });
      expect(problem, value).toMatch(/^SOF_THRESHOLDS: ".+" is not CUR:amount/);
    }
  });
});
