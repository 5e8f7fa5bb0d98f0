// `npm run bench`: autocannon against the real server (`npm start` on a fresh embedded
// database) and against a bare Fastify route in the same run, so the ratio says what our
// stack costs on this machine. BENCH_DURATION (seconds) and BENCH_CONNECTIONS tune it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../apps/server/src/test/server-process.ts';
import PusherServer from 'pusher';
import WebSocket from 'ws';

const root = path.resolve(import.meta.dirname, '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Scenario {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

function start(
  command: string[],
  env: NodeJS.ProcessEnv,
  readyText: string,
): Promise<ChildProcess> {
  const [file, ...args] = command;
  const child = spawn(file ?? process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes(readyText)) return;
      // From here on the logs are drained unread, so the bench costs the server nothing.
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      resolve(child);
    };
    child.stdout?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code}`)));
  });
}

async function measure(scenario: Scenario): Promise<Measurement> {
  const options = { url: scenario.url, connections, headers: scenario.headers ?? {} };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches, connection pools
  const result = await autocannon({ ...options, duration });
  const failed = result.errors + result.timeouts + result.non2xx;
  return {
    name: scenario.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: failed,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

interface BenchSession {
  cookie: string;
  xsrf: string;
  email: string;
  password: string;
}

/** A signed-in customer made through the public API, as the SPA would. */
async function signUp(app: string): Promise<BenchSession> {
  const csrf = await fetch(`${app}/sanctum/csrf-cookie`);
  const jar = new Map(
    csrf.headers.getSetCookie().map((c) => c.split(';')[0]?.split('=') as [string, string]),
  );
  const email = `bench-${Date.now()}@example.com`;
  const password = 'Bench-Passw0rd-Long';
  const response = await fetch(`${app}/client/v1/signup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify({ email, password, confirm_password: password }),
  });
  if (response.status !== 201)
    throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  for (const cookie of response.headers.getSetCookie()) {
    const [name, value] = cookie.split(';')[0]?.split('=') as [string, string];
    jar.set(name, value);
  }
  return {
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    xsrf: jar.get('XSRF-TOKEN') ?? '',
    email,
    password,
  };
}

/** What one password hash costs on this machine, without HTTP around it. */
async function measureHashing(): Promise<number> {
  const { createPasswordHasher } = await import('../apps/server/src/lib/password-hasher.ts');
  const hasher = createPasswordHasher();
  const times: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const started = performance.now();
    await hasher.hash(`bench-password-${i}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Sequential sign-ins (below the 5-per-minute limit per email, so spread over emails). */
async function measureSignIns(app: string, session: BenchSession): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    // Four sign-ins per minute per email+IP stay under the limit; the wrong-email ones cost the same.
    const email = i % 2 === 0 ? session.email : `nobody-${i}@example.com`;
    const started = performance.now();
    const response = await fetch(`${app}/client/v1/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: session.cookie,
        'x-xsrf-token': session.xsrf,
      },
      body: JSON.stringify({ email, password: session.password }),
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (![200, 422].includes(response.status))
      throw new Error(`sign-in answered ${response.status}`);
  }
  return median(times);
}

const IDLE_CONNECTIONS = Number(process.env.BENCH_WS_IDLE ?? 5000);
const FANOUT_SUBSCRIBERS = Number(process.env.BENCH_WS_SUBSCRIBERS ?? 1000);
const benchPusher = {
  appId: 'corridor-bench',
  key: 'bench-key-0001',
  secret: 'bench-secret-0123456789abcdef',
};

/** Opens `count` sockets to the hub, `batch` at a time; each resolves with its open socket. */
async function openSockets(
  port: number,
  count: number,
  onMessage?: (socket: WebSocket, frame: { event: string; channel?: string }) => void,
): Promise<WebSocket[]> {
  const url = `ws://127.0.0.1:${port}/app/${benchPusher.key}?protocol=7&client=bench&version=1`;
  const sockets: WebSocket[] = [];
  const batch = 200;
  for (let start = 0; start < count; start += batch) {
    const opened = Array.from(
      { length: Math.min(batch, count - start) },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(url);
          sockets.push(socket);
          socket.once('error', reject);
          socket.on('message', (raw: Buffer) => {
            const frame = JSON.parse(raw.toString('utf8')) as { event: string; channel?: string };
            if (frame.event === 'pusher:connection_established') resolve(socket);
            onMessage?.(socket, frame);
          });
        }),
    );
    await Promise.all(opened);
  }
  return sockets;
}

async function closeSockets(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', () => resolve());
          socket.terminate();
        }),
    ),
  );
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const FANOUT_ROUNDS = 20;

/** Least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const [x, y] of points) {
    numerator += (x - meanX) * (y - meanY);
    denominator += (x - meanX) ** 2;
  }
  return numerator / denominator;
}

interface HubMemory {
  connections: number;
  rss: number;
  heapUsed: number;
  external: number;
}

/**
 * Memory per idle socket, on the hub alone (apps/server/src/cli/realtime-bench-server.ts): its
 * memory after a forced GC as sockets are added in five steps, and the slope of that line.
 * JS memory (V8 heap + buffers) is what the sockets keep alive; RSS also moves with the
 * allocator and is shown for completeness.
 */
async function measureIdleMemory(port: number) {
  const memory = async () =>
    (await (await fetch(`http://127.0.0.1:${port}/memory`)).json()) as HubMemory;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));
  const samples = [await memory()];
  const idle: WebSocket[] = [];
  const step = Math.ceil(IDLE_CONNECTIONS / 5);
  while (idle.length < IDLE_CONNECTIONS) {
    idle.push(...(await openSockets(port, Math.min(step, IDLE_CONNECTIONS - idle.length))));
    await settle();
    samples.push(await memory());
  }
  await closeSockets(idle);
  const perSocket = (pick: (m: HubMemory) => number) =>
    slope(samples.map((m) => [m.connections, pick(m)])) / 1024;
  return {
    samples,
    jsKiB: perSocket((m) => m.heapUsed + m.external),
    rssKiB: perSocket((m) => m.rss),
  };
}

/**
 * Fan-out on the whole server: one event through the signed trigger API to every subscriber,
 * FANOUT_ROUNDS times; latency from the trigger call to each socket's frame, as this process
 * (on the same two cores) receives it.
 */
async function measureFanOut(port: number) {
  const channel = 'bench-fanout';
  const subscribed = new Set<WebSocket>();
  let allSubscribed: () => void = () => {};
  const ready = new Promise<void>((resolve) => (allSubscribed = resolve));
  const latencies: number[] = [];
  const lastDelivery: number[] = [];
  let round = { sentAt: 0, received: 0, done: () => {} };
  const subscribers = await openSockets(port, FANOUT_SUBSCRIBERS, (socket, frame) => {
    if (frame.event === 'pusher_internal:subscription_succeeded') {
      subscribed.add(socket);
      if (subscribed.size === FANOUT_SUBSCRIBERS) allSubscribed();
    } else if (frame.event === 'bench' && frame.channel === channel) {
      const latency = performance.now() - round.sentAt;
      latencies.push(latency);
      round.received += 1;
      if (round.received === FANOUT_SUBSCRIBERS) {
        lastDelivery.push(latency);
        round.done();
      }
    }
  });
  for (const socket of subscribers) {
    socket.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
  }
  await ready;
  const pusher = new PusherServer({
    ...benchPusher,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });
  let complete = 0;
  for (let n = 0; n < FANOUT_ROUNDS; n += 1) {
    const delivered = new Promise<void>((resolve) => {
      round = { sentAt: performance.now(), received: 0, done: resolve };
    });
    await pusher.trigger(channel, 'bench', { round: n });
    const timedOut = await Promise.race([
      delivered.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 10_000)),
    ]);
    if (timedOut) break;
    complete += 1;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await closeSockets(subscribers);
  return {
    complete,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lastP50: percentile(lastDelivery, 50),
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-bench-'));
const children: ChildProcess[] = [];
try {
  const hubPort = await freePort();
  const hubServer = await start(
    [
      process.execPath,
      '--expose-gc',
      '--import',
      'tsx',
      'apps/server/src/cli/realtime-bench-server.ts',
      String(hubPort),
      benchPusher.appId,
      benchPusher.key,
      benchPusher.secret,
    ],
    {},
    'ready',
  );
  children.push(hubServer);
  const idleMemory = await measureIdleMemory(hubPort);
  hubServer.kill('SIGTERM');

  const barePort = await freePort();
  children.push(
    await start(
      [process.execPath, '--import', 'tsx', 'scripts/bench-bare-server.ts', String(barePort)],
      {},
      'ready',
    ),
  );
  const appPort = await freePort();
  children.push(
    await start(
      [process.execPath, 'scripts/start.mjs'],
      {
        PORT: String(appPort),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        DATABASE_URL: '',
        REDIS_URL: '',
        PUSHER_APP_ID: benchPusher.appId,
        PUSHER_APP_KEY: benchPusher.key,
        PUSHER_APP_SECRET: benchPusher.secret,
      },
      'Corridor is running at',
    ),
  );
  const app = `http://127.0.0.1:${appPort}`;

  const fanOut = await measureFanOut(appPort);
  const baseline = await measure({
    name: 'bare Fastify route',
    url: `http://127.0.0.1:${barePort}/bare`,
  });
  // Browsers always offer gzip; the bare route's tiny body gains nothing from it.
  const browser = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
  const scenarios: Scenario[] = [
    // Our whole HTTP stack (headers, cookies, CSRF hook, logging) around a trivial handler.
    { name: 'GET /healthz', url: `${app}/healthz`, headers: browser },
    { name: 'GET /client/v1/countries', url: `${app}/client/v1/countries`, headers: browser },
  ];
  const session = await signUp(app);
  scenarios.push({
    name: 'GET /client/v1/profile (signed in)',
    url: `${app}/client/v1/profile`,
    headers: { ...browser, cookie: session.cookie },
  });
  const results = [baseline];
  for (const scenario of scenarios) results.push(await measure(scenario));
  const hashing = await measureHashing();
  const signIns = await measureSignIns(app, session);

  console.log(
    `\n${connections} connections, ${duration} s each, ${os.cpus().length} cores, Node ${process.version}\n`,
  );
  console.log(
    [
      'endpoint'.padEnd(36),
      'req/s'.padStart(9),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'errors'.padStart(7),
      'vs bare'.padStart(8),
    ].join(' '),
  );
  for (const r of results) {
    const ratio = r.requestsPerSecond / baseline.requestsPerSecond;
    console.log(
      [
        r.name.padEnd(36),
        r.requestsPerSecond.toFixed(0).padStart(9),
        String(r.p50).padStart(8),
        String(r.p99).padStart(8),
        String(r.errors).padStart(7),
        ratio.toFixed(3).padStart(8),
      ].join(' '),
    );
  }
  console.log(
    `\nargon2id (m=64 MiB, t=3, p=1): ${hashing.toFixed(1)} ms per hash in-process, ` +
      `median of 10; POST /client/v1/login end to end: ${signIns.toFixed(1)} ms median of 10 sequential sign-ins`,
  );
  const kib = (bytes: number) => (bytes / 1024).toFixed(0);
  console.log(
    `\nrealtime hub, idle sockets (after GC): ` +
      idleMemory.samples
        .map(
          (m) => `${m.connections}: JS ${kib(m.heapUsed + m.external)} KiB, RSS ${kib(m.rss)} KiB`,
        )
        .join('; ') +
      `\n  = ${idleMemory.jsKiB.toFixed(2)} KiB of JS memory and ${idleMemory.rssKiB.toFixed(2)} KiB of RSS per idle connection (slopes)`,
  );
  console.log(
    `realtime fan-out: one event to ${FANOUT_SUBSCRIBERS} subscribers through the signed trigger API, ` +
      `${fanOut.complete} of ${FANOUT_ROUNDS} rounds: p50 ${fanOut.p50.toFixed(1)} ms, ` +
      `p99 ${fanOut.p99.toFixed(1)} ms; last subscriber reached after ${fanOut.lastP50.toFixed(1)} ms (median)`,
  );
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
  if (fanOut.complete !== FANOUT_ROUNDS) process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
