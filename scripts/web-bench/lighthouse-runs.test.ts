import { describe, expect, it } from 'vitest';
import { summarizeRuns, type LighthouseScores } from './lighthouse-runs.ts';

const run = (performance: number, tbt: number): LighthouseScores => ({
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcp: 900,
  lcp: 1_000 + tbt,
  tbt,
  cls: 0,
  runs: [performance],
  report: `{"run":${performance}}`,
});

describe('five Lighthouse runs of a page', () => {
  it('report the median run, the worst beside it, and the median of every run’s TBT', () => {
    const summary = summarizeRuns([
      run(97, 40),
      run(91, 300),
      run(99, 10),
      run(96, 60),
      run(98, 20),
    ]);
    expect(summary.performance).toBe(97);
    expect(summary.report).toBe('{"run":97}');
    expect(summary.runs).toEqual([97, 91, 99, 96, 98]);
    expect(summary.worst).toEqual({ performance: 91, fcp: 900, lcp: 1_300, tbt: 300, cls: 0 });
    expect(summary.medianTbt).toBe(40);
  });

  it('refuse to sum up no run', () => {
    expect(() => summarizeRuns([])).toThrow(/no Lighthouse run/);
  });
});
