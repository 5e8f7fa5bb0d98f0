/**
 * Issue 12, "Dates as clients send them": the original product's date pickers send a date field
 * as an ISO 8601 date-time ("1990-11-12T18:27:00.000Z"). The server reads it as its calendar
 * date in UTC and answers YYYY-MM-DD; anything else is the same 422 as before, and every date
 * rule (a real date, not in the future, from 1900, 18 or over) still holds.
 */
import { calendarDateOf, countryListSchema, customerSchema } from '@corridor/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../test/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';
import { BIRTH_DATE_MESSAGES } from './attribute-validation.ts';

const clock = new TestClock();
let testApp: TestApp;
let gb: string;

beforeAll(async () => {
  testApp = await createTestApp({ clock });
  const list = countryListSchema.parse(
    (await testApp.app.inject({ method: 'GET', url: '/client/v1/countries' })).json(),
  );
  const found = list.data.find((country) => country.iso2_alpha === 'GB');
  if (!found) throw new Error('no GB');
  gb = found.id;
});
afterAll(() => testApp.close());

/** The message a malformed date has always had (the catalogue's, for its YYYY-MM-DD pattern). */
const FORMAT_MESSAGE = 'Enter the date as YYYY-MM-DD.';

let customers = 0;
/** A customer in the United Kingdom, from an address of its own (sign-up is limited per address). */
async function ukCustomer(): Promise<TestBrowser> {
  customers += 1;
  const ip = `10.42.${customers >> 8}.${customers & 255}`;
  const client = {
    inject: (options: InjectOptions) => testApp.app.inject({ ...options, remoteAddress: ip }),
  } as unknown as FastifyInstance;
  const browser = new TestBrowser(client);
  const signUp = await browser.post('/client/v1/signup', {
    email: `client-dates-${customers}@example.com`,
    password: STRONG_PASSWORD,
    confirm_password: STRONG_PASSWORD,
  });
  expect(signUp.statusCode).toBe(201);
  expect((await browser.post('/client/v1/update-country', { country_id: gb })).statusCode).toBe(
    200,
  );
  return browser;
}

const sendBirthDate = (browser: TestBrowser, value: string) =>
  browser.post('/client/v1/update?category=identity', { birth_detail: { birth_date: value } });

async function errorsOf(browser: TestBrowser, value: string): Promise<string[] | undefined> {
  const response = await sendBirthDate(browser, value);
  expect(response.statusCode, value).toBe(422);
  return response.json<{ errors?: Record<string, string[]> }>().errors?.['birth_detail.birth_date'];
}

/** YYYY-MM-DD, `years` years and `days` days before the test clock's today (UTC). */
function dateBefore(years: number, days = 0): string {
  const now = clock.now();
  return new Date(
    Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - days),
  )
    .toISOString()
    .slice(0, 10);
}

describe('a date-time for a date field', () => {
  it.each([
    ['1990-11-12T18:27:00.000Z', '1990-11-12'],
    // The original product's own answers carry six fractional digits.
    ['1990-12-10T00:00:00.000000Z', '1990-12-10'],
    ['1990-11-12T18:27Z', '1990-11-12'],
    ['1990-11-12T18:27:59Z', '1990-11-12'],
    // The calendar date in UTC, not the one written: behind UTC it can be the next day…
    ['1990-11-12T23:30:00-02:00', '1990-11-13'],
    // …and ahead of UTC the day before (a picker at local midnight east of Greenwich).
    ['1990-11-13T00:00:00.000+01:00', '1990-11-12'],
    ['1990-11-13T03:27:00+0900', '1990-11-12'],
    ['1991-01-01T00:00:00+14:00', '1990-12-31'],
    ['2000-02-29T12:00:00Z', '2000-02-29'],
    ['  1990-11-12T18:27:00.000Z  ', '1990-11-12'],
  ])('accepts %s as %s and answers YYYY-MM-DD', async (sent, stored) => {
    const browser = await ukCustomer();
    const response = await sendBirthDate(browser, sent);
    expect(response.statusCode).toBe(200);
    const customer = customerSchema.parse(response.json());
    expect(customer.birth_detail?.birth_date).toBe(stored);
    expect(customer.attributes.find((a) => a.attribute === 'birth_detail.birth_date')?.value).toBe(
      stored,
    );
    const profile = customerSchema.parse((await browser.get('/client/v1/profile')).json());
    expect(profile.birth_detail?.birth_date).toBe(stored);
  });

  it('refuses anything else with the same message as before', async () => {
    const browser = await ukCustomer();
    for (const value of [
      '12/11/1990',
      '1990-11-12T18:27:00',
      '1990-11-12T18:27:00.000',
      '1990-11-12 18:27:00Z',
      '1990-11-12t18:27:00z',
      '1990-11-12T18Z',
      '1990-11-12T24:00:00Z',
      '1990-11-12T18:60:00Z',
      '1990-11-12T18:27:60Z',
      '1990-11-12T18:27:00+24:00',
      '1990-11-12T18:27:00+01:60',
      '1990-11-12T18:27:00+1',
      '1990-11-12T18:27:00.Z',
      '1990-11-12T18:27:00ZZ',
      '+1990-11-12T18:27:00Z',
      '19901112T182700Z',
      '1990-11-12T18:27:00.000Z junk',
    ]) {
      expect(await errorsOf(browser, value), value).toEqual([FORMAT_MESSAGE]);
    }
    expect((await browser.get('/client/v1/profile')).json()).toMatchObject({ birth_detail: null });
  });

  it('keeps every date rule, judged on the calendar date in UTC', async () => {
    const browser = await ukCustomer();
    // A day that does not exist is not a real date, written either way.
    expect(await errorsOf(browser, '1990-02-30T10:00:00Z')).toEqual([BIRTH_DATE_MESSAGES.notADate]);
    expect(await errorsOf(browser, '1990-13-01T10:00:00Z')).toEqual([BIRTH_DATE_MESSAGES.notADate]);
    // From 1900: the first minutes of 1900 in Paris are still 1899 in UTC.
    expect(await errorsOf(browser, '1899-12-31T23:59:59Z')).toEqual([BIRTH_DATE_MESSAGES.tooEarly]);
    expect(await errorsOf(browser, '1900-01-01T00:30:00+01:00')).toEqual([
      BIRTH_DATE_MESSAGES.tooEarly,
    ]);
    expect((await sendBirthDate(browser, '1900-01-01T00:00:00Z')).statusCode).toBe(200);
    // Not in the future.
    expect(await errorsOf(browser, `${dateBefore(0, -2)}T00:00:00Z`)).toEqual([
      BIRTH_DATE_MESSAGES.future,
    ]);
    // 18 or over: 18 years ago today is enough, a day less is not.
    expect(await errorsOf(browser, `${dateBefore(18, -1)}T12:00:00Z`)).toEqual([
      BIRTH_DATE_MESSAGES.tooYoung,
    ]);
    const eighteen = dateBefore(18);
    const ok = await sendBirthDate(browser, `${eighteen}T12:00:00.000Z`);
    expect(ok.statusCode).toBe(200);
    expect(customerSchema.parse(ok.json()).birth_detail?.birth_date).toBe(eighteen);
  });

  it('still takes YYYY-MM-DD as it is', async () => {
    const browser = await ukCustomer();
    const response = await sendBirthDate(browser, '1990-11-12');
    expect(response.statusCode).toBe(200);
    expect(customerSchema.parse(response.json()).birth_detail?.birth_date).toBe('1990-11-12');
  });
});

describe('calendarDateOf', () => {
  it('reads a date-time with a zone as its UTC calendar date and leaves anything else alone', () => {
    expect(calendarDateOf('1990-11-12T18:27:00.000Z')).toBe('1990-11-12');
    expect(calendarDateOf('1990-11-12T22:00:00-02:00')).toBe('1990-11-13');
    expect(calendarDateOf('1990-01-01T00:00:00+00:01')).toBe('1989-12-31');
    expect(calendarDateOf('1990-02-30T00:00:00Z')).toBe('1990-02-30');
    // Years below 100 stay themselves (Date.UTC would read 0050 as 1950).
    expect(calendarDateOf('0050-06-01T12:00:00Z')).toBe('0050-06-01');
    expect(calendarDateOf('0000-01-01T00:00:00+01:00')).toBe('0000-01-01');
    for (const value of ['1990-11-12', '', 'tomorrow', '1990-11-12T18:27:00', '1990-11-12T25:00Z'])
      expect(calendarDateOf(value)).toBe(value);
  });
});
