import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { fxRates } from './fx.schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { createUnitOfWork } from '../../lib/unit-of-work.ts';
import { ManualClock, MINUTE } from '../../test/clock.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import {
  createFxModule,
  FxRateUnavailableError,
  seededRandom,
  type FxRateProvider,
} from './index.ts';

const recorded = fs.readFileSync(
  path.join(import.meta.dirname, 'fixtures/eurofxref-daily-2026-11-20.xml'),
  'utf8',
);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(fxRates);
});

function fxModule(options: {
  clock: Clock;
  provider?: FxRateProvider;
  ecb?: string;
  maxAgeSeconds?: number;
}) {
  const lines: Record<string, unknown>[] = [];
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    }),
  );
  const module = createFxModule({
    db: database.db,
    uow: createUnitOfWork(database.db, async () => {}),
    clock: options.clock,
    random: seededRandom('fx.service.test'),
    log,
    config: {
      fx: {
        provider: options.ecb === undefined ? 'sandbox' : 'ecb',
        refreshSeconds: 60,
        maxAgeSeconds: options.maxAgeSeconds ?? 900,
      },
    },
    ...(options.provider ? { provider: options.provider } : {}),
    ...(options.ecb !== undefined ? { fetchEcb: async () => options.ecb ?? '' } : {}),
  });
  return { service: module.service, lines };
}

const rateCount = async () => (await database.db.select({ n: count() }).from(fxRates))[0]?.n ?? 0;

describe('latestRate', () => {
  it('refreshes once when no rate is fresh, then answers from the history', async () => {
    const clock = new ManualClock(new Date('2026-11-24T10:00:00Z'));
    const { service } = fxModule({ clock });
    const latest = await service.latestRate('GBP', 'INR');
    expect(latest.as_of).toEqual(clock.now());
    expect(latest.rate).toMatch(/^112\.\d+$/);
    expect(await rateCount()).toBe(60);
    // Fresh: no second refresh.
    await service.latestRate('USD', 'JPY');
    expect(await rateCount()).toBe(60);
  });

  it('answers the typed 503 once the latest rate is older than FX_MAX_AGE_SECONDS', async () => {
    const clock = new ManualClock(new Date('2026-11-24T10:00:00Z'));
    const { service } = fxModule({ clock, maxAgeSeconds: 900 });
    const { rate, as_of } = await service.latestRate('GBP', 'INR');
    clock.advance(15 * MINUTE); // exactly the maximum age: still quoted
    expect(await service.latestRate('GBP', 'INR')).toEqual({ rate, as_of });

    clock.advance(1000);
    const error = await service.latestRate('GBP', 'INR').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FxRateUnavailableError);
    expect(error).toMatchObject({ status: 503, reason: 'stale', asOf: as_of, base: 'GBP' });
    expect((error as FxRateUnavailableError).toBody('es')).toEqual({
      message:
        'Ahora mismo no podemos obtener el tipo de cambio de GBP a INR. Vuelve a intentarlo en unos minutos.',
    });
    // The next refresh makes it fresh again.
    await service.refresh();
    expect((await service.latestRate('GBP', 'INR')).as_of).toEqual(clock.now());
  });

  it('answers the typed 503 for a pair no provider rate exists for', async () => {
    const clock = new ManualClock(new Date('2026-11-24T10:00:00Z'));
    const { service } = fxModule({ clock });
    await expect(service.latestRate('GBP', 'EUR')).rejects.toMatchObject({
      code: 'fx_rate_unavailable',
      reason: 'missing',
      message:
        'We cannot get a GBP to EUR exchange rate right now. Please try again in a few minutes.',
    });
  });

  it('with the ECB: quotes what it publishes, 503 for the others, for four days', async () => {
    const clock = new ManualClock(new Date('2026-11-21T09:00:00Z'));
    const { service } = fxModule({ clock, ecb: recorded, maxAgeSeconds: 4 * 24 * 3600 });
    expect(await service.latestRate('GBP', 'INR')).toEqual({
      rate: '112.5874922',
      as_of: new Date('2026-11-20T13:10:00Z'),
    });
    await expect(service.latestRate('GBP', 'NGN')).rejects.toMatchObject({ reason: 'missing' });
    // Friday's rates last the weekend; four days after they were set they are stale.
    clock.advance(3 * 24 * 60 * MINUTE);
    await expect(service.latestRate('EUR', 'PLN')).resolves.toMatchObject({ rate: '4.248' });
    clock.advance(5 * 60 * MINUTE);
    await expect(service.latestRate('EUR', 'PLN')).rejects.toMatchObject({ reason: 'stale' });
  });
});

describe('refresh', () => {
  it('stores a failing provider nothing, deletes nothing, logs it and fails for a retry', async () => {
    const clock = new ManualClock(new Date('2026-11-24T10:00:00Z'));
    await fxModule({ clock }).service.refresh();
    let failing = false;
    const provider: FxRateProvider = {
      name: 'sandbox',
      fetchRates: async () => {
        if (failing) throw new Error('provider down');
        return [];
      },
    };
    const { service, lines } = fxModule({ clock, provider });
    failing = true;
    await expect(service.refresh()).rejects.toThrow('provider down');
    expect(await rateCount()).toBe(60);
    expect(lines).toContainEqual(
      expect.objectContaining({ event: 'fx.refresh_failed', provider: 'sandbox', level: 40 }),
    );
  });

  it('refuses rates that are not what they claim, and keeps the others', async () => {
    const clock = new ManualClock(new Date('2026-11-24T10:00:00Z'));
    const now = clock.now();
    const provider: FxRateProvider = {
      name: 'sandbox',
      fetchRates: async () => [
        { base: 'GBP', quote: 'INR', rate: '112.5', as_of: now },
        { base: 'GBP', quote: 'INR', rate: '-1', as_of: new Date(now.getTime() - 1000) },
        { base: 'GBP', quote: 'KES', rate: '0', as_of: now },
        { base: 'GBP', quote: 'PHP', rate: '1e2', as_of: now },
        { base: 'GBP', quote: 'MXN', rate: '23.1', as_of: new Date(now.getTime() + 3_600_000) },
        { base: 'GBP', quote: 'CHF', rate: '1.1', as_of: now },
      ],
    };
    const { service, lines } = fxModule({ clock, provider });
    expect(await service.refresh()).toBe(1);
    const refused = lines.filter((line) => line.event === 'fx.rate_refused');
    expect(refused.map((line) => line.problem)).toEqual([
      'not a positive decimal',
      'zero',
      'not a positive decimal',
      'dated in the future',
      'not a pair Corridor quotes',
    ]);
    const stored = await database.db
      .select()
      .from(fxRates)
      .where(and(eq(fxRates.base_currency, 'GBP'), eq(fxRates.quote_currency, 'INR')));
    expect(stored).toMatchObject([{ rate: '112.5', provider: 'sandbox', fetched_at: now }]);
  });
});

describe('history', () => {
  it("gives each of the last 30 days' last rate, oldest first, skipping days without one", async () => {
    const clock = new ManualClock(new Date('2026-11-24T09:40:00Z'));
    const at = (time: string, rate: string, quote = 'INR') => ({
      provider: 'sandbox',
      base_currency: 'GBP',
      quote_currency: quote,
      rate,
      as_of: new Date(time),
      fetched_at: new Date(time),
    });
    await database.db.insert(fxRates).values([
      at('2026-10-25T23:59:59Z', '100'), // 31 days ago: out of the window
      at('2026-10-26T00:00:00Z', '101'),
      at('2026-10-26T12:00:00Z', '101.5'),
      at('2026-11-22T00:00:01Z', '110'),
      at('2026-11-22T23:59:59.999Z', '111.25'),
      at('2026-11-24T08:00:00Z', '112'),
      at('2026-11-24T09:30:00Z', '112.75'), // fresh: no refresh is needed
      at('2026-11-24T09:35:00Z', '99', 'PHP'), // another pair
    ]);
    const { service } = fxModule({ clock });
    expect(await service.history('GBP', 'INR')).toEqual([
      { date: '2026-10-26', rate: '101.5' },
      { date: '2026-11-22', rate: '111.25' },
      { date: '2026-11-24', rate: '112.75' },
    ]);
    expect(await service.history('GBP', 'INR', 3)).toEqual([
      { date: '2026-11-22', rate: '111.25' },
      { date: '2026-11-24', rate: '112.75' },
    ]);
    expect(await service.history('USD', 'INR')).toEqual([]);
  });
});
