// Lighthouse (from npm) on the system Chromium: the mobile preset, median of several runs.
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
    return {
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

/**
 * `runs` Lighthouse runs of `url`, each in a fresh Chromium; the run with the median
 * performance score, with every run's score beside it. TBT swings on two busy cores, so one
 * run says little.
 */
export async function lighthouseMedian(
  chromePath: string,
  url: string,
  options: { runs: number; cookies?: BrowserCookie[] },
): Promise<LighthouseScores> {
  const results: LighthouseScores[] = [];
  for (let i = 0; i < options.runs; i += 1) {
    results.push(await runOnce(chromePath, url, options.cookies ?? []));
  }
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return { ...median, runs: results.map((r) => r.performance) };
}
