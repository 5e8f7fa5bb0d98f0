import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { OpsRequest, OpsResponse } from './ops-protocol.ts';

/**
 * DATA_DIR/ops.sock (decision 0023): with the embedded database only the server may open
 * DATA_DIR (decision 0001), so the ops CLI asks the running server through a Unix domain socket
 * in that folder. It is never on the network: a file, 0600, in a 0700 folder, so only the
 * server's own user can connect. One JSON line in, one JSON line out, then the connection ends.
 */
export const OPS_SOCKET_NAME = 'ops.sock';

export const opsSocketPath = (dataDir: string) => path.join(dataDir, OPS_SOCKET_NAME);

/** A request line longer than this is not an ops request. */
const MAX_REQUEST_BYTES = 64 * 1024;
/** A silent client is dropped; a decision takes milliseconds. */
const IDLE_TIMEOUT_MS = 30_000;

export interface OpsSocketServer {
  close(): Promise<void>;
}

/** Reads one line (at most `max` bytes) from `socket`, or null when it ends without one. */
function firstLine(socket: net.Socket, max: number): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (line: string | null) => {
      socket.removeAllListeners('data');
      resolve(line);
    };
    socket.on('data', (chunk: Buffer) => {
      const end = chunk.indexOf(0x0a);
      chunks.push(end < 0 ? chunk : chunk.subarray(0, end));
      size += chunk.length;
      if (end >= 0) done(Buffer.concat(chunks).toString('utf8'));
      else if (size > max) done(null);
    });
    socket.once('end', () => done(null));
    socket.once('error', () => done(null));
  });
}

async function answer(
  socket: net.Socket,
  handle: (request: unknown) => Promise<OpsResponse>,
): Promise<void> {
  const line = await firstLine(socket, MAX_REQUEST_BYTES);
  let request: unknown;
  try {
    request = line === null ? null : JSON.parse(line);
  } catch {
    request = null;
  }
  const response: OpsResponse = await handle(request).catch(() => ({
    ok: false,
    error: { code: 'server_error', message: 'The command failed; the server log has details.' },
  }));
  socket.end(`${JSON.stringify(response)}\n`);
}

/**
 * Serves the socket until `close()`. The server holds the data-folder lock, so a socket file
 * left by a crashed predecessor is its own to replace; anything else at that path is refused.
 */
export async function serveOpsSocket(
  socketPath: string,
  handle: (request: unknown) => Promise<OpsResponse>,
): Promise<OpsSocketServer> {
  const existing = fs.lstatSync(socketPath, { throwIfNoEntry: false });
  if (existing && !existing.isSocket()) {
    throw new Error(
      `${socketPath} exists and is not a socket: remove it or choose another DATA_DIR`,
    );
  }
  if (existing) fs.rmSync(socketPath);

  const server = net.createServer((socket) => {
    // A client that goes away mid-answer is no concern of the server's.
    socket.on('error', () => socket.destroy());
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    void answer(socket, handle);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The process's umask (077) already made it 0600; said again so it never depends on that.
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * Asks the server listening on `socketPath`; null when none is (no socket file, or nobody
 * behind it: a server that stopped without removing it).
 */
export function callOpsSocket(
  socketPath: string,
  request: OpsRequest,
  timeoutMs = IDLE_TIMEOUT_MS,
): Promise<OpsResponse | null> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`The server at ${socketPath} did not answer within ${timeoutMs} ms.`));
    });
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').trim();
      try {
        resolve(JSON.parse(text) as OpsResponse);
      } catch {
        reject(new Error(`The server at ${socketPath} sent an answer the CLI cannot read.`));
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
  });
}
