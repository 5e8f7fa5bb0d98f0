import { apiPaths, rateHistorySchema } from '@corridor/contracts';
import { count, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fxRates } from './fx.schema.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import { signedInCustomer } from '../../test/factories.ts';
import { TestBrowser } from '../../test/test-browser.ts';
import { waitUntil } from '../../test/wait-for.ts';

const clock = new TestClock();
const testApp = appPerFile({ clock });

const rateCount = async () =>
  (await testApp.database.db.select({ n: count() }).from(fxRates))[0]?.n ?? 0;

const historyOf = (source: string, target: string) =>
  `${apiPaths.rateHistory}?source_currency=${source}&target_currency=${target}`;

/**
 * Waits until the history holds `rows` rates. A refresh that fails is retried 10 s later by
 * design (retryDelaySeconds), so the wait allows one retry; a failure names the count and what
 * the jobs and the refresh logged (CI once saw no rate within 10 s, with nothing to tell why).
 */
async function waitForRates(rows: number) {
  try {
    await waitUntil(async () => (await rateCount()) === rows, 30_000);
  } catch {
    const logged = testApp
      .logs()
      .filter((line) => /^(jobs|fx)\./.test(String(line.event)))
      .map((line) => JSON.stringify(line));
    throw new Error(`${await rateCount()} rates, not ${rows}; logged:\n${logged.join('\n')}`);
  }
}

describe('the refresh job', () => {
  it('stores every refresh in the history, every FX_REFRESH_SECONDS on the clock', async () => {
    // Nothing is fetched at start: the first read or the job does it.
    expect(await rateCount()).toBe(0);
    clock.advance(61 * SECOND);
    await testApp.app.jobs.tick();
    await waitForRates(60);
    // The run is over only once its next run is written; a clock moved before that would put
    // the next run a period after the move, past the tick below (CI saw 60 rates, not 120).
    await testApp.app.jobs.idle(20_000);
    const [first] = await testApp.database.db.select({ at: max(fxRates.as_of) }).from(fxRates);

    clock.advance(61 * SECOND);
    await testApp.app.jobs.tick();
    await waitForRates(120);
    const rows = await testApp.database.db.select().from(fxRates);
    // Two points per pair, each with its own time: a history, nothing replaced.
    expect(new Set(rows.map((row) => row.as_of.toISOString())).size).toBe(2);
    expect(rows.every((row) => row.fetched_at.getTime() >= row.as_of.getTime())).toBe(true);
    const [second] = await testApp.database.db.select({ at: max(fxRates.as_of) }).from(fxRates);
    expect((second?.at?.getTime() ?? 0) - (first?.at?.getTime() ?? 0)).toBeGreaterThanOrEqual(
      61 * SECOND,
    );
  }, 75_000);
});

describe('GET /client/v1/rates/history', () => {
  it("answers a signed-in customer the pair's daily points", async () => {
    const { browser } = await signedInCustomer(testApp.app, testApp.database.db, clock);
    const response = await browser.get(historyOf('GBP', 'INR'));
    expect(response.statusCode).toBe(200);
    const { data } = rateHistorySchema.parse(response.json());
    // The refreshes of this file all fall on today (UTC), or on today and yesterday.
    expect(data.length).toBeGreaterThanOrEqual(1);
    expect(data.at(-1)?.date).toBe(clock.now().toISOString().slice(0, 10));
    expect(data.at(-1)?.rate).toMatch(/^1\d\d\.\d+$/);
  });

  it('refuses a currency that is not an ISO 4217 code, in the reader language', async () => {
    const { browser } = await signedInCustomer(testApp.app, testApp.database.db, clock);
    const english = await browser.get(historyOf('gbp', 'INR'));
    expect(english.statusCode).toBe(422);
    expect(english.json()).toMatchObject({
      message: 'A currency is a three-letter ISO 4217 code. (and 1 more error)',
    });
    const spanish = await browser.request('GET', historyOf('GBP', 'ZZZ'), undefined, {
      'accept-language': 'es',
    });
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json()).toMatchObject({
      errors: { target_currency: ['No trabajamos con esta moneda.'] },
    });
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const browser = new TestBrowser(testApp.app);
    const response = await browser.get(historyOf('GBP', 'INR'));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
