/**
 * Property-based robustness of the accounts API: whatever a client sends (any JSON, the right
 * keys with the wrong types, missing fields, 100 kB strings, deep nesting, bytes that are not
 * JSON, odd content types), signed in or not, every endpoint answers with one of the statuses of
 * docs/product/api-conventions.md#errors, never a 500, and every error is JSON with a string `message`.
 */
import { apiPaths } from '@corridor/contracts';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectWellFormed, fuzzIdentities, type FuzzIdentity } from '../../test/fuzz-identities.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUpCustomer, STRONG_PASSWORD } from '../../test/test-browser.ts';

const ALLOWED_STATUSES = [200, 201, 204, 400, 401, 404, 409, 412, 413, 415, 419, 422, 429];
const NUM_RUNS = 40;
// Generous: valid-looking sign-ups and sign-ins cost an argon2 hash, and CI machines are shared.
const TIMEOUT_MS = 45_000;

let testApp: TestApp;
let app: FastifyInstance;
let newIdentity: ReturnType<typeof fuzzIdentities>;
let customerId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  newIdentity = fuzzIdentities(app, testApp.database.db, 'contracts-fuzz');
  customerId = (await signUpCustomer(app, 'fuzz-owner@contracts.test')).customer.id;
});
afterAll(() => testApp.close());

/** Who calls: a fresh session each time, so one run cannot spoil the next (logout, limits). */
type Caller = 'anonymous' | 'anonymous-without-token' | 'mfa-pending' | 'signed-in';
const callers: Caller[] = ['anonymous', 'anonymous-without-token', 'mfa-pending', 'signed-in'];

async function identify(caller: Caller): Promise<FuzzIdentity> {
  if (caller === 'anonymous-without-token') return { headers: {} };
  if (caller === 'anonymous') return newIdentity({ kind: 'anonymous' });
  return newIdentity({ kind: caller, customerId });
}

type Reply = LightMyRequestResponse;

// --- what a client might send ------------------------------------------------------------

const hugeString = fc.constantFrom(
  'x'.repeat(100 * 1024),
  'Aa1-'.repeat(25 * 1024),
  `${'7'.repeat(100 * 1024)}@example.com`,
);

function nested(depth: number, array: boolean): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = array ? [value] : { a: value };
  return value;
}
/** Nested values that JSON.stringify can still write (it recurses). */
const deepValue = fc
  .tuple(fc.integer({ min: 10, max: 500 }), fc.boolean())
  .map(([depth, array]) => nested(depth, array));
/** Far deeper nesting, written directly as JSON text. */
const veryDeepJson = fc
  .tuple(fc.integer({ min: 1000, max: 100_000 }), fc.boolean())
  .map(([depth, array]) =>
    array
      ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** A value for a field: anything JSON, or something close to right. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.emailAddress(), weight: 1 },
  { arbitrary: fc.stringMatching(/^\d{6}$/), weight: 1 },
  { arbitrary: fc.constant(STRONG_PASSWORD), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: deepValue, weight: 1 },
);

/** The endpoint's own keys, any of them missing, with any values, plus stray keys. */
const objectWithKeys = (keys: readonly string[]) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, fieldValue])), { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    )
    .map(([known, stray]) => JSON.stringify({ ...stray, ...known }));

const oddPayloads = fc.constantFrom(
  '',
  '{',
  '{"email":',
  'null',
  '[]',
  '"text"',
  '42',
  'true',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\uFEFF{}',
  'NaN',
  '{"email":"a@example.com",}',
  `{"a":${'['.repeat(20_000)}`,
  JSON.stringify({ email: 'x'.repeat(1_100_000) }),
);

const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 8 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/vnd.api+json',
      'application/octet-stream',
    ),
    weight: 2,
  },
);

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

const bodyFor = (keys: readonly string[]): fc.Arbitrary<Body> =>
  fc.oneof(
    { arbitrary: fc.constant<Body>({}), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.oneof(
            { arbitrary: objectWithKeys(keys), weight: 5 },
            { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 3 },
            { arbitrary: deepValue.map((value) => JSON.stringify(value)), weight: 1 },
            { arbitrary: veryDeepJson, weight: 1 },
            { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }), weight: 3 },
            {
              arbitrary: fc
                .uint8Array({ maxLength: 200 })
                .map((bytes): string | Buffer => Buffer.from(bytes)),
              weight: 1,
            },
            { arbitrary: oddPayloads, weight: 2 },
          ),
          contentType,
        )
        .map(([payload, type]) => ({ payload, contentType: type })),
      weight: 12,
    },
  );

async function send(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  identity: FuzzIdentity,
  body: Body = {},
): Promise<Reply> {
  const options: InjectOptions = {
    method,
    url,
    headers: {
      accept: 'application/json',
      ...identity.headers,
      ...(body.contentType ? { 'content-type': body.contentType } : {}),
    },
    ...(body.payload !== undefined ? { payload: body.payload } : {}),
  };
  return app.inject(options);
}

// --- the properties ----------------------------------------------------------------------

const postEndpoints: [path: string, keys: readonly string[]][] = [
  [apiPaths.signup, ['email', 'password', 'confirm_password']],
  [apiPaths.login, ['email', 'password', 'remember']],
  [apiPaths.mfa, ['otp']],
  [apiPaths.resendMfaOtp, []],
  [apiPaths.logout, []],
  [apiPaths.resendEmailVerification, []],
  [apiPaths.verifyEmailAddress, ['otp']],
  [apiPaths.forgotPassword, ['email']],
  [apiPaths.resetPassword, ['token', 'password', 'confirm_password']],
  [apiPaths.changePassword, ['current_password', 'password', 'confirm_password']],
];

describe('contracts fuzz: POST endpoints of the accounts feature', () => {
  it.each(postEndpoints)(
    'POST %s never fails with a 500 or an unshaped error',
    async (path, keys) => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...callers), bodyFor(keys), async (caller, body) => {
          const reply = await send('POST', path, await identify(caller), body);
          expectWellFormed(
            reply,
            `${caller} POST ${path} ${JSON.stringify(body).slice(0, 200)}`,
            ALLOWED_STATUSES,
          );
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT_MS,
  );
});

const queryString = fc
  .dictionary(
    fc.oneof(fc.constant('page'), fc.string({ maxLength: 10 })),
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.integer().map(String),
      fc.double().map(String),
      fc.constantFrom('', '0', '-1', '1e400', 'Infinity', '100001', '2'),
    ),
    { maxKeys: 3 },
  )
  .map((params) => {
    const query = new URLSearchParams(Object.entries(params)).toString();
    return query ? `?${query}` : '';
  });

describe('contracts fuzz: GET endpoints of the accounts feature', () => {
  it.each([apiPaths.profile, apiPaths.passwordPolicy, apiPaths.devices])(
    'GET %s answers any query, signed in or not, without a 500',
    async (path) => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...callers), queryString, async (caller, query) => {
          const reply = await send('GET', `${path}${query}`, await identify(caller));
          expectWellFormed(reply, `${caller} GET ${path}${query}`, ALLOWED_STATUSES);
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT_MS,
  );
});

describe('contracts fuzz: DELETE device', () => {
  const SELF = '<self>';
  const SIBLING = '<sibling>';
  const deviceId = fc.oneof(
    { arbitrary: fc.uuid(), weight: 3 },
    { arbitrary: fc.constantFrom(SELF, SIBLING), weight: 2 },
    {
      arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }).map(encodeURIComponent),
      weight: 2,
    },
    { arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 60 }), weight: 2 },
    {
      arbitrary: fc.constantFrom('%', '%E0%A4%A', '..', '%2e%2e', 'a%00b', '%2F', '%20', ''),
      weight: 1,
    },
  );

  it(
    'DELETE /client/v1/device/{random string} never fails with a 500 or an unshaped error',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...callers), deviceId, async (caller, id) => {
          const identity = await identify(caller);
          const resolved =
            id === SELF
              ? (identity.sessionId ?? id)
              : id === SIBLING
                ? (identity.siblingId ?? id)
                : id;
          const reply = await send('DELETE', `/client/v1/device/${resolved}`, identity);
          expectWellFormed(
            reply,
            `${caller} DELETE device ${JSON.stringify(resolved)}`,
            ALLOWED_STATUSES,
          );
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT_MS,
  );
});
