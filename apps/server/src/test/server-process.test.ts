import { afterEach, describe, expect, it, vi } from 'vitest';
import { embeddedServerEnvironment } from './server-process.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('embeddedServerEnvironment', () => {
  // CI ran the ops test's embedded server with the suite's REDIS_URL: its fixed email's daily
  // sign-up limit outlived the run in the shared Redis, and the third run that day got 429.
  it('leaves out the shared PostgreSQL and Redis the suite may run on', () => {
    vi.stubEnv('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/test');
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:6379');
    vi.stubEnv('REDIS_PREFIX', 'test:shared:');
    const env = embeddedServerEnvironment({ DATA_DIR: '/tmp/corridor-x', PORT: '4100' });
    expect(env).not.toHaveProperty('DATABASE_URL');
    expect(env).not.toHaveProperty('REDIS_URL');
    expect(env).not.toHaveProperty('REDIS_PREFIX');
    expect(env).toMatchObject({
      DATA_DIR: '/tmp/corridor-x',
      PORT: '4100',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    });
    // Everything else a child needs to run (PATH, HOME) is inherited.
    expect(env.PATH).toBe(process.env.PATH);
  });
});
