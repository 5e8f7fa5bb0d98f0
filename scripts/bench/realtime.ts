// The realtime measurements of `npm run bench` (scripts/bench.ts): memory per idle socket on the
// hub alone, and fan-out of one event to many subscribers through the whole server.
import PusherServer from 'pusher';
import WebSocket from 'ws';

export const IDLE_CONNECTIONS = Number(process.env.BENCH_WS_IDLE ?? 10_000);
export const FANOUT_SUBSCRIBERS = Number(process.env.BENCH_WS_SUBSCRIBERS ?? 1000);
export const benchPusher = {
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

export const FANOUT_ROUNDS = 20;

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

export interface HubMemory {
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
export async function measureIdleMemory(port: number) {
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
export async function measureFanOut(port: number) {
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

type IdleMemory = Awaited<ReturnType<typeof measureIdleMemory>>;
type FanOut = Awaited<ReturnType<typeof measureFanOut>>;

/** Issue 13's realtime goals. */
const IDLE_KIB_GOAL = 20;
const FANOUT_P99_GOAL_MS = 50;

/** Prints the realtime figures with their goals; false when one is missed. */
export function printRealtime(idleMemory: IdleMemory, fanOut: FanOut): boolean {
  const kib = (bytes: number) => (bytes / 1024).toFixed(0);
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const idleOk = Math.max(idleMemory.jsKiB, idleMemory.rssKiB) <= IDLE_KIB_GOAL;
  const fanOutOk = fanOut.complete === FANOUT_ROUNDS && fanOut.p99 <= FANOUT_P99_GOAL_MS;
  console.log(
    `\nrealtime hub, idle sockets (after GC): ` +
      idleMemory.samples
        .map(
          (m) => `${m.connections}: JS ${kib(m.heapUsed + m.external)} KiB, RSS ${kib(m.rss)} KiB`,
        )
        .join('; ') +
      `\n  = ${idleMemory.jsKiB.toFixed(2)} KiB of JS memory and ${idleMemory.rssKiB.toFixed(2)} KiB of RSS per idle connection (slopes)` +
      `; goal ≤ ${IDLE_KIB_GOAL} KiB at ${IDLE_CONNECTIONS} sockets: ${verdict(idleOk)}`,
  );
  console.log(
    `realtime fan-out: one event to ${FANOUT_SUBSCRIBERS} subscribers through the signed trigger API, ` +
      `${fanOut.complete} of ${FANOUT_ROUNDS} rounds: p50 ${fanOut.p50.toFixed(1)} ms, ` +
      `p99 ${fanOut.p99.toFixed(1)} ms; last subscriber reached after ${fanOut.lastP50.toFixed(1)} ms (median)` +
      `; goal p99 ≤ ${FANOUT_P99_GOAL_MS} ms: ${verdict(fanOutOk)}`,
  );
  return idleOk && fanOutOk;
}
