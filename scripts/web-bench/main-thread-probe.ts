// `node --import tsx scripts/web-bench/main-thread-probe.ts <dist>[@signup] …` (issue 31): a
// page's main-thread work in thread CPU time, for builds compared back to back on a busy machine.
//
// Lighthouse's figures are wall time: on two shared cores a task waits for the CPU as long as it
// runs, so a score says as much about the machine's load as about the page (docs/performance.md).
// A task's thread time (the trace's `tdur`) grows far less with the load. Each `dist` (a web
// build's output directory, e.g. a copy of apps/web/dist or an older commit's) is served by its
// own server with its own customer (the bench's sending customer; `@signup` a customer only
// signed up), and the builds are loaded in turn, `PROBE_RUNS` times each, at full speed in
// Chromium at a phone viewport with nothing cached. For each load it prints the main thread's
// CPU time, `Σ max(0, 4 × task − 50 ms)` over its tasks (what a 4× slower phone would block,
// before and after the first paint alike: a proxy, not Lighthouse's TBT), the tasks over 12.5 ms
// (50 ms at 4×) with what each ran, and the JavaScript functions with the most self time. A build
// made with `npx vite build --minify false --outDir <dir>` (in apps/web) names them.
//   PROBE_RUNS     loads of each build (3)
//   PROBE_PAGE     the path to load (/dashboard; `/` is sign-in, loaded without a customer); a
//                  `:quoteId` or `:transactionId` in it is the sending customer's (e.g. /pay/:transactionId)
//   PROBE_WAIT_MS  how long to keep tracing once the network is idle (2000)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { chromium } from 'playwright-core';
import {
  freePort,
  killRunningServers,
  startServer,
} from '../../apps/server/src/test/server-process.ts';
import { chromiumArgs, ensureChromium } from '../chromium.mjs';
import { sendingCustomer } from './sending-customer.ts';
import { signUpCustomer } from './sign-up-customer.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, in microseconds. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface Served {
  spec: string;
  origin: string;
  /** The page's path, with the customer's quote and transfer in it. */
  path: string;
  cookies: { name: string; value: string }[];
}

const runs = Number(process.env['PROBE_RUNS'] ?? 3);
const pagePath = process.env['PROBE_PAGE'] ?? '/dashboard';
const waitMs = Number(process.env['PROBE_WAIT_MS'] ?? 2000);
/** A task over this much CPU is over 50 ms at Lighthouse's 4× slowdown. */
const LONG_AT_4X_US = 12_500;
/** The servers' data directories, removed at the end. */
const dataDirs: string[] = [];

async function serve(spec: string): Promise<Served> {
  const [dist = '', customerKind] = spec.split('@');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-probe-'));
  dataDirs.push(dataDir);
  const server = startServer({
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.resolve(dist),
    DOCUMENT_REVIEW_DELAY_SECONDS: '0',
  });
  await server.ready;
  const origin = `http://127.0.0.1:${port}`;
  if (pagePath === '/') return { spec, origin, path: pagePath, cookies: [] };
  if (customerKind === 'signup') {
    return { spec, origin, path: pagePath, cookies: (await signUpCustomer(origin)).cookies };
  }
  const customer = await sendingCustomer(origin);
  const filled = pagePath
    .replace(':quoteId', customer.quoteId)
    .replace(':transactionId', customer.transactionId);
  return { spec, origin, path: filled, cookies: customer.cookies };
}

/** One load, traced, with a JavaScript CPU profile beside the trace. */
async function load(chromePath: string, served: Served) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 3,
    });
    await context.addCookies(served.cookies.map((c) => ({ ...c, url: served.origin })));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await browser.startTracing(page, {
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
    });
    await cdp.send('Profiler.start');
    await page.goto(`${served.origin}${served.path}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(waitMs);
    // Stopped before the trace: stopping it is a task of its own on the page's thread.
    const stopped = await browser.stopTracing();
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    const { traceEvents } = JSON.parse(stopped.toString()) as { traceEvents: TraceEvent[] };
    return { events: traceEvents, profile };
  } finally {
    await browser.close();
  }
}

/** The page's main thread: the renderer main thread with the most task time. */
function pageThread(events: TraceEvent[]): TraceEvent[] {
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  let best: TraceEvent[] = [];
  let bestTime = -1;
  for (const main of mains) {
    const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
    const time = own.filter(isTask).reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (time > bestTime) [best, bestTime] = [own, time];
  }
  return best.sort((a, b) => a.ts - b.ts);
}

const isTask = (e: TraceEvent) =>
  e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';

/** What a task's time went to, by its outermost events of a known kind. */
const KINDS: [RegExp, string][] = [
  [/GC|Heap/i, 'gc'],
  [/UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet/, 'style'],
  [/^Layout$|UpdateLayerTree|Layerize/, 'layout'],
  [/Paint|Composite|Rasterize/, 'paint'],
  [/ParseHTML/, 'html'],
  [/Compile|v8\.parse/, 'compile'],
  [
    /EvaluateScript|evaluateModule|FunctionCall|callFunction|TimerFire|EventDispatch|AnimationFrame|RunMicrotasks|XHR/,
    'script',
  ],
];
const kindOf = (name: string) => KINDS.find(([pattern]) => pattern.test(name))?.[1];

/** The outermost events of a known kind among `events` (sorted by start), each once. */
function outermost(events: TraceEvent[]): TraceEvent[] {
  const kept: TraceEvent[] = [];
  let until = 0;
  for (const e of events) {
    if (kindOf(e.name) === undefined || e.ts < until) continue;
    until = e.ts + (e.dur ?? 0);
    kept.push(e);
  }
  return kept;
}

/** Self time (ms) by function of the profile's samples between `from` and `to` (µs). */
function hotFunctions(profile: CpuProfile, from = -Infinity, to = Infinity): [string, number][] {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    const frame = nodes.get(id)?.callFrame;
    if (at < from || at > to || !frame || /^\((idle|program)\)$/.test(frame.functionName)) return;
    const key = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + delta / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]);
}

const ms = (us: number | undefined) => (us ?? 0) / 1000;
const list = (entries: [string, number][], count: number) =>
  entries
    .slice(0, count)
    .map(([name, time]) => `${name} ${time.toFixed(1)}`)
    .join(' | ');

function report(spec: string, run: number, events: TraceEvent[], profile: CpuProfile): void {
  const thread = pageThread(events);
  const tasks: TraceEvent[] = [];
  for (const task of thread.filter(isTask)) {
    const last = tasks.at(-1);
    if (last === undefined || task.ts >= last.ts + (last.dur ?? 0)) tasks.push(task);
  }
  const start = events.find((e) => e.name === 'navigationStart')?.ts ?? tasks[0]?.ts ?? 0;
  const cpu = tasks.reduce((sum, t) => sum + ms(t.tdur), 0);
  const blocking = tasks.reduce((sum, t) => sum + Math.max(0, 4 * ms(t.tdur) - 50), 0);
  const byKind = new Map<string, number>();
  for (const e of outermost(thread)) {
    const kind = kindOf(e.name) ?? '';
    byKind.set(kind, (byKind.get(kind) ?? 0) + ms(e.tdur));
  }
  console.log(
    `${spec}, load ${run}: main thread ${cpu.toFixed(0)} ms CPU, 4× blocking proxy ${blocking.toFixed(0)} ms (load average ${os.loadavg()[0]?.toFixed(1)})`,
  );
  console.log(
    `  by kind (ms CPU): ${list(
      [...byKind].sort((a, b) => b[1] - a[1]),
      8,
    )}`,
  );
  if (!byKind.has('paint')) {
    // Seen in about one load in four: the busiest renderer thread was not the page's.
    console.log("  (no paint on this thread: not the page's main thread; leave this load out)");
  }
  for (const task of tasks.filter((t) => (t.tdur ?? 0) > LONG_AT_4X_US)) {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    for (const e of outermost(thread.filter((x) => x !== task && x.ts >= task.ts && x.ts < end))) {
      const data = e.args?.data;
      const what = [e.name, data?.url && path.basename(data.url), data?.functionName]
        .filter(Boolean)
        .join(' ');
      parts.set(what, (parts.get(what) ?? 0) + ms(e.tdur));
    }
    console.log(
      `  task ${ms(task.tdur).toFixed(0)} ms CPU at ${ms(task.ts - start).toFixed(0)} ms: ${list(
        [...parts].sort((a, b) => b[1] - a[1]),
        4,
      )}`,
    );
    console.log(`    JavaScript: ${list(hotFunctions(profile, task.ts, end), 6)}`);
  }
  console.log(`  JavaScript over the load: ${list(hotFunctions(profile), 12)}`);
}

const specs = process.argv.slice(2);
if (specs.length === 0) {
  console.error(
    'main-thread-probe: name at least one web build directory (see the top of the file).',
  );
  process.exit(1);
}
const chromePath = ensureChromium();
try {
  const served: Served[] = [];
  for (const spec of specs) served.push(await serve(spec));
  for (let run = 1; run <= runs; run += 1) {
    for (const target of served) {
      const { events, profile } = await load(chromePath, target);
      report(target.spec, run, events, profile);
    }
  }
} finally {
  await killRunningServers();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}
