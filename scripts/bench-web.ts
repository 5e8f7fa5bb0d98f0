// `npm run bench:web`: builds the web app, serves it with the real server (`npm start` on a fresh
// embedded database), weighs the first load of sign-in, the dashboard and the money screens (the
// transfer wizard, payment, transactions, a transaction) in Chromium at a phone viewport with
// nothing cached, and runs Lighthouse's mobile preset on each 5 times: the median run and the
// worst beside it, every run held to the page's floor (issue 31).
//   --bytes-only      the byte budget alone (what .ci/run checks): no Lighthouse
//   --no-build        use the build already in apps/web/dist
//   --update-baseline record these weights as the ones later runs compare with
//   --save-reports    keep each page's median Lighthouse report (JSON, with its trace's audits)
//   --trace           instead of the Lighthouse scores, load each page once in a browser slowed 4×
//                     and print its main thread's long tasks and time by kind (issue 31)
//   --page <name>     weigh and run Lighthouse on the named page only (repeatable; names as in
//                     `pages` below, e.g. `--page transactions --page pay`), to study one page
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {
  freePort,
  killRunningServers,
  startServer,
} from '../apps/server/src/test/server-process.ts';
import { ensureChromium } from './chromium.mjs';
import { reportLighthouse, reportWeights, writeBaseline } from './web-bench/budgets.ts';
import { lighthouseRuns, traceMainThread } from './web-bench/lighthouse-runs.ts';
import { weighPages } from './web-bench/page-weight.ts';
import { sendingCustomer } from './web-bench/sending-customer.ts';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flags = new Set(args);
// The value after each `--page`; none means every page.
const onlyPages = args.flatMap((arg, i) => (arg === '--page' ? [args[i + 1] ?? ''] : []));
if (onlyPages.length > 0 && flags.has('--update-baseline')) {
  // A baseline of some pages would drop the others' weights.
  console.error('bench:web: --update-baseline records every page; it cannot go with --page.');
  process.exit(1);
}
const LIGHTHOUSE_RUNS = 5;

if (!flags.has('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const chromePath = ensureChromium();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-bench-web-'));
let failed = false;
try {
  const port = await freePort();
  const server = startServer({
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
    // The customer's ID is approved by the sandbox reviewer: at once, not after 5 s.
    DOCUMENT_REVIEW_DELAY_SECONDS: '0',
  });
  await server.ready;
  const origin = `http://127.0.0.1:${port}`;
  const customer = await sendingCustomer(origin);
  const { cookies } = customer;
  // Each `readyText` is drawn by its loaded screen alone (not by a loading state or the frame).
  const allPages = [
    { page: 'sign-in', url: '/', readyText: 'Continue' },
    { page: 'dashboard', url: '/dashboard', readyText: 'Dashboard', cookies },
    {
      page: 'transfer',
      url: `/transfer/${customer.quoteId}`,
      readyText: 'Check every cost and detail before you confirm.',
      cookies,
    },
    {
      page: 'pay',
      url: `/pay/${customer.transactionId}`,
      readyText: 'Make the bank transfer first, then tell us here.',
      cookies,
    },
    { page: 'transactions', url: '/transactions', readyText: 'They get', cookies },
    {
      page: 'transaction',
      url: `/transaction/${customer.transactionId}`,
      readyText: `Transfer ${customer.transactionNumber}`,
      cookies,
    },
  ];
  const unknown = onlyPages.filter((name) => !allPages.some(({ page }) => page === name));
  if (unknown.length > 0) {
    throw new Error(`--page ${unknown.join(', ')}: not one of ${allPages.map((p) => p.page)}`);
  }
  const pages =
    onlyPages.length === 0 ? allPages : allPages.filter(({ page }) => onlyPages.includes(page));

  const weights = await weighPages(chromePath, origin, pages);
  if (!reportWeights(weights)) failed = true;
  if (flags.has('--update-baseline')) writeBaseline(weights);

  if (flags.has('--trace')) {
    for (const { page, url, cookies: pageCookies = [] } of pages) {
      const trace = await traceMainThread(chromePath, `${origin}${url}`, pageCookies);
      const total = trace.longTasks.reduce((sum, task) => sum + task.duration, 0);
      const name = (file: string) => file.replace(origin, '');
      console.log(
        `\n${page} at 4× CPU: ${trace.longTasks.length} long tasks, ${total.toFixed(0)} ms, TBT ${trace.tbt.toFixed(0)} ms`,
      );
      for (const task of trace.longTasks) {
        console.log(
          `  ${task.duration.toFixed(0).padStart(5)} ms at ${task.startTime.toFixed(0).padStart(5)} ms  ${name(task.url)}`,
        );
      }
      const ms = (entries: Record<string, number>) =>
        Object.entries(entries)
          .sort(([, a], [, b]) => b - a)
          .map(([key, value]) => `${name(key)} ${value.toFixed(0)}`)
          .join(', ');
      console.log(`  by kind (ms): ${ms(trace.byGroup)}`);
      console.log(`  script evaluation (ms): ${ms(trace.byScript)}`);
    }
  } else if (!flags.has('--bytes-only')) {
    for (const { page, url, cookies: pageCookies = [] } of pages) {
      const scores = await lighthouseRuns(chromePath, `${origin}${url}`, {
        runs: LIGHTHOUSE_RUNS,
        cookies: pageCookies,
      });
      if (!reportLighthouse(page, scores)) failed = true;
      if (flags.has('--save-reports')) {
        const file = path.join(root, 'bench-reports', `lighthouse-${page}.json`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, scores.report);
        console.log(`  report: ${path.relative(root, file)}`);
      }
    }
  }
  console.log(`\n${os.cpus().length} cores, Node ${process.version}`);
} finally {
  await killRunningServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error('\nbench:web: a budget was missed (see above).');
  process.exitCode = 1;
}
