// `npm run bench:web`: builds the web app, serves it with the real server (`npm start` on a fresh
// embedded database), weighs the first load of sign-in and of the dashboard in Chromium at a
// phone viewport with nothing cached, and runs Lighthouse's mobile preset on both (median of 3).
//   --bytes-only      the byte budget alone (what .ci/run checks): no Lighthouse
//   --no-build        use the build already in apps/web/dist
//   --update-baseline record these weights as the ones later runs compare with
//   --save-reports    keep each page's median Lighthouse report (JSON, with its trace's audits)
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
import { lighthouseMedian } from './web-bench/lighthouse-runs.ts';
import { weighPages } from './web-bench/page-weight.ts';
import { signUpCustomer } from './web-bench/sign-up-customer.ts';

const root = path.resolve(import.meta.dirname, '..');
const flags = new Set(process.argv.slice(2));
const LIGHTHOUSE_RUNS = 3;

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
  });
  await server.ready;
  const origin = `http://127.0.0.1:${port}`;
  const customer = await signUpCustomer(origin);

  const weights = await weighPages(chromePath, origin, [
    { page: 'sign-in', url: '/', readyText: 'Continue' },
    { page: 'dashboard', url: '/dashboard', readyText: 'Dashboard', cookies: customer.cookies },
  ]);
  if (!reportWeights(weights)) failed = true;
  if (flags.has('--update-baseline')) writeBaseline(weights);

  if (!flags.has('--bytes-only')) {
    const pages = [
      { page: 'sign-in', url: `${origin}/`, cookies: [] },
      { page: 'dashboard', url: `${origin}/dashboard`, cookies: customer.cookies },
    ];
    for (const { page, url, cookies } of pages) {
      const scores = await lighthouseMedian(chromePath, url, { runs: LIGHTHOUSE_RUNS, cookies });
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
