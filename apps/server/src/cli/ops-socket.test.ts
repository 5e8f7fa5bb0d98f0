import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OpsResponse } from './ops-protocol.ts';
import { callOpsSocket, opsSocketPath, serveOpsSocket } from './ops-socket.ts';

/** DATA_DIR/ops.sock itself (decision 0023): one JSON line each way, private, never stale. */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-ops-socket-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const echo = async (request: unknown): Promise<OpsResponse> =>
  request === null
    ? { ok: false, error: { code: 'bad_request', message: 'Not an ops request.' } }
    : { ok: true, result: request };

/** What a raw client gets for `bytes`. */
function raw(socketPath: string, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath, () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the ops socket', () => {
  it('answers one request, is its owner’s alone, and is gone once closed', async () => {
    const socketPath = opsSocketPath(path.join(folder, 'a'));
    fs.mkdirSync(path.dirname(socketPath), { mode: 0o700 });
    const server = await serveOpsSocket(socketPath, echo);
    expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
    const request = { command: 'documents:show', id: 'x' } as const;
    expect(await callOpsSocket(socketPath, request)).toEqual({ ok: true, result: request });
    await server.close();
    expect(fs.existsSync(socketPath)).toBe(false);
    // Nobody listening: the CLI goes to the database instead.
    expect(await callOpsSocket(socketPath, request)).toBeNull();
  });

  it('replaces a socket a crashed server left, and refuses any other file there', async () => {
    const socketPath = opsSocketPath(path.join(folder, 'b'));
    fs.mkdirSync(path.dirname(socketPath), { mode: 0o700 });
    // A server killed while it listened: its socket file stays, with nobody behind it.
    const crashed = spawn(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => console.log('ready'))`,
    ]);
    await new Promise<void>((resolve) => crashed.stdout.once('data', () => resolve()));
    crashed.kill('SIGKILL');
    await new Promise((resolve) => crashed.once('exit', resolve));
    expect(fs.statSync(socketPath).isSocket()).toBe(true);
    expect(await callOpsSocket(socketPath, { command: 'documents:list' })).toBeNull();
    const server = await serveOpsSocket(socketPath, echo);
    expect(await callOpsSocket(socketPath, { command: 'documents:list' })).toMatchObject({
      ok: true,
    });
    await server.close();

    fs.writeFileSync(socketPath, 'not a socket');
    await expect(serveOpsSocket(socketPath, echo)).rejects.toThrow('is not a socket');
    expect(fs.readFileSync(socketPath, 'utf8')).toBe('not a socket');
  });

  it('answers what is not one JSON line of a reasonable size as a bad request', async () => {
    const socketPath = opsSocketPath(path.join(folder, 'c'));
    fs.mkdirSync(path.dirname(socketPath), { mode: 0o700 });
    const server = await serveOpsSocket(socketPath, echo);
    const badRequest = JSON.stringify({
      ok: false,
      error: { code: 'bad_request', message: 'Not an ops request.' },
    });
    expect((await raw(socketPath, 'not json\n')).trim()).toBe(badRequest);
    expect((await raw(socketPath, `"${'x'.repeat(70 * 1024)}`)).trim()).toBe(badRequest);
    await server.close();
  });
});
