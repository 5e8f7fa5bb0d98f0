// `npm run bench`: autocannon against the real server (`npm start` on a fresh embedded
// database, and on a fresh PostgreSQL database when DATABASE_URL is set, with REDIS_URL) and
// against a bare Fastify route in the same run, so each ratio says what our stack costs on this
// machine; every ratio and p99 is checked against its goal and a miss fails the run. Then the
// realtime hub's memory and fan-out. BENCH_ROUNDS, BENCH_DURATION (seconds a run) and
// BENCH_CONNECTIONS tune it; beside each ratio, the CPU time a request costs our server (and its
// PostgreSQL backends) and the bare one, which a busy machine moves much less (bench/api.ts).
// On PostgreSQL, then, transfers per second through confirm → settlement → payout and the p99
// of confirm (scripts/bench/transfers.ts); `npm run bench -- --transfers-only` runs that alone,
// `npm run bench -- --api-only` the HTTP scenarios alone (no realtime, sign-ins nor transfers).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  benchSettings,
  measureApi,
  measureHashing,
  measureSignIns,
  printApiRun,
  type ApiRun,
  type Charged,
} from './bench/api.ts';
import {
  freePort,
  freshPostgresDatabase,
  npmScriptCommand,
  referenceNode,
  root,
  start,
  stop,
  stopAll,
} from './bench/processes.ts';
import { measureTransfers, printTransfers, type TransfersRun } from './bench/transfers.ts';
import { benchPusher, measureFanOut, measureIdleMemory, printRealtime } from './bench/realtime.ts';

/**
 * The signed-in profile's goal, as a share of the bare route: PGlite runs inside the process.
 * `uncached` is PostgreSQL without Redis, where nothing is cached (decision 16): every request
 * reads its session and its customer, as every request after a write does (issue 31).
 */
const PROFILE_GOALS = { pglite: 0.15, postgres: 0.5, uncached: 0.15 };

const databaseUrl = process.env.DATABASE_URL || undefined;
const transfersOnly = process.argv.includes('--transfers-only');
const apiOnly = process.argv.includes('--api-only');
const redisUrl = process.env.REDIS_URL || undefined;
const dataDirs: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

/** The Node flags `npm start` gives the server (those before its script). */
const serverNodeFlags = npmScriptCommand(root, 'start')
  .slice(1)
  .filter((arg, i, args) => args.slice(0, i + 1).every((one) => one.startsWith('--')));

/** `npm start` as a customer would run it, on a free port; `env` picks the database. */
/** The server as `npm start` runs it, on `node` (this process's Node unless given). */
async function startApp(env: NodeJS.ProcessEnv, node?: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-bench-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops (Node's --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF;
  const [thisNode = process.execPath, ...startArgs] = npmScriptCommand(root, 'start');
  const child = await start(
    [
      node ?? thisNode,
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      ...startArgs,
    ],
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PUSHER_APP_ID: benchPusher.appId,
      PUSHER_APP_KEY: benchPusher.key,
      PUSHER_APP_SECRET: benchPusher.secret,
      ...env,
    },
    'Corridor is running at',
  );
  return { child, port, url: `http://127.0.0.1:${port}` };
}

/**
 * The same scenarios on a server with its own fresh PostgreSQL database and Redis prefix; with
 * `uncached`, the signed-in profile alone on a server without Redis, which caches nothing
 * (decision 16): the honest uncached path, the server's own configuration, not a test switch.
 */
async function measurePostgres(
  serverUrl: string,
  bare: Charged & { url: string },
  uncached = false,
): Promise<ApiRun> {
  const database = await freshPostgresDatabase(serverUrl);
  cleanups.push(database.drop);
  const withRedis = redisUrl !== undefined && !uncached;
  const app = await startApp({
    DATABASE_URL: database.url,
    REDIS_URL: withRedis ? (redisUrl ?? '') : '',
    REDIS_PREFIX: `bench:${crypto.randomUUID()}:`,
  });
  const host = new URL(serverUrl).host;
  const label = withRedis
    ? `PostgreSQL and Redis, cached (${host})`
    : `PostgreSQL without Redis: nothing cached (${host})`;
  const charged = {
    ours: { pid: app.child.pid, databasePids: database.backendPids },
    bare: { pid: bare.pid },
  };
  const { run } = await measureApi(
    label,
    app.url,
    bare.url,
    withRedis ? PROFILE_GOALS.postgres : PROFILE_GOALS.uncached,
    uncached ? 'profile' : 'all',
    charged,
  );
  await stop(app.child);
  return run;
}

/** Transfers per second on a server with its own fresh PostgreSQL database and Redis prefix. */
async function measurePostgresTransfers(serverUrl: string): Promise<TransfersRun> {
  const database = await freshPostgresDatabase(serverUrl);
  // BENCH_KEEP_DATABASE=1 keeps the run's database, to read its plans and tables afterwards.
  if (process.env.BENCH_KEEP_DATABASE) console.log(`(keeping ${database.url})`);
  else cleanups.push(database.drop);
  const node = referenceNode();
  return measureTransfers(database.url, (env) => startApp(env, node), {
    REDIS_URL: redisUrl ?? '',
    REDIS_PREFIX: `bench:${crypto.randomUUID()}:`,
  });
}

/** The transfers scenario's lines, or why it did not run; false when it missed its goal. */
function transfersPassed(run: TransfersRun | undefined): boolean {
  if (run) return printTransfers(run);
  console.log('\n(DATABASE_URL unset: transfers per second not measured, it runs on PostgreSQL)');
  return true;
}

/** The realtime hub's memory per idle socket, on a hub of its own. */
async function measureHubMemory() {
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
  const idleMemory = await measureIdleMemory(hubPort);
  await stop(hubServer);
  return idleMemory;
}

/**
 * Everything `npm run bench` measures, or with `--api-only` the HTTP scenarios alone; false when
 * a figure missed its goal.
 */
async function wholeBench(): Promise<boolean> {
  const idleMemory = apiOnly ? undefined : await measureHubMemory();
  const barePort = await freePort();
  const bareServer = await start(
    // With `npm start`'s Node flags: the ratio compares the stacks, not the heap settings.
    [
      process.execPath,
      ...serverNodeFlags,
      '--import',
      'tsx',
      'scripts/bench-bare-server.ts',
      String(barePort),
    ],
    {},
    'ready',
  );
  const bare = { url: `http://127.0.0.1:${barePort}/bare`, pid: bareServer.pid };
  const embedded = await startApp({ DATABASE_URL: '', REDIS_URL: '' });

  // The API first, on a server as it starts: run after the fan-out's 1,000 sockets had come
  // and gone, /healthz lost a tenth of its rate (0.65-0.71 of bare before, 0.57-0.64 after, in
  // one process), which the PostgreSQL run, without a fan-out before it, never paid.
  const { run, session } = await measureApi(
    'embedded database (PGlite)',
    embedded.url,
    bare.url,
    PROFILE_GOALS.pglite,
    'all',
    { ours: { pid: embedded.child.pid }, bare: { pid: bare.pid } },
  );
  // The rest on the embedded server: the realtime fan-out, hashing and sign-ins.
  const besides =
    idleMemory === undefined
      ? undefined
      : {
          idleMemory,
          fanOut: await measureFanOut(embedded.port),
          hashing: await measureHashing(),
          signIns: await measureSignIns(embedded.url, session),
        };
  await stop(embedded.child);
  const runs = [run];
  if (databaseUrl) {
    runs.push(await measurePostgres(databaseUrl, bare));
    // Beside the cached one, the profile uncached (a server without Redis caches nothing).
    if (redisUrl) runs.push(await measurePostgres(databaseUrl, bare, true));
  }
  const transfers =
    databaseUrl && !apiOnly ? await measurePostgresTransfers(databaseUrl) : undefined;

  const { connections, duration, rounds } = benchSettings;
  console.log(
    `\n${connections} connections, ${duration} s each, ${rounds} rounds, ${os.cpus().length} cores, Node ${process.version}, ` +
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
  );
  const passed = runs.map(printApiRun).every(Boolean);
  if (!databaseUrl) console.log('\n(DATABASE_URL unset: PostgreSQL not measured)');
  if (!besides) return passed;
  console.log(
    `\nargon2id (m=64 MiB, t=3, p=1): ${besides.hashing.toFixed(1)} ms per hash in-process, ` +
      `median of 10; POST /client/v1/login end to end: ${besides.signIns.toFixed(1)} ms median of 10 sequential sign-ins`,
  );
  const moneyPassed = transfersPassed(transfers);
  const realtimePassed = printRealtime(besides.idleMemory, besides.fanOut);
  return passed && moneyPassed && realtimePassed;
}

try {
  const passed = transfersOnly
    ? transfersPassed(databaseUrl ? await measurePostgresTransfers(databaseUrl) : undefined)
    : await wholeBench();
  if (!passed) process.exitCode = 1;
} finally {
  await stopAll();
  for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error(error));
  for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
}
