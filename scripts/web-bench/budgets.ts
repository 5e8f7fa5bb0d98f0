// The web's performance budgets (issue 13) and the report that says what grew.
import fs from 'node:fs';
import path from 'node:path';
import type { LighthouseRuns } from './lighthouse-runs.ts';
import { PAGE_KINDS, pageBytes, type PageWeight } from './page-weight.ts';

/** Hard limits: a first load over its budget fails the build. */
export const BYTE_BUDGETS: Record<string, number> = {
  'sign-in': 120 * 1024,
  dashboard: 250 * 1024,
  // Issue 29: each money screen's first load within the dashboard's budget.
  transfer: 250 * 1024,
  pay: 250 * 1024,
  transactions: 250 * 1024,
  transaction: 250 * 1024,
};

/**
 * Lighthouse mobile performance (issue 13): a run below the floor fails, every run being held to
 * it (issue 31: the worst of five, not only the median); a median between floor and target is
 * reported. The dashboard's goal is 95, a floor since it holds.
 */
export const LIGHTHOUSE_GOALS: Record<string, { target: number; floor: number }> = {
  'sign-in': { target: 98, floor: 95 },
  dashboard: { target: 95, floor: 95 },
  transfer: { target: 95, floor: 95 },
  pay: { target: 95, floor: 95 },
  transactions: { target: 95, floor: 95 },
  transaction: { target: 95, floor: 95 },
};

/** The last accepted weights, per page and resource, to show what grew since. */
export const BASELINE_FILE = path.resolve(import.meta.dirname, 'baseline.json');
type Baseline = Record<string, Record<string, number>>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function readBaseline(): Baseline {
  try {
    return JSON.parse(fs.readFileSync(BASELINE_FILE, 'utf8')) as Baseline;
  } catch {
    return {};
  }
}

/**
 * A page's counted bytes by resource name. Names repeat once hashes are taken out (each feature's
 * `en.js` catalogue): they are summed, so the baseline keeps every one of them.
 */
export function bytesByName(weight: PageWeight): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const r of weight.resources) {
    if (PAGE_KINDS.has(r.kind)) sums[r.name] = (sums[r.name] ?? 0) + r.bodyBytes;
  }
  return sums;
}

export function writeBaseline(weights: PageWeight[]): void {
  const baseline: Baseline = {};
  for (const weight of weights) baseline[weight.page] = bytesByName(weight);
  fs.writeFileSync(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
}

/** Prints each page's resources with the change against the baseline; false when over budget. */
export function reportWeights(weights: PageWeight[]): boolean {
  const baseline = readBaseline();
  let withinBudget = true;
  for (const weight of weights) {
    const before = baseline[weight.page] ?? {};
    const total = pageBytes(weight);
    const budget = BYTE_BUDGETS[weight.page] ?? Infinity;
    const verdict = total <= budget ? 'within budget' : 'OVER BUDGET';
    if (total > budget) withinBudget = false;
    const requests = weight.resources.filter((r) => PAGE_KINDS.has(r.kind)).length;
    console.log(
      `\n${weight.page}: ${kb(total)} of ${kb(budget)} (compressed bodies of HTML, JS, CSS, ` +
        `fonts and images): ${verdict}\n  ${requests} requests, ` +
        `and ${kb(pageBytes(weight, 'headers'))} of response headers beside them`,
    );
    const now = bytesByName(weight);
    const compared = new Set<string>();
    for (const r of weight.resources) {
      const bytes = r.bodyBytes;
      const counted = PAGE_KINDS.has(r.kind);
      const was = before[r.name];
      // A repeated name is compared once, all its files together, on its largest row.
      const first = !compared.has(r.name);
      compared.add(r.name);
      const growth = (now[r.name] ?? 0) - (was ?? 0);
      const change = !counted
        ? '(not counted)'
        : !first
          ? ''
          : was === undefined
            ? '(new)'
            : growth > 256
              ? `(grew ${kb(growth)}${now[r.name] === bytes ? '' : `, all ${r.name} together`})`
              : '';
      console.log(
        `  ${kb(bytes).padStart(9)}  ${r.kind.padEnd(10)} ${r.encoding.padEnd(5)} ${r.name} ${change}`,
      );
    }
    const gone = Object.keys(before).filter(
      (name) => !weight.resources.some((r) => r.name === name),
    );
    for (const name of gone) console.log(`  ${'-'.padStart(9)}  (gone)      ${name}`);
  }
  return withinBudget;
}

/** Issue 31: the median run's total blocking time at most this, in milliseconds. */
export const MEDIAN_TBT_GOAL_MS = 100;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/**
 * Prints the Lighthouse figures, the median run's and the worst run's; false when a run falls
 * below the page's floor.
 */
export function reportLighthouse(page: string, scores: LighthouseRuns): boolean {
  const goal = LIGHTHOUSE_GOALS[page] ?? { target: 0, floor: 0 };
  const { worst } = scores;
  const verdict =
    worst.performance < goal.floor
      ? `A RUN BELOW THE FLOOR ${goal.floor}`
      : scores.performance >= goal.target
        ? 'target met'
        : `below the target ${goal.target}, above the floor ${goal.floor}`;
  const tbtVerdict = scores.medianTbt <= MEDIAN_TBT_GOAL_MS ? '' : ` (goal ${MEDIAN_TBT_GOAL_MS})`;
  console.log(
    `\n${page}: Lighthouse mobile performance ${scores.performance}, worst ${worst.performance} (runs ${scores.runs.join(', ')}): ${verdict}\n` +
      `  median run: FCP ${seconds(scores.fcp)}, LCP ${seconds(scores.lcp)}, ` +
      `TBT ${scores.tbt.toFixed(0)} ms, CLS ${scores.cls.toFixed(3)}; accessibility ${scores.accessibility}, ` +
      `best practices ${scores.bestPractices}, SEO ${scores.seo}\n` +
      `  worst run:  FCP ${seconds(worst.fcp)}, LCP ${seconds(worst.lcp)}, ` +
      `TBT ${worst.tbt.toFixed(0)} ms, CLS ${worst.cls.toFixed(3)}\n` +
      `  TBT's median over the runs: ${scores.medianTbt.toFixed(0)} ms${tbtVerdict}`,
  );
  return worst.performance >= goal.floor;
}
