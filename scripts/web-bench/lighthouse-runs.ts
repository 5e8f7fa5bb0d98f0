// Lighthouse (from npm) on the system Chromium: the mobile preset, the median and the worst of
// several runs.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import WebSocket from 'ws';
import { chromiumArgs } from '../chromium.mjs';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Every run's performance score, to show the spread. */
  runs: number[];
  /** The run's whole Lighthouse report (JSON), for `--save-reports`. */
  report: string;
  /**
   * Set when Lighthouse itself failed to record the load (its `runtimeError` is one of
   * TOOL_FAILURES): the run measured nothing of the page, so it is run again.
   */
  toolFailure?: string;
}

/**
 * Lighthouse's runtime errors that come from recording the trace, not from the page (a page that
 * never paints fails with NO_FCP or NO_LCP and keeps its 0). Seen here: NO_NAVSTART, once in
 * ten runs on a quiet machine.
 */
const TOOL_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);
/** How many tool failures a page's runs may meet before its runs count them as zeros. */
const TOOL_FAILURE_RETRIES = 2;

/** The figures of one run, beside the median's: the worst run is the one a floor is held to. */
export type RunFigures = Pick<LighthouseScores, 'performance' | 'fcp' | 'lcp' | 'tbt' | 'cls'>;

/** Several runs of a page: the run of the median score, the worst one, and TBT's median. */
export interface LighthouseRuns extends LighthouseScores {
  /** The run with the lowest performance score (the first of them on a tie). */
  worst: RunFigures;
  /** The median of every run's total blocking time, in milliseconds (issue 31's goal). */
  medianTbt: number;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

export interface BrowserCookie {
  name: string;
  value: string;
}

/**
 * Puts cookies in the browser's own jar through the DevTools protocol, as a signed-in browser
 * has them: the page's script reads XSRF-TOKEN, and the realtime socket sends the session.
 * (Lighthouse's extraHeaders would reach the HTTP requests only.)
 */
async function setCookies(port: number, url: string, cookies: BrowserCookie[]): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const answered = new Promise<void>((resolve, reject) =>
    socket.once('message', (raw: Buffer) => {
      const reply = JSON.parse(raw.toString()) as { error?: { message: string } };
      if (reply.error) reject(new Error(`Storage.setCookies: ${reply.error.message}`));
      else resolve();
    }),
  );
  const params = { cookies: cookies.map((cookie) => ({ ...cookie, url })) };
  socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params }));
  await answered;
  socket.close();
}

async function runOnce(
  chromePath: string,
  url: string,
  cookies: BrowserCookie[],
  /**
   * `devtools`: the browser itself slowed (4× CPU through the DevTools protocol, and the preset's
   * network), so the trace's tasks are as long as a phone's; the default simulates that from a
   * run at full speed (Lantern), which gives the scores but not tasks that long.
   */
  throttlingMethod: 'simulate' | 'devtools' = 'simulate',
): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  try {
    if (cookies.length > 0) await setCookies(chrome.port, url, cookies);
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      // A fresh browser has nothing cached; keep the cookies just set.
      disableStorageReset: cookies.length > 0,
      throttlingMethod,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    const metric = (id: string) => audits[id]?.numericValue ?? NaN;
    const performance = score(categories['performance']?.score);
    const performanceScore = categories['performance']?.score;
    if (performanceScore === null || performanceScore === undefined) {
      // A metric Lighthouse could not compute leaves the category without a score (0 here).
      const failed = Object.values(audits).find((audit) => audit.errorMessage);
      const reason = result.lhr.runtimeError?.message ?? failed?.errorMessage ?? 'not said';
      console.warn(`  a run of ${url} has no performance score: ${reason}`);
    }
    const runtimeCode = result.lhr.runtimeError?.code;
    return {
      ...(runtimeCode && TOOL_FAILURES.has(runtimeCode) ? { toolFailure: runtimeCode } : {}),
      performance,
      accessibility: score(categories['accessibility']?.score),
      bestPractices: score(categories['best-practices']?.score),
      seo: score(categories['seo']?.score),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      runs: [performance],
      report: JSON.stringify(result.lhr),
    };
  } finally {
    chrome.kill();
  }
}

/** The middle value of `values` (the upper one of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('no value to take the median of');
  return middle;
}

/** `results` (one a run, in order) summed up: the median run's figures, the worst's, TBT's median. */
export function summarizeRuns(results: readonly LighthouseScores[]): LighthouseRuns {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  const middle = sorted[Math.floor(sorted.length / 2)];
  const worst = sorted[0];
  if (!middle || !worst) throw new Error('no Lighthouse run');
  const { performance, fcp, lcp, tbt, cls } = worst;
  return {
    ...middle,
    runs: results.map((r) => r.performance),
    worst: { performance, fcp, lcp, tbt, cls },
    medianTbt: median(results.map((r) => r.tbt)),
  };
}

/**
 * `runs` Lighthouse runs of `url`, each in a fresh Chromium: the run with the median
 * performance score, the worst run beside it (a floor holds for every run, issue 31), and every
 * run's score. TBT swings on two busy cores, so one run says little.
 */
export async function lighthouseRuns(
  chromePath: string,
  url: string,
  options: { runs: number; cookies?: BrowserCookie[] },
): Promise<LighthouseRuns> {
  const results: LighthouseScores[] = [];
  let retries = TOOL_FAILURE_RETRIES;
  while (results.length < options.runs) {
    const result = await runOnce(chromePath, url, options.cookies ?? []);
    if (result.toolFailure && retries > 0) {
      retries -= 1;
      console.warn(`  Lighthouse failed to record the load (${result.toolFailure}): run again`);
      continue;
    }
    results.push(result);
  }
  return summarizeRuns(results);
}

/** One task of the page's main thread that took 50 ms or more, as Lighthouse's trace saw it. */
export interface LongTask {
  /** The script it is attributed to (the document's URL, or "Unattributable"). */
  url: string;
  /** Milliseconds from the navigation's start. */
  startTime: number;
  duration: number;
}

/** The main thread of one traced load: its long tasks, and its time by kind of work. */
export interface MainThreadTrace {
  longTasks: LongTask[];
  /** Milliseconds by group (script evaluation, style and layout, parsing…). */
  byGroup: Record<string, number>;
  /** Milliseconds of script evaluation by script. */
  byScript: Record<string, number>;
  tbt: number;
}

interface AuditItems {
  details?: { items?: Record<string, unknown>[] };
}

const itemsOf = (audit: unknown): Record<string, unknown>[] =>
  (audit as AuditItems | undefined)?.details?.items ?? [];

/**
 * One load of `url` in a browser really slowed 4× (issue 31): the main thread's long tasks and
 * where its time went, from Lighthouse's own trace (its long-tasks, mainthread-work-breakdown
 * and bootup-time audits).
 */
export async function traceMainThread(
  chromePath: string,
  url: string,
  cookies: BrowserCookie[] = [],
): Promise<MainThreadTrace> {
  const run = await runOnce(chromePath, url, cookies, 'devtools');
  const { audits } = JSON.parse(run.report) as { audits: Record<string, unknown> };
  const number = (value: unknown) => (typeof value === 'number' ? value : 0);
  return {
    longTasks: itemsOf(audits['long-tasks']).map((item) => ({
      url: String(item['url']),
      startTime: number(item['startTime']),
      duration: number(item['duration']),
    })),
    byGroup: Object.fromEntries(
      itemsOf(audits['mainthread-work-breakdown']).map((item) => [
        String(item['groupLabel'] ?? item['group']),
        number(item['duration']),
      ]),
    ),
    byScript: Object.fromEntries(
      itemsOf(audits['bootup-time']).map((item) => [
        String(item['url']),
        number(item['scripting']),
      ]),
    ),
    tbt: run.tbt,
  };
}
