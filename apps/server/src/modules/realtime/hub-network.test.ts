import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createHubBroadcaster } from './broadcaster.ts';
import type { RealtimeHub } from './hub.ts';
import { createFanOutHubNetwork, createMemoryBus, type FanOutBus } from './hub-network.ts';
import { realtimeBundleHandler } from './realtime-outbox.ts';

/** The fan-out's own rules, on a hub that only records what it is asked to do. */
function recordingHub(localSockets: string[] = []) {
  const calls: unknown[][] = [];
  const hub: RealtimeHub = {
    accept: () => undefined,
    publish: (...args) => void calls.push(['publish', ...args]),
    hasSocket: (socketId) => localSockets.includes(socketId),
    recordSession: (...args) => void calls.push(['recordSession', ...args]),
    sessionIds: () => [],
    closeSocketsOfSession: (sessionId) => (calls.push(['close', sessionId]), 0),
    connectionCount: () => 0,
    close: () => undefined,
  };
  return { hub, calls };
}

const silentLog = pino({ level: 'silent' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const sessionId = '6f1d3c1e-8a2b-4c3d-9e4f-5a6b7c8d9e0f';

/** A connection to `bus` that keeps every message it publishes. */
function countingConnection(bus: ReturnType<typeof createMemoryBus>) {
  const published: string[] = [];
  const spy = bus.connect();
  const counting: FanOutBus = {
    publish: async (message) => {
      published.push(message);
      await spy.publish(message);
    },
    subscribe: (handler) => spy.subscribe(handler),
    close: () => spy.close(),
  };
  return { counting, published };
}

describe('fan-out hub network', () => {
  it('delivers every message once in each process, in the order sent', async () => {
    const bus = createMemoryBus();
    const a = recordingHub();
    const b = recordingHub(['1.1']);
    const networkA = await createFanOutHubNetwork(a.hub, bus.connect(), silentLog);
    await createFanOutHubNetwork(b.hub, bus.connect(), silentLog);

    await networkA.publish(['private-client-customer.1'], 'DeviceSignedOut', { session_id: 's' });
    await networkA.recordSession('1.1', sessionId, 'key:token');
    await networkA.closeSession(sessionId);
    await settle();
    const expected = [
      ['publish', ['private-client-customer.1'], 'DeviceSignedOut', { session_id: 's' }, undefined],
      ['recordSession', '1.1', sessionId, 'key:token'],
      ['close', sessionId],
    ];
    expect(b.calls).toEqual(expected);
    expect(a.calls).toEqual(expected);
  });

  it('sends what one turn publishes as one bus message, delivered in order everywhere', async () => {
    const bus = createMemoryBus();
    const { counting, published } = countingConnection(bus);
    const a = recordingHub();
    const b = recordingHub();
    const networkA = await createFanOutHubNetwork(a.hub, counting, silentLog);
    await createFanOutHubNetwork(b.hub, bus.connect(), silentLog);

    // Side by side, as the outbox's lanes publish a round's events.
    await Promise.all([
      networkA.publish(['private-client-transaction.1'], 'TransactionStateUpdated', { n: 1 }),
      networkA.publish(['private-client-transaction.2'], 'TransactionStateUpdated', { n: 2 }),
      networkA.closeSession(sessionId),
    ]);
    await networkA.publish(['private-client-transaction.1'], 'TransactionStateUpdated', { n: 3 });
    await settle();
    expect(published).toHaveLength(2);
    const expected = [
      ['publish', ['private-client-transaction.1'], 'TransactionStateUpdated', { n: 1 }, undefined],
      ['publish', ['private-client-transaction.2'], 'TransactionStateUpdated', { n: 2 }, undefined],
      ['close', sessionId],
      ['publish', ['private-client-transaction.1'], 'TransactionStateUpdated', { n: 3 }, undefined],
    ];
    expect(a.calls).toEqual(expected);
    expect(b.calls).toEqual(expected);
  });

  it('sends an outbox bundle’s events (decision 68) as one bus message, in their order', async () => {
    const bus = createMemoryBus();
    const { counting, published } = countingConnection(bus);
    const a = recordingHub();
    const b = recordingHub();
    const deliver = realtimeBundleHandler(
      createHubBroadcaster(await createFanOutHubNetwork(a.hub, counting, silentLog)),
    );
    await createFanOutHubNetwork(b.hub, bus.connect(), silentLog);
    const ids = ['0b6f3c1e-8a2b-4c3d-9e4f-5a6b7c8d9e01', '0b6f3c1e-8a2b-4c3d-9e4f-5a6b7c8d9e02'];
    const events = [
      [ids[0], 'PAYMENT-CLEARED'],
      [ids[1], 'CONVERTING-FOREX'],
      [ids[0], 'CONVERTING-FOREX'],
    ].map(([id, state], index) => ({
      id: `bundle/${index}`,
      sequence: 1,
      aggregateType: 'transfer-events',
      aggregateId: 'all',
      kind: 'realtime',
      createdAt: new Date(),
      attempts: 0,
      payload: {
        channel: `private-client-transaction.${id}`,
        event: 'TransactionStateUpdated',
        data: { transaction_id: id, state },
      },
    }));

    await deliver(events);
    await settle();
    expect(published).toHaveLength(1);
    const expected = events.map(({ payload }) => [
      'publish',
      [payload.channel],
      'TransactionStateUpdated',
      payload.data,
      undefined,
    ]);
    expect(a.calls).toEqual(expected);
    expect(b.calls).toEqual(expected);
  });

  it('reads a single message, as a process of the previous release sends it', async () => {
    const bus = createMemoryBus();
    const { hub, calls } = recordingHub();
    await createFanOutHubNetwork(hub, bus.connect(), silentLog);
    await bus.connect().publish(JSON.stringify({ type: 'close-session', sessionId }));
    await settle();
    expect(calls).toEqual([['close', sessionId]]);
  });

  it('records a session without the bus when the socket is in this process', async () => {
    const published: string[] = [];
    const bus: FanOutBus = {
      publish: async (message) => void published.push(message),
      subscribe: async () => undefined,
      close: async () => undefined,
    };
    const local = recordingHub(['1.1']);
    const network = await createFanOutHubNetwork(local.hub, bus, silentLog);
    await network.recordSession('1.1', sessionId, 'key:token');
    expect(local.calls).toEqual([['recordSession', '1.1', sessionId, 'key:token']]);
    expect(published).toEqual([]);
  });

  it('ignores what it cannot read', async () => {
    const bus = createMemoryBus();
    const { hub, calls } = recordingHub();
    await createFanOutHubNetwork(hub, bus.connect(), silentLog);
    const intruder = bus.connect();
    for (const message of [
      'not json',
      '{"type":"publish","channels":[],"event":"x"}',
      '{"type":"close-session","sessionId":42}',
      `{"type":"record-session","socketId":"1.1","sessionId":"${sessionId}"}`,
      '{"type":"drop-database"}',
      '[]',
      `[{"type":"close-session","sessionId":"${sessionId}"},{"type":"drop-database"}]`,
    ]) {
      await intruder.publish(message);
    }
    await settle();
    expect(calls).toEqual([]);
  });

  it('goes on without a bus that does not answer at start, and delivers locally when it fails', async () => {
    const bus: FanOutBus = {
      publish: async () => {
        throw new Error('connection refused');
      },
      subscribe: () => new Promise(() => undefined),
      close: async () => undefined,
    };
    const { hub, calls } = recordingHub();
    const started = Date.now();
    const network = await createFanOutHubNetwork(hub, bus, silentLog, { startTimeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(1000);
    await network.publish(['news'], 'Probe', 'x');
    await network.closeSession(sessionId);
    expect(calls).toEqual([
      ['publish', ['news'], 'Probe', 'x', undefined],
      ['close', sessionId],
    ]);
  });

  it('starts even when the subscription fails outright', async () => {
    const bus: FanOutBus = {
      publish: async () => undefined,
      subscribe: async () => {
        throw new Error('NOPERM');
      },
      close: async () => undefined,
    };
    const { hub } = recordingHub();
    await expect(createFanOutHubNetwork(hub, bus, silentLog)).resolves.toBeDefined();
  });
});
