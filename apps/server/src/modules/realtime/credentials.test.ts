import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/index.ts';
import { resolvePusherCredentials } from './credentials.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
  }
  throw new Error('expected a ConfigError');
}

describe('realtime configuration', () => {
  it('generates credentials once and keeps them in DATA_DIR/realtime.json', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-realtime-'));
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await resolvePusherCredentials(config);
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(first.secret.length).toBeGreaterThanOrEqual(16);
    expect(await resolvePusherCredentials(config)).toEqual(first);
    const stat = fs.statSync(path.join(dataDir, 'realtime.json'));
    expect(stat.mode & 0o077).toBe(0);
  });

  it('uses the configured credentials and validates each variable', async () => {
    const env = {
      DATA_DIR: '/nonexistent',
      PUSHER_APP_ID: 'app1',
      PUSHER_APP_KEY: 'key-12345',
      PUSHER_APP_SECRET: 'secret-0123456789',
    };
    expect(await resolvePusherCredentials(loadConfig(env))).toEqual({
      appId: 'app1',
      key: 'key-12345',
      secret: 'secret-0123456789',
    });
    expect(loadConfig(env).pusher.cluster).toBe('ap4');
    expect(problemsOf({ PUSHER_APP_KEY: 'key-12345' })[0]).toMatch(/set all three, or none/);
    expect(problemsOf({ ...env, PUSHER_SCHEME: 'ftp' })).toEqual([
      'PUSHER_SCHEME: must be http or https',
    ]);
    expect(problemsOf({ ...env, PUSHER_PORT: 'x' })).toEqual([
      'PUSHER_PORT: must be a whole number between 0 and 65535',
    ]);
    expect(problemsOf({ ...env, PUSHER_APP_SECRET: 'short' })[0]).toMatch(/^PUSHER_APP_SECRET:/);
  });
});
