import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '@corridor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from './db/database.ts';
import { seedReferenceData } from './app/reference-data.ts';
import { verifiedCustomer } from './test/factories.ts';
import { killRunningServers, startServer } from './test/server-process.ts';
import { TestBrowser } from './test/test-browser.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { onPostgresServer } from './test/postgres-server.ts';
import { inheritedEnvironment, testEnvironment } from './test/test-config.ts';
import { waitUntil } from './test/wait-for.ts';

/**
 * `npm run worker` as a scaled deployment runs it: an API process that only sends jobs, and a
 * worker process on the same PostgreSQL database that works them. A forgot-password request
 * answered by the API is mailed by the worker. Only with real services (DATABASE_URL + REDIS_URL).
 */
describe.runIf(Boolean(testEnvironment.databaseUrl && testEnvironment.redisUrl))(
  'npm run worker (needs DATABASE_URL + REDIS_URL)',
  () => {
    const serverUrl = testEnvironment.databaseUrl ?? '';
    const databaseName = `corridor_test_${crypto.randomBytes(6).toString('hex')}`;
    // Built in beforeAll: without DATABASE_URL this body is still read, and runs nothing.
    const databaseUrl = () => {
      const url = new URL(serverUrl);
      url.pathname = `/${databaseName}`;
      return url.toString();
    };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-worker-'));
    let database: DatabaseHandle | undefined;
    let api: TestApp | undefined;

    const onServer = (sql: string) => onPostgresServer(serverUrl, sql);

    beforeAll(async () => {
      await onServer(`create database "${databaseName}"`);
      database = await openPostgres(databaseUrl());
      await database.migrate();
      await seedReferenceData(database.db);
      api = await createTestApp({ database, startJobs: false });
    });

    afterAll(async () => {
      await killRunningServers();
      await api?.close();
      await database?.close();
      await onServer(`drop database if exists "${databaseName}" with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('works the jobs an API process sent, and stops cleanly on SIGTERM', async () => {
      const app = api?.app;
      if (!app) throw new Error('no API app');
      const email = 'worker-reset@example.com';
      await verifiedCustomer(app, email);
      const resetMails = async () => {
        const response = await app.inject({ method: 'GET', url: apiPaths.devMailbox });
        return response
          .json<{ to: string; subject: string }[]>()
          .filter((mail) => mail.to === email && /Reset your Corridor password/.test(mail.subject));
      };

      const answer = await new TestBrowser(app).post(apiPaths.forgotPassword, { email });
      expect(answer.statusCode).toBe(200);
      // This API process works no jobs: the lookup and the mail wait for a worker.
      expect(await resetMails()).toEqual([]);

      const worker = startServer(
        {
          ...inheritedEnvironment(),
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          DATABASE_URL: databaseUrl(),
          REDIS_URL: testEnvironment.redisUrl,
          REDIS_PREFIX: `test:${crypto.randomUUID()}:`,
          DATA_DIR: dataDir,
        },
        'worker',
      );
      await worker.ready;
      await waitUntil(async () => (await resetMails()).length === 1);

      worker.child.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
      expect(await resetMails()).toHaveLength(1);
    });
  },
);
