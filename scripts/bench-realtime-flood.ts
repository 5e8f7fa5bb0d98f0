// `npm run bench:realtime-flood`: what a frame flood on one WebSocket costs everyone else.
// The real server (apps/server/src/main.ts on a fresh embedded database) runs in its own
// process; a flooder process opens one socket to /app/{key} on 127.0.0.1 and writes up to
// FLOOD_FRAMES frames at it as fast as it can (until it is closed), FLOOD_ROUNDS times; this process meanwhile
// requests GET /healthz over real HTTP, one request after another, and reports the latency
// before and during the floods. The hub is expected to close the flooder with 4301 after its
// frame budget and read nothing more from it (apps/server/src/modules/realtime/limits.ts).
//
// Exits 1 when the p99 of /healthz during the floods is over FLOOD_MAX_P99_MS (50), or when a
// flooder is not closed with 4301. Every loop is bounded; the run stops by itself.
//   FLOOD_FRAMES   frames per flood (100000)        FLOOD_ROUNDS  floods, one socket each (5)
//   FLOOD_KIND     ping | subscribe | garbage (ping) BASELINE_SAMPLES  /healthz before (1000)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import WebSocket from 'ws';
import {
  freePort,
  killRunningServers,
  startServer,
} from '../apps/server/src/test/server-process.ts';

const FLOOD_FRAMES = Number(process.env.FLOOD_FRAMES ?? 100_000);
const FLOOD_ROUNDS = Number(process.env.FLOOD_ROUNDS ?? 5);
const FLOOD_KIND = process.env.FLOOD_KIND ?? 'ping';
const BASELINE_SAMPLES = Number(process.env.BASELINE_SAMPLES ?? 1000);
const MAX_P99_MS = Number(process.env.FLOOD_MAX_P99_MS ?? 50);
/** A flood that is not shed ends anyway: the flooder gives up this long after its first frame. */
const ROUND_TIMEOUT_MS = 30_000;
/** At most this many /healthz samples per round. */
const MAX_SAMPLES_PER_ROUND = 20_000;

const credentials = {
  appId: 'corridor-flood-bench',
  key: 'flood-bench-key-0001',
  secret: 'flood-bench-secret-0123456789',
};

interface FloodReport {
  closeCode: number;
  /** Frames written before the close frame arrived. */
  sent: number;
  pongs: number;
  errors: number;
  /** From the first frame written to the close event. */
  closedAfterMs: number;
  timedOut: boolean;
}

function floodFrame(kind: string, n: number): string {
  switch (kind) {
    case 'subscribe':
      // Each one a signature check in the hub.
      return JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: `private-flood.${n}`, auth: `${credentials.key}:${'0'.repeat(64)}` },
      });
    case 'garbage':
      return 'not json at all';
    default:
      return '{"event":"pusher:ping","data":{}}';
  }
}

/** The flooder process: one socket, FLOOD_FRAMES frames written at once, then the outcome. */
async function flood(port: number, frames: number, kind: string): Promise<void> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${credentials.key}?protocol=7`);
  socket.on('error', () => undefined); // the hub cuts the socket; the close code says why
  let pongs = 0;
  let errors = 0;
  const established = new Promise<void>((resolve) =>
    socket.on('message', (raw: Buffer) => {
      const { event } = JSON.parse(raw.toString('utf8')) as { event: string };
      if (event === 'pusher:connection_established') resolve();
      else if (event === 'pusher:pong') pongs += 1;
      else errors += 1; // pusher:error, pusher:subscription_error
    }),
  );
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await established;
  process.stdout.write('flooding\n');
  const startedAt = performance.now();
  // A thousand frames a turn of the event loop: Node reads the socket only between turns (a
  // browser reads it off the page's thread), and the close frame must be read to be seen.
  let sent = 0;
  const deadline = startedAt + ROUND_TIMEOUT_MS;
  while (sent < frames && socket.readyState === WebSocket.OPEN && performance.now() < deadline) {
    const end = Math.min(frames, sent + 1000);
    for (; sent < end; sent += 1) socket.send(floodFrame(kind, sent));
    await new Promise((resolve) => setImmediate(resolve));
  }
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    closed,
    new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - performance.now()));
    }),
  ]);
  clearTimeout(timer);
  if (outcome === 'timeout') socket.terminate();
  const report: FloodReport = {
    closeCode: outcome === 'timeout' ? 0 : outcome,
    sent,
    pongs,
    errors,
    closedAfterMs: performance.now() - startedAt,
    timedOut: outcome === 'timeout',
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

/** One GET /healthz over the keep-alive pool; its latency in milliseconds. */
async function healthz(origin: string): Promise<number> {
  const startedAt = performance.now();
  const response = await fetch(`${origin}/healthz`);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`/healthz answered ${response.status}`);
  return performance.now() - startedAt;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Runs one flooder process and samples /healthz until it reports. */
async function floodRound(
  origin: string,
  port: number,
): Promise<{ samples: number[]; report: FloodReport }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      import.meta.filename,
      '--flooder',
      String(port),
      String(FLOOD_FRAMES),
      FLOOD_KIND,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = readline.createInterface({ input: child.stdout });
  let report: FloodReport | undefined;
  let exited = false;
  const flooding = new Promise<void>((resolve) =>
    lines.on('line', (line) => {
      if (line === 'flooding') resolve();
      else if (line.startsWith('{')) report = JSON.parse(line) as FloodReport;
    }),
  );
  let exitStatus = '';
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exited = true;
      exitStatus = `code ${code}, signal ${signal}`;
      resolve();
    }),
  );
  await Promise.race([flooding, exit]);
  const samples: number[] = [];
  const deadline = performance.now() + ROUND_TIMEOUT_MS + 10_000;
  while (!exited && samples.length < MAX_SAMPLES_PER_ROUND && performance.now() < deadline) {
    samples.push(await healthz(origin));
  }
  // Enough samples: wait for the flooder's own outcome, until the deadline.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    exit,
    new Promise((resolve) => {
      timer = setTimeout(resolve, Math.max(0, deadline - performance.now()));
    }),
  ]);
  clearTimeout(timer);
  if (!exited) child.kill('SIGKILL');
  await exit;
  if (!report) throw new Error(`the flooder reported nothing (${exitStatus})`);
  return { samples, report };
}

async function main(): Promise<void> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-flood-bench-'));
  // Production mode serves the SPA; a stub stands in for the build, which this bench never asks for.
  const webDir = path.join(dataDir, 'web');
  fs.mkdirSync(webDir);
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>bench</title>');
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'DATABASE_URL' && name !== 'REDIS_URL' && !name.startsWith('PUSHER_'),
    ),
  );
  const server = startServer({
    ...inherited,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDir,
    PUSHER_APP_ID: credentials.appId,
    PUSHER_APP_KEY: credentials.key,
    PUSHER_APP_SECRET: credentials.secret,
  });
  try {
    await server.ready;
    for (let n = 0; n < 200; n += 1) await healthz(origin); // warm-up: JIT, connection pool
    const baseline: number[] = [];
    for (let n = 0; n < BASELINE_SAMPLES; n += 1) baseline.push(await healthz(origin));

    const during: number[] = [];
    const reports: FloodReport[] = [];
    for (let round = 0; round < FLOOD_ROUNDS; round += 1) {
      const { samples, report } = await floodRound(origin, port);
      during.push(...samples);
      reports.push(report);
    }

    const row = (name: string, values: number[]) =>
      [
        name.padEnd(22),
        String(values.length).padStart(8),
        percentile(values, 50).toFixed(2).padStart(8),
        percentile(values, 99).toFixed(2).padStart(8),
        Math.max(...values)
          .toFixed(2)
          .padStart(8),
      ].join(' ');
    console.log(
      `\nGET /healthz, sequential over keep-alive HTTP on 127.0.0.1; ${os.cpus().length} cores, Node ${process.version}\n`,
    );
    console.log(
      ['phase'.padEnd(22), 'samples'.padStart(8), 'p50 ms', 'p99 ms', 'max ms']
        .map((cell, n) => (n > 1 ? cell.padStart(8) : cell))
        .join(' '),
    );
    console.log(row('before the floods', baseline));
    console.log(row('during the floods', during));
    const median = (values: number[]) => percentile(values, 50);
    console.log(
      `\n${FLOOD_ROUNDS} floods of ${FLOOD_FRAMES} ${FLOOD_KIND} frames, one socket each: ` +
        `close codes ${[...new Set(reports.map((r) => r.closeCode))].join(', ')}; ` +
        `frames written before the close: ${reports.map((r) => r.sent).join(', ')}; ` +
        `answered: ${reports.map((r) => r.pongs + r.errors).join(', ')}; ` +
        `first frame to close: ${median(reports.map((r) => r.closedAfterMs)).toFixed(0)} ms (median)`,
    );
    const p99 = percentile(during, 99);
    const shed = reports.every((r) => r.closeCode === 4301 && !r.timedOut);
    if (!shed) console.log('FAIL: a flooder was not closed with 4301');
    if (!(p99 <= MAX_P99_MS)) console.log(`FAIL: p99 during the floods over ${MAX_P99_MS} ms`);
    if (!shed || !(p99 <= MAX_P99_MS)) process.exitCode = 1;
  } finally {
    await killRunningServers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--flooder') {
  const [, , , port = '0', frames = '0', kind = 'ping'] = process.argv;
  await flood(Number(port), Number(frames), kind);
} else {
  await main();
}
