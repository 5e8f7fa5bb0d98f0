import { afterEach, beforeAll } from 'vitest';
import type WebSocket from 'ws';
import type { PusherCredentials } from '../modules/realtime/protocol.ts';
import { appPerFile, type FileTestApp } from './app-per-file.ts';
import { disconnectAll, listenOnLoopback, pusherEnv } from './realtime-client.ts';

export interface RealtimeFileTestApp extends FileTestApp {
  /** The port the app listens on, on 127.0.0.1. */
  readonly port: number;
  /** The pusher-js clients and raw sockets a test opened: ended after each test. */
  readonly clients: { disconnect(): void }[];
  readonly sockets: WebSocket[];
}

/**
 * One app for a realtime test file (see appPerFile), with `credentials`, listening on a real port
 * for pusher-js and raw WebSocket clients.
 */
export function realtimeAppPerFile(credentials: PusherCredentials): RealtimeFileTestApp {
  const testApp = appPerFile({ env: pusherEnv(credentials) });
  const clients: { disconnect(): void }[] = [];
  const sockets: WebSocket[] = [];
  let port: number | undefined;
  beforeAll(async () => {
    port = await listenOnLoopback(testApp.app);
  });
  afterEach(() => disconnectAll(clients, sockets));
  return {
    get app() {
      return testApp.app;
    },
    get database() {
      return testApp.database;
    },
    logs: () => testApp.logs(),
    get statements() {
      return testApp.statements;
    },
    get port() {
      if (port === undefined) throw new Error('the app listens from beforeAll on');
      return port;
    },
    clients,
    sockets,
  };
}
