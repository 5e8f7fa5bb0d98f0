import { apiPaths } from '@corridor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { requestLineLevel, SLOW_READ_MS } from './request-log.ts';

describe('requestLineLevel (decision 25)', () => {
  it('keeps quick successful reads at debug and everything else at info', () => {
    expect(requestLineLevel('GET', 200, 3)).toBe('debug');
    expect(requestLineLevel('HEAD', 304, 1)).toBe('debug');
    expect(requestLineLevel('GET', 200, SLOW_READ_MS)).toBe('info');
    expect(requestLineLevel('GET', 401, 2)).toBe('info');
    expect(requestLineLevel('GET', 404, 2)).toBe('info');
    expect(requestLineLevel('GET', 503, 2)).toBe('info');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(requestLineLevel(method, 200, 2)).toBe('info');
    }
  });
});

describe('the request log', () => {
  let info: TestApp;
  let debug: TestApp;
  const linesBefore = new Map<TestApp, number>();
  beforeAll(async () => {
    info = await createTestApp();
    debug = await createTestApp({ env: { LOG_LEVEL: 'debug' }, database: info.database });
    // A route's first answer (its cache filled, its code compiled) can pass SLOW_READ_MS on a
    // busy machine and be logged as slow; the reads the tests look at are the routine ones.
    for (const testApp of [info, debug]) {
      await testApp.app.inject({ method: 'GET', url: apiPaths.sourceCountries });
      linesBefore.set(testApp, testApp.logs().length);
    }
  });
  afterAll(async () => {
    await debug.close();
    await info.close();
  });

  const linesOf = (app: TestApp, url: string) =>
    app
      .logs()
      .slice(linesBefore.get(app))
      .filter((line) => line.msg === 'request completed')
      .filter((line) => (line.req as { url?: string } | undefined)?.url === url);

  it('at info, logs a write and a refused read, not a routine read', async () => {
    const countries = await info.app.inject({ method: 'GET', url: apiPaths.sourceCountries });
    expect(countries.statusCode).toBe(200);
    const refused = await info.app.inject({ method: 'GET', url: apiPaths.profile });
    expect(refused.statusCode).toBe(401);
    const write = await info.app.inject({ method: 'POST', url: apiPaths.login, payload: {} });
    expect(write.statusCode).toBeGreaterThanOrEqual(400);

    expect(linesOf(info, apiPaths.sourceCountries)).toEqual([]);
    expect(linesOf(info, apiPaths.profile)).toMatchObject([
      { level: 30, res: { statusCode: 401 }, req: { method: 'GET' } },
    ]);
    expect(linesOf(info, apiPaths.login)).toMatchObject([{ level: 30, req: { method: 'POST' } }]);
  });

  it('at debug, logs every request, the routine reads at debug', async () => {
    const countries = await debug.app.inject({ method: 'GET', url: apiPaths.sourceCountries });
    expect(countries.statusCode).toBe(200);
    expect(linesOf(debug, apiPaths.sourceCountries)).toMatchObject([
      { level: 20, res: { statusCode: 200 }, responseTime: expect.any(Number) },
    ]);
  });
});
