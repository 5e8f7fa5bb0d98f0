import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../db/database.ts';
import { countries } from '../modules/countries/countries.schema.ts';
import { embeddedServerEnvironment, serverDatabase } from './server-process.ts';
import { testEnvironment } from './test-config.ts';

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

describe('serverDatabase', () => {
  // The SIGKILL proof ran its server on the embedded database in the PostgreSQL pass too: the
  // server processes a test starts run on the database the suite runs on.
  it('is of the suite’s kind, migrated and seeded, and gone once removed', async () => {
    const database = await serverDatabase();
    const env = database.environment({ PORT: '4100' });
    const dataDir = env.DATA_DIR ?? '';
    try {
      expect(database.kind).toBe(testEnvironment.databaseUrl ? 'postgres' : 'pglite');
      expect(env).toMatchObject({ PORT: '4100', NODE_ENV: 'test' });
      expect(fs.existsSync(dataDir)).toBe(true);
      if (testEnvironment.databaseUrl) {
        // Its own database on the suite's server, and Redis keys of its own.
        expect(env.DATABASE_URL).not.toBe(testEnvironment.databaseUrl);
        expect(new URL(env.DATABASE_URL ?? '').host).toBe(
          new URL(testEnvironment.databaseUrl).host,
        );
        if (testEnvironment.redisUrl) expect(env.REDIS_PREFIX).toMatch(/^test:/);
      } else {
        expect(env).not.toHaveProperty('DATABASE_URL');
        expect(env).not.toHaveProperty('REDIS_URL');
      }
      const handle = await database.open();
      try {
        const gb = await handle.db.select().from(countries).where(eq(countries.iso2_alpha, 'GB'));
        expect(gb).toHaveLength(1);
      } finally {
        await handle.close();
      }
    } finally {
      await database.remove();
    }
    expect(fs.existsSync(dataDir)).toBe(false);
    if (env.DATABASE_URL) await expect(openAndPing(env.DATABASE_URL)).rejects.toThrow();
  });
});

async function openAndPing(databaseUrl: string): Promise<void> {
  const handle = await openPostgres(databaseUrl);
  try {
    await handle.ping();
  } finally {
    await handle.close();
  }
}
