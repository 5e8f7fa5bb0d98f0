/**
 * Property-based robustness of the onboarding API: whatever a client sends (any JSON, nested
 * attribute values, wrong types, deep nesting, huge strings, odd query strings), signed in or not,
 * with or without a country, every endpoint answers with a status of docs/product/api-conventions.md#errors, never a 500, and
 * every error is JSON with a string `message`.
 */
import { apiPaths, countryListSchema } from '@corridor/contracts';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectWellFormed } from '../../test/fuzz-identities.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUpCustomer, TestBrowser } from '../../test/test-browser.ts';

const ALLOWED_STATUSES = [200, 400, 401, 404, 409, 412, 413, 415, 419, 422, 429];
const NUM_RUNS = 60;
const TIMEOUT_MS = 45_000;

let testApp: TestApp;
let app: FastifyInstance;
let countryIds: string[] = [];
type Caller = 'anonymous' | 'no-country' | 'with-country';
const browsers = new Map<Caller, TestBrowser>();

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  const { data } = countryListSchema.parse(
    (await app.inject({ method: 'GET', url: apiPaths.countries })).json(),
  );
  countryIds = data.map((c) => c.id);
  const gb = data.find((c) => c.iso2_alpha === 'GB')?.id;
  browsers.set('anonymous', new TestBrowser(app));
  for (const caller of ['no-country', 'with-country'] as const) {
    const { browser } = await signUpCustomer(app, `fuzz-${caller}@onboarding.test`);
    if (caller === 'with-country')
      expect((await browser.post(apiPaths.updateCountry, { country_id: gb })).statusCode).toBe(200);
    browsers.set(caller, browser);
  }
});
afterAll(() => testApp.close());

/** A real country id (the list is read in beforeAll, after the arbitraries are built). */
const anyCountryId = (n: number) => countryIds[n % Math.max(countryIds.length, 1)] ?? 'x';

const attributeKeys = [
  'name',
  'second_name',
  'third_name',
  'nationality_id',
  'unique_identity_number',
  'birth_detail',
  'address',
  'employment',
  'birth_date',
  'postcode',
  'region',
  'occupation',
  'salary_range',
  'address.postcode',
  '__proto__',
  'constructor',
];
const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 4 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 2 },
  {
    arbitrary: fc.constantFrom('x'.repeat(600), '1990-01-01', '2030-02-30', 'SW1A 1AA'),
    weight: 1,
  },
  { arbitrary: fc.nat().map(anyCountryId), weight: 1 },
  { arbitrary: fc.uuid(), weight: 1 },
);
const values: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.dictionary(
      fc.oneof(fc.constantFrom(...attributeKeys), fc.string({ maxLength: 70 })),
      tie('node'),
      { maxKeys: 5 },
    ),
  ),
})).node;

const deep = fc
  .integer({ min: 4, max: 5_000 })
  .map((depth) => `${'{"address":'.repeat(depth)}"x"${'}'.repeat(depth)}`);

const payload = fc.oneof(
  { arbitrary: values.map((value) => JSON.stringify(value) ?? 'null'), weight: 8 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 100 }), weight: 1 },
  { arbitrary: fc.constantFrom('', '{', 'null', '[]', '{"__proto__":{"a":1}}'), weight: 1 },
);

const callers: Caller[] = ['anonymous', 'no-country', 'with-country'];

async function send(caller: Caller, method: 'GET' | 'POST', url: string, body?: string) {
  const browser = browsers.get(caller);
  if (!browser) throw new Error(`no browser for ${caller}`);
  if (!browser.cookies.has('XSRF-TOKEN')) await browser.get(apiPaths.csrfCookie);
  const options: InjectOptions = {
    method,
    url,
    headers: {
      accept: 'application/json',
      ...(browser.cookies.size > 0 ? { cookie: browser.cookieHeader } : {}),
      'x-xsrf-token': browser.cookies.get('XSRF-TOKEN') ?? '',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  };
  return app.inject(options);
}

const category = fc.oneof(
  fc.constantFrom('identity', 'address', 'employment'),
  fc.string({ maxLength: 12 }),
);

describe('contracts fuzz: onboarding endpoints', () => {
  it(
    'POST /client/v1/update?category= never fails with a 500',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...callers),
          category,
          payload,
          async (caller, c, body) => {
            const url = `${apiPaths.updateAttributes}?category=${encodeURIComponent(c)}`;
            const reply = await send(caller, 'POST', url, body);
            expectWellFormed(
              reply,
              `${caller} POST ${url} ${body.slice(0, 200)}`,
              ALLOWED_STATUSES,
            );
          },
        ),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT_MS,
  );

  const idLike = fc.oneof(fc.uuid(), fc.nat().map(anyCountryId), fc.jsonValue({ maxDepth: 1 }));
  const bodies: [string, fc.Arbitrary<string>][] = [
    [
      apiPaths.updateCountry,
      fc.oneof(
        fc.record({ country_id: idLike }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
        payload,
      ),
    ],
    [
      apiPaths.updateMobileNumber,
      fc.oneof(
        fc
          .record(
            {
              mobile_number_country_id: idLike,
              mobile_number: fc.oneof(
                fc.string({ maxLength: 40 }),
                fc.stringMatching(/^\+?[0-9 ()-]{0,20}$/),
                fc.jsonValue({ maxDepth: 1 }),
              ),
            },
            { requiredKeys: [] },
          )
          .map((v) => JSON.stringify(v)),
        payload,
      ),
    ],
  ];

  it.each(bodies)(
    'POST %s never fails with a 500',
    async (path, body) => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...callers), body, async (caller, sent) => {
          const reply = await send(caller, 'POST', path, sent);
          expectWellFormed(reply, `${caller} POST ${path} ${sent.slice(0, 200)}`, ALLOWED_STATUSES);
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it.each([apiPaths.tasks, apiPaths.sourceCountries])(
    'GET %s answers any query without a 500',
    async (path) => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...callers),
          fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
          async (caller, query) => {
            const qs = new URLSearchParams(query).toString();
            const reply = await send(caller, 'GET', `${path}${qs ? `?${qs}` : ''}`);
            expectWellFormed(reply, `${caller} GET ${path}?${qs}`, ALLOWED_STATUSES);
          },
        ),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT_MS,
  );
});
