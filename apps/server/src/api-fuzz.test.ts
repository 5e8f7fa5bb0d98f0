/**
 * Issue 11, "Done when": a property-based test over every endpoint of the API. Whatever a client
 * sends — control characters (C0, C1, DEL), NUL, lone surrogates (escaped in JSON and as raw
 * invalid UTF-8), 1 MB strings and bodies just over the 1 MiB limit, 10,000 levels of nesting,
 * `__proto__` / `constructor` / `prototype` keys, invalid percent-encoding in the path and the
 * query, path segments over 100 and over 10,000 characters, wrong content types, empty bodies,
 * the right keys with the wrong types — anonymous (with or without the XSRF token), owing the
 * second factor, signed in (with or without a country) or with forged cookies, every answer:
 *
 * - has a status of docs/product/api-conventions.md#errors, never a 5xx;
 * - carries the security headers (helmet's, `cache-control: no-store`, `x-request-id`);
 * - is JSON when it has a body, and an error is the envelope `{message}` (`errors` for 422,
 *   `type` for 409 and 412, `Retry-After` with 429);
 * - never shows a stack or a file path, and never echoes the request: every fuzzed string carries
 *   MARK, which must not come back (except where the contract returns what the caller saved);
 * - logs no stack for a 4xx, and leaves Object.prototype alone.
 *
 * The routes are not listed by hand: the app is built with an `onRoute` hook that records every
 * route it registers (see the `vi.mock` below), and the last tests fail when a route under
 * /client/, /sanctum/, /broadcasting/, /dev/ or /apps/ was never reached. Only the WebSocket
 * upgrade of `/app/:key` is out of reach of `inject` (realtime.*.test.ts drive it over a real
 * socket); its plain HTTP GET is fuzzed like any route. The SPA and its static files are not
 * registered in tests (http-hardening.test.ts covers the fallback).
 *
 * A failure is shrunk by fast-check and reported as endpoint, caller, request and answer.
 * API_FUZZ_SURVEY=1 keeps going instead and prints every distinct problem at the end;
 * API_FUZZ_RUNS sets the number of random runs per route (30).
 */
import crypto from 'node:crypto';
import {
  apiPaths,
  countryListSchema,
  customerSchema,
  routePatterns,
  textProblem,
} from '@corridor/contracts';
import fc from 'fast-check';
import type * as FastifyModule from 'fastify';
import type {
  FastifyInstance,
  FastifyServerOptions,
  InjectOptions,
  LightMyRequestResponse,
} from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from './app.ts';
import { fuzzIdentities, type FuzzIdentity } from './test/fuzz-identities.ts';
import { API_SECURITY_HEADER_NAMES, PAGE_SECURITY_HEADER_NAMES } from './test/security-headers.ts';
import { createTestApp, testConfig } from './test/test-app.ts';
import { signUpCustomer, STRONG_PASSWORD } from './test/test-browser.ts';

// --- what the app registers, handles and logs ----------------------------------------------

interface RecordedRoute {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
  access: unknown;
}

const observed = vi.hoisted(() => ({
  /** Every route, as the `onRoute` hook saw it (one entry per method). */
  routes: [] as RecordedRoute[],
  /** `METHOD url` of every route that answered at least one request. */
  handled: new Set<string>(),
  /** Every log line, as written (a copy of what createTestApp().logs() parses). */
  logLines: [] as string[],
}));

/**
 * buildApp registers its routes before createTestApp's `beforeReady` runs, and `onRoute` only
 * sees routes declared after it; so the Fastify factory itself is wrapped: the hooks are the
 * first thing on the root instance, and every plugin context inherits them. They only record.
 */
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  type Options = FastifyServerOptions;
  const create = (options?: Options) => {
    const logger = options?.logger;
    let withTee = options;
    if (logger && typeof logger === 'object' && 'stream' in logger && logger.stream) {
      const target = logger.stream;
      const stream = {
        write(chunk: string) {
          observed.logLines.push(...String(chunk).split('\n').filter(Boolean));
          return target.write(chunk);
        },
      };
      withTee = { ...options, logger: { ...logger, stream } } as Options;
    }
    const app = actual.default(withTee ?? {});
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        observed.routes.push({
          method,
          url: route.url,
          schema: route.schema as Record<string, unknown> | undefined,
          access: (route.config as { access?: unknown } | undefined)?.access,
        });
      }
    });
    app.addHook('onResponse', async (request) => {
      const url = request.routeOptions.url;
      if (url !== undefined) observed.handled.add(`${request.method} ${url}`);
    });
    return app;
  };
  const wrapped = Object.assign(create, actual.default) as unknown as typeof actual.default;
  return { ...actual, default: wrapped, fastify: wrapped };
});

/** In every fuzzed string, lower case (the uuid parameter is lower-cased): must never come back. */
const MARK = 'qzfuzzmark';
/** Stand for the caller's own session id and another of the same customer, in a path. */
const SELF = '{self}';
const SIBLING = '{sibling}';

// --- the app under test -------------------------------------------------------------------

/** Known realtime credentials, so some trigger requests are correctly signed. */
const PUSHER = { appId: 'fuzz-app', key: 'fuzzkey-0123', secret: 'fuzz-secret-0123456789abcdef' };

const testApp = await createTestApp({
  env: {
    PUSHER_APP_ID: PUSHER.appId,
    PUSHER_APP_KEY: PUSHER.key,
    PUSHER_APP_SECRET: PUSHER.secret,
  },
});
const app: FastifyInstance = testApp.app;
afterAll(() => testApp.close());

const newIdentity = fuzzIdentities(app, testApp.database.db, 'api-fuzz');

/** The customer most signed-in callers are: with a country, so the forms are checked deeply. */
let customerId = '';
/** A customer who has not chosen a country yet (onboarding answers differently). */
let newcomerId = '';
let countryIds: string[] = [];
/** What every answer carries: the security headers of a plain routed answer. */
const SECURITY_HEADER_NAMES = [...API_SECURITY_HEADER_NAMES, 'cache-control'] as const;
let securityHeaders: Record<string, string> = {};

beforeAll(async () => {
  // One argon2 hash each.
  const owner = await signUpCustomer(app, 'api-fuzz-owner@fuzz.test');
  customerId = owner.customer.id;
  newcomerId = (await signUpCustomer(app, 'api-fuzz-newcomer@fuzz.test')).customer.id;
  const { data: countries } = countryListSchema.parse(
    (await app.inject({ method: 'GET', url: apiPaths.countries })).json(),
  );
  countryIds = countries.map((country) => country.id);
  const gb = countries.find((country) => country.iso2_alpha === 'GB')?.id;
  const country = await owner.browser.post(apiPaths.updateCountry, { country_id: gb });
  if (country.statusCode !== 200) throw new Error(`could not set a country: ${country.statusCode}`);
  const reference = await app.inject({ method: 'GET', url: '/healthz' });
  securityHeaders = Object.fromEntries(
    SECURITY_HEADER_NAMES.map((name) => [name, String(reference.headers[name])]),
  );
}, 60_000);

// --- the routes, as registered ------------------------------------------------------------

/** Routes that must be reached by at least one request (the issue's list). */
const MUST_BE_EXERCISED = ['/client/', '/sanctum/', '/broadcasting/', '/dev/', '/apps/'];

type Access = 'public' | 'mfa-pending' | 'customer';

interface Route {
  url: string;
  methods: string[];
  params: string[];
  access: Access;
  bodyKeys: readonly string[];
  queryKeys: readonly string[];
  /** 2xx answers return what the caller saved (the Customer resource, the mailbox). */
  echoesSavedData: boolean;
  /** Authenticated by a Pusher signature, not a session. */
  signed: boolean;
}

/** Catalogue keys (customers/attribute-catalogue.ts) and their groups: the attribute form's body. */
const ATTRIBUTE_KEYS = [
  'name',
  'second_name',
  'third_name',
  'unique_identity_number',
  'nationality_id',
  'birth_detail',
  'birth_date',
  'address',
  'address_line_1',
  'city',
  'region',
  'postcode',
  'employment',
  'occupation',
  'salary_range',
  'address.postcode',
];
/** The trigger API (docs/product/realtime.md#the-http-trigger-api) parses its own body: its keys, from the protocol. */
const UNSCHEMED_BODY_KEYS: Record<string, readonly string[]> = {
  '/apps/:appId/events': ['name', 'data', 'channel', 'channels', 'socket_id'],
  '/apps/:appId/batch_events': ['batch'],
};

function keysOf(schema: unknown, url: string): readonly string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodRecord) return ATTRIBUTE_KEYS;
  return UNSCHEMED_BODY_KEYS[url] ?? [];
}

function accessOf(access: unknown, url: string): Access {
  if (access === 'public' || access === 'mfa-pending' || access === 'customer') return access;
  // authentication.ts: deny by default under /client/.
  return url.startsWith('/client/') ? 'customer' : 'public';
}

function routesOf(recorded: RecordedRoute[]): Route[] {
  const byUrl = new Map<string, RecordedRoute[]>();
  for (const route of recorded) byUrl.set(route.url, [...(byUrl.get(route.url) ?? []), route]);
  return [...byUrl].map(([url, entries]) => {
    const main = entries.find((entry) => entry.method !== 'HEAD') ?? entries[0];
    const schema = main?.schema ?? {};
    const response = (schema.response ?? {}) as Record<string, unknown>;
    return {
      url,
      methods: [...new Set(entries.map((entry) => entry.method))],
      params: [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? ''),
      access: accessOf(main?.access, url),
      bodyKeys: keysOf(schema.body, url),
      queryKeys: keysOf(schema.querystring, url),
      echoesSavedData:
        Object.values(response).some((answer) => answer === customerSchema) ||
        url.startsWith('/dev/mailbox'),
      signed: url.startsWith('/apps/'),
    };
  });
}

const routes = routesOf(observed.routes);

// --- callers ------------------------------------------------------------------------------

const CALLERS = [
  'anonymous-without-xsrf',
  'anonymous',
  'mfa-pending',
  'signed-in',
  'signed-in-without-country',
  'forged-cookies',
] as const;
type Caller = (typeof CALLERS)[number];

/** Cookies and a token no browser would send: bad percent-encoding, NUL, overlong. */
const FORGED_COOKIES = [
  `corridor_session=%ZZ${MARK}; XSRF-TOKEN=%C0%AF`,
  `corridor_session=${MARK}${'a'.repeat(10_000)}`,
  `corridor_session="%E0%A4%A"; XSRF-TOKEN=%00${MARK}`,
  `=;;;=${MARK}; corridor_session=%`,
];
let forgedIndex = 0;

/** A fresh identity per request, so a logout or a deleted device never spoils the next run. */
async function identify(caller: Caller): Promise<FuzzIdentity> {
  if (caller === 'anonymous-without-xsrf') return { headers: {} };
  if (caller === 'forged-cookies') {
    forgedIndex += 1;
    return {
      headers: {
        cookie: FORGED_COOKIES[forgedIndex % FORGED_COOKIES.length] ?? '',
        'x-xsrf-token': forgedIndex % 2 === 0 ? `%ZZ${MARK}` : `${MARK}${'é'.repeat(43)}`,
      },
    };
  }
  if (caller === 'anonymous') return newIdentity({ kind: 'anonymous' });
  if (caller === 'signed-in-without-country')
    return newIdentity({ kind: 'no-second-factor', customerId: newcomerId });
  return newIdentity({ kind: caller, customerId });
}

/** The caller that gets past a route's access rule, for the fixed hostile bodies. */
const deepestCaller = (route: Route): Caller =>
  route.access === 'public'
    ? 'anonymous'
    : route.access === 'mfa-pending'
      ? 'mfa-pending'
      : 'signed-in';

// --- hostile material ---------------------------------------------------------------------

const C0 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code));
const C1 = Array.from({ length: 32 }, (_, code) => String.fromCharCode(0x80 + code));
const hostileCharacter = fc.constantFrom(
  '\u0000',
  ...C0,
  '\u007f',
  ...C1,
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\u200b',
  '\u202e',
  '\u2028',
  '\ufeff',
  '\u00ad',
);

/** A short string with MARK and control characters, NUL or lone surrogates in it. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 6 }),
        fc.array(hostileCharacter, { minLength: 1, maxLength: 4 }),
        fc.string({ unit: 'binary', maxLength: 6 }),
      )
      .map(([before, hostile, after]) => `${MARK}${before}${hostile.join('')}${after}`),
    weight: 4,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((s) => `${MARK}${s}`), weight: 2 },
  { arbitrary: fc.constant(MARK), weight: 1 },
);

const ONE_MB = 1_000_000;
/** Strings of about 1 MB that still fit in a body under the limit. */
const hugeText = fc.constantFrom(
  `${MARK}${'x'.repeat(ONE_MB)}`,
  `${MARK}${'\u0085'.repeat(ONE_MB / 4)}`,
  `${MARK}${'é'.repeat(ONE_MB / 4)}\u0000`,
);

/** Values of the wrong type for any field. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e308, -0, 2 ** 53 + 1),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** Something close to right for a field, by its name (a few of these cost an argon2 hash). */
function plausible(key: string): fc.Arbitrary<unknown> {
  if (key === 'email')
    return fc.oneof(
      fc.nat({ max: 9999 }).map((n) => `${MARK}${n}@example.com`),
      fc.constant('api-fuzz-owner@fuzz.test'),
    );
  if (/password/.test(key)) return fc.constant(STRONG_PASSWORD);
  if (key === 'otp') return fc.stringMatching(/^\d{6}$/);
  if (/country_id|nationality_id/.test(key))
    return fc.nat().map((n) => countryIds[n % countryIds.length] ?? 'x');
  if (key === 'token')
    return fc
      .uint8Array({ minLength: 16, maxLength: 16 })
      .map((b) => Buffer.from(b).toString('base64url'));
  if (key === 'socket_id') return fc.constantFrom('1234.5678', '1.1');
  if (/channel/.test(key)) return fc.constantFrom(`private-customer.${customerId}`, 'public-news');
  if (key === 'channels') return fc.constant([`private-customer.${customerId}`]);
  if (key === 'category') return fc.constantFrom('identity', 'address', 'employment');
  if (key === 'page')
    return fc.oneof(
      fc.constantFrom('1', '2', '100000', '100001', '0', '-1', '', 'Infinity', '1e400', '1.5'),
      fc.double().map(String),
      fc.integer().map(String),
    );
  if (key === 'remember') return fc.boolean();
  if (key === 'mobile_number')
    return fc.oneof(
      fc.constantFrom('+447700900123', '07700 900123'),
      fc.stringMatching(/^\+?[0-9 ()-]{0,20}$/),
    );
  if (key === 'data') return fc.constantFrom('{}', '"x"');
  if (key === 'batch') return fc.constant([{ name: 'x', data: '{}', channel: 'public-news' }]);
  return fc.constantFrom('Ada', 'SW1A 1AA', '1990-01-01');
}

/** An attribute value: text (right or wrong), null, or a group of them (three levels at most). */
const attributeLeaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constant(null),
  fc.constantFrom('x'.repeat(600), '1990-01-01', '2030-02-30', 'SW1A 1AA', 'Ada'),
  fc.nat().map((n) => countryIds[n % countryIds.length] ?? 'x'),
  fc.uuid(),
  fc.jsonValue({ maxDepth: 1 }),
);
const attributeGroup: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    attributeLeaf,
    fc.dictionary(
      fc.oneof(fc.constantFrom(...ATTRIBUTE_KEYS, '__proto__', 'constructor'), hostileText),
      tie('node'),
      { maxKeys: 4 },
    ),
  ),
})).node;

const fieldValue = (key: string): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: hostileText, weight: 5 },
    { arbitrary: wrongType, weight: 3 },
    { arbitrary: plausible(key), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
    {
      arbitrary: ATTRIBUTE_KEYS.includes(key) ? attributeGroup : fc.emailAddress(),
      weight: 2,
    },
    { arbitrary: hugeText, weight: 1 },
  );

/** The endpoint's own keys (any of them missing), plus stray keys, as JSON text. */
const objectWithKeys = (keys: readonly string[]): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, fieldValue(key)])), {
        requiredKeys: [],
      }),
      fc.dictionary(hostileText, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 }),
    )
    .map(([known, stray]) => JSON.stringify({ ...stray, ...known }));

/** `{<raw members>, ...object}` as text: `__proto__` written as JSON text is an own key. */
const withRawMembers = (members: string, json: string): string =>
  json === '{}' ? `{${members}}` : `{${members},${json.slice(1)}}`;

const PROTO_MEMBERS = [
  `"__proto__":{"polluted":"${MARK}"}`,
  `"constructor":{"prototype":{"polluted":"${MARK}"}}`,
  `"prototype":{"polluted":"${MARK}"}`,
  `"__proto__":{"__proto__":{"polluted":"${MARK}"}}`,
];
const protoKeys = (keys: readonly string[]): fc.Arbitrary<string> =>
  fc
    .tuple(fc.subarray(PROTO_MEMBERS, { minLength: 1 }), objectWithKeys(keys), fc.boolean())
    .map(([members, json, nested]) => {
      const key = keys[0];
      // Nested: inside one of the endpoint's own fields, where a record type would walk it.
      if (nested && key) return `{${JSON.stringify(key)}:{${members.join(',')}}}`;
      return withRawMembers(members.join(','), json);
    });

const DEPTHS = [10_000, 100_000] as const;
const deepArray = (depth: number) => `${'['.repeat(depth)}"${MARK}"${']'.repeat(depth)}`;
/** `{"key":{"key":…}}`: with an endpoint's own key, a schema that recurses on it walks it. */
const deepObject = (depth: number, key = 'a') =>
  `${`{${JSON.stringify(key)}:`.repeat(depth)}"${MARK}"${'}'.repeat(depth)}`;
const deepNesting = (keys: readonly string[]): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.oneof(fc.constantFrom(...DEPTHS), fc.integer({ min: 2, max: 2000 })),
      fc.boolean(),
      fc.constantFrom(...keys, null),
      fc.boolean(),
    )
    .map(([depth, array, key, closed]) => {
      const deep = array ? deepArray(depth) : deepObject(depth, key ?? 'a');
      const text = key === null ? deep : `{${JSON.stringify(key)}:${deep}}`;
      return closed ? text : text.slice(0, text.length / 2);
    });

/** Just over the body limit (1 MiB): a 413, before anything reads it. */
const overLimit = (key = 'a') =>
  `{${JSON.stringify(key)}:"${MARK}${'x'.repeat(BODY_LIMIT_BYTES)}"}`;

/** Byte sequences that are not UTF-8: overlong, a lone surrogate (CESU-8), truncated, stray. */
const INVALID_UTF8 = [
  [0xff],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xe2, 0x82],
  [0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
];
const invalidUtf8 = (keys: readonly string[]): fc.Arbitrary<Buffer> =>
  fc
    .tuple(fc.constantFrom(...keys, MARK), fc.subarray(INVALID_UTF8, { minLength: 1 }))
    .map(([key, bytes]) =>
      Buffer.concat([
        Buffer.from(`{${JSON.stringify(key)}:"${MARK}`),
        Buffer.from(bytes.flat()),
        Buffer.from('"}'),
      ]),
    );

const ODD_PAYLOADS = [
  '',
  ' ',
  '{',
  '}',
  'null',
  '[]',
  '{}',
  `"${MARK}"`,
  '42',
  'true',
  'NaN',
  '\uFEFF{}',
  `{"${MARK}":1,}`,
  `{'${MARK}':1}`,
  `{"a":"\\ud800${MARK}"}`,
  `{"a":"\\u0000${MARK}"}`,
  `{"a":1}{"b":2}`,
];

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;',
  'application/jsonx',
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/vnd.api+json',
  `application/json; ${MARK}=1`,
];

interface Body {
  label: string;
  payload?: string | Buffer;
  contentType?: string;
  /** The one status this body must get from the caller who passes the route's checks. */
  expected?: number;
}

const contentType = fc.oneof(
  { arbitrary: fc.constant<string | undefined>('application/json'), weight: 8 },
  { arbitrary: fc.constantFrom<string | undefined>(...CONTENT_TYPES, undefined), weight: 2 },
);

function bodyArbitrary(route: Route): fc.Arbitrary<Body> {
  const keys = route.bodyKeys.length > 0 ? route.bodyKeys : [MARK];
  type Labelled = [label: string, payload: string | Buffer];
  const as =
    (label: string) =>
    (payload: string | Buffer): Labelled => [label, payload];
  const payload: fc.Arbitrary<Labelled> = fc.oneof(
    { arbitrary: objectWithKeys(keys).map(as('right keys, any values')), weight: 8 },
    { arbitrary: protoKeys(keys).map(as('__proto__ keys')), weight: 2 },
    { arbitrary: deepNesting(keys).map(as('deep nesting')), weight: 1 },
    { arbitrary: invalidUtf8(keys).map(as('invalid UTF-8')), weight: 1 },
    {
      arbitrary: fc.uint8Array({ maxLength: 100 }).map((b) => as('random bytes')(Buffer.from(b))),
      weight: 1,
    },
    {
      arbitrary: fc
        .string({ unit: 'binary', maxLength: 60 })
        .map((s) => as('random text')(MARK + s)),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...ODD_PAYLOADS).map(as('odd JSON')), weight: 2 },
    {
      arbitrary: fc.jsonValue().map((value) => as('any JSON')(JSON.stringify(value))),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom(...keys).map((key) => as('over the body limit')(overLimit(key))),
      weight: 1,
    },
  );
  const withBody = fc.tuple(payload, contentType).map(([[label, p], type]): Body => ({
    label,
    payload: p,
    ...(type ? { contentType: type } : {}),
  }));
  // GET, HEAD and DELETE rarely carry a body; they still may.
  const bodyWeight = route.methods.includes('POST') ? 10 : 1;
  return fc.oneof(
    { arbitrary: fc.constant<Body>({ label: 'no body' }), weight: 2 },
    { arbitrary: withBody, weight: bodyWeight },
  );
}

/** Percent-encodes UTF-8 bytes (a lone surrogate becomes U+FFFD: raw cases below send it). */
const percentEncode = (value: string): string =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const INVALID_PERCENT = [
  '%ZZ',
  '%',
  '%C0%AF',
  '%00',
  '%ED%A0%80',
  '%FF%FE',
  '%E2%82',
  '%E0%A4%A',
  '%%',
  '%1',
];
const LONG_SEGMENTS = [101, 10_001].map((n) => `${MARK}${'s'.repeat(n)}`);

/** Values for a path parameter, written into the URL as they are. */
function paramArbitrary(route: Route, name: string): fc.Arbitrary<string> {
  const own = name === 'appId' ? [PUSHER.appId] : name === 'key' ? [PUSHER.key] : [SELF, SIBLING];
  return fc.oneof(
    { arbitrary: fc.uuid(), weight: 2 },
    { arbitrary: fc.uuid().map((id) => id.toUpperCase()), weight: 1 },
    { arbitrary: fc.constantFrom(...own), weight: 3 },
    { arbitrary: hostileText.map(percentEncode), weight: 3 },
    {
      arbitrary: fc.constantFrom(...INVALID_PERCENT).map((bad) => `${MARK}${bad}`),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(...LONG_SEGMENTS), weight: 1 },
    { arbitrary: fc.constantFrom('..', '%2e%2e', `${MARK}%2F..`, '%20', '.'), weight: 1 },
    { arbitrary: fc.webSegment().map((s) => `${MARK}${s}`), weight: 1 },
    // Raw ASCII, as typed: '?', '#', '/' and spaces end or split the path.
    {
      arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => `${MARK}${s}`),
      weight: 1,
    },
    { arbitrary: fc.constant(''), weight: 1 },
  );
}

/** Ways to break a route's path: each is named so a counterexample reads well. */
const PATH_MUTATIONS: [name: string, mutate: (path: string) => string][] = [
  ['invalid percent-encoding appended', (p) => `${p}%ZZ`],
  ['a lone % segment', (p) => `${p}/%`],
  ['an overlong encoding in the path', (p) => p.replace(/\/([^/]*)$/, `/%C0%AF${MARK}$1`)],
  ['an encoded lone surrogate', (p) => `${p}%ED%A0%80${MARK}`],
  ['an encoded NUL', (p) => `${p}%00${MARK}`],
  ['a segment over 100 characters', (p) => `${p}/${LONG_SEGMENTS[0]}`],
  ['a segment over 10,000 characters', (p) => `${p}/${LONG_SEGMENTS[1]}`],
  ['a trailing slash', (p) => `${p}/`],
  ['upper case', (p) => p.toUpperCase()],
  ['a double slash', (p) => `/${p}`],
];

function pathArbitrary(route: Route): fc.Arbitrary<[label: string, path: string]> {
  const base: fc.Arbitrary<string> =
    route.url === '*'
      ? fc.constantFrom(...routes.map((r) => r.url.replace(/:\w+/g, MARK)).filter((u) => u !== '*'))
      : route.params.length === 0
        ? fc.constant(route.url)
        : fc.tuple(...route.params.map((name) => paramArbitrary(route, name))).map((values) => {
            let i = 0;
            return route.url.replace(/:\w+/g, () => values[i++] ?? '');
          });
  return fc.oneof(
    { arbitrary: base.map((path): [string, string] => ['', path]), weight: 8 },
    {
      arbitrary: fc
        .tuple(base, fc.constantFrom(...PATH_MUTATIONS))
        .map(([path, [name, mutate]]): [string, string] => [name, mutate(path)]),
      weight: 2,
    },
  );
}

const RAW_QUERIES = (keys: readonly string[]): string[] => {
  const key = keys[0] ?? MARK;
  return [
    '?%ZZ',
    '?%',
    `?${key}=%C0%AF${MARK}`,
    `?${key}=%00${MARK}`,
    `?${key}=%ED%A0%80${MARK}`,
    `?${key}=%ZZ${MARK}`,
    `?__proto__[polluted]=${MARK}&constructor[prototype][polluted]=${MARK}`,
    `?__proto__=${MARK}&prototype=${MARK}`,
    `?${key}=1&${key}=2`,
    `?${key}[]=1`,
    `?${key}=${MARK}${'9'.repeat(ONE_MB)}`,
    `?${MARK}=${'%00'.repeat(1000)}`,
    '?&&&==&=',
    `?${MARK}${'[x]'.repeat(10_000)}=1`,
    `?${key}=-1`,
    `?${key}=1e400`,
    `?${key}=0x10`,
  ];
};

/** The route's own query parameters with right values (`?category=identity`), or ''. */
const rightQuery = (route: Route): string =>
  route.queryKeys.length === 0
    ? ''
    : `?${route.queryKeys.map((key) => `${key}=${key === 'category' ? 'identity' : '1'}`).join('&')}`;

function queryArbitrary(route: Route): fc.Arbitrary<string> {
  const keys = [...route.queryKeys, 'page', 'category'];
  const right = fc
    .tuple(...route.queryKeys.map((key) => plausible(key).map(String)))
    .map((values) =>
      values.length === 0
        ? ''
        : `?${values.map((value, i) => `${route.queryKeys[i] ?? ''}=${percentEncode(value)}`).join('&')}`,
    );
  const pairs = fc
    .dictionary(
      fc.oneof(fc.constantFrom(...keys), hostileText),
      fc.oneof(hostileText, plausible(keys[0] ?? 'page').map(String), fc.integer().map(String)),
      { minKeys: 1, maxKeys: 3 },
    )
    .map(
      (params) =>
        `?${Object.entries(params)
          .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
          .join('&')}`,
    );
  return fc.oneof(
    { arbitrary: fc.constant(''), weight: 2 },
    { arbitrary: right, weight: 4 },
    { arbitrary: pairs, weight: 3 },
    { arbitrary: fc.constantFrom(...RAW_QUERIES(route.queryKeys)), weight: 2 },
  );
}

// --- a request, and how it reads -----------------------------------------------------------

interface Case {
  caller: Caller;
  method: string;
  /** What was done to the path ('' when nothing). */
  pathLabel: string;
  path: string;
  query: string;
  body: Body;
  origin: string | undefined;
  /** Trigger API only: sign the request with the real secret. */
  sign: boolean;
  /** The one status this request must get (fixed cases whose answer is certain). */
  expected?: number;
}

/** Long runs folded ("x"×1000000), control characters and lone surrogates escaped. */
function show(value: string | Buffer, max = 240): string {
  const text = Buffer.isBuffer(value)
    ? [...value]
        .map((byte) =>
          byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `\\x${byte.toString(16)}`,
        )
        .join('')
    : JSON.stringify(value).slice(1, -1);
  const folded = text.replace(
    /(.{1,8}?)\1{7,}/gsu,
    (run: string, unit: string) => `⟨${unit}×${run.length / unit.length}⟩`,
  );
  const prefix = Buffer.isBuffer(value) ? 'bytes ' : '';
  return folded.length > max
    ? `${prefix}${folded.slice(0, max)}…(${folded.length - max} more)`
    : `${prefix}${folded}`;
}

function describeCase(route: Route, c: Case): string {
  const lines = [
    `endpoint: ${route.methods.join('|')} ${route.url}`,
    `caller:   ${c.caller}${c.origin ? `, Origin: ${c.origin}` : ''}${c.sign ? ', signed' : ''}`,
    `request:  ${c.method} ${show(c.path + c.query, 300)}${c.pathLabel ? `  (${c.pathLabel})` : ''}`,
  ];
  if (c.body.payload !== undefined || c.body.contentType !== undefined) {
    lines.push(
      `body:     ${c.body.label}; content-type: ${c.body.contentType ?? '(none)'}; ` +
        `payload: ${c.body.payload === undefined ? '(none)' : show(c.body.payload)}`,
    );
  }
  return lines.join('\n          ');
}

const withDescription = (route: Route, c: Case): Case =>
  Object.defineProperty(c, fc.toStringMethod, { value: () => `\n${describeCase(route, c)}\n` });

/** The app's own origin, which may make credentialed requests (and CORS preflights). */
const ALLOWED_ORIGIN = testConfig().allowedOrigins.slice(0, 1);

function caseArbitrary(route: Route): fc.Arbitrary<Case> {
  return fc
    .record({
      caller: fc.constantFrom(...CALLERS),
      method: fc.oneof(
        { arbitrary: fc.constantFrom(...route.methods), weight: 9 },
        { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), weight: 1 },
      ),
      path: pathArbitrary(route),
      query: queryArbitrary(route),
      body: bodyArbitrary(route),
      origin: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 8 },
        { arbitrary: fc.constantFrom(...ALLOWED_ORIGIN), weight: 1 },
        {
          arbitrary: fc.constantFrom('https://evil.example', `https://${MARK}.example`),
          weight: 1,
        },
      ),
      sign: route.signed ? fc.boolean() : fc.constant(false),
    })
    .map(({ path: [pathLabel, path], ...rest }) =>
      withDescription(route, { ...rest, pathLabel, path }),
    );
}

/** The fixed hostile cases every route gets, before fast-check's random ones. */
function fixedCases(route: Route): Case[] {
  const deepest = deepestCaller(route);
  const keys = route.bodyKeys.length > 0 ? route.bodyKeys : [MARK];
  const key = keys[0] ?? MARK;
  const method = route.methods.find((m) => m !== 'HEAD') ?? route.methods[0] ?? 'GET';
  const defaultParam = (name: string) =>
    name === 'appId' ? PUSHER.appId : name === 'key' ? PUSHER.key : SIBLING;
  /** The route's path, every parameter at its default, or parameter `at` set to `value`. */
  const fill = (at = -1, value = '') => {
    let index = 0;
    return route.url.replace(/:(\w+)/g, (_, name: string) =>
      index++ === at ? value : defaultParam(name),
    );
  };
  const basePath = route.url === '*' ? apiPaths.profile : fill();
  const make = (c: Partial<Case> & Pick<Case, 'body'>): Case =>
    withDescription(route, {
      caller: deepest,
      method,
      pathLabel: '',
      path: basePath,
      query: rightQuery(route),
      origin: undefined,
      sign: route.signed,
      ...c,
    });
  const json = (label: string, payload: string | Buffer, type = 'application/json'): Body => ({
    label,
    payload,
    contentType: type,
  });
  const none: Body = { label: 'no body' };
  const cases: Case[] = [];

  // Every method for every caller, plainly.
  for (const m of route.methods)
    for (const caller of CALLERS) cases.push(make({ caller, method: m, body: none }));

  // Path parameters and the path itself.
  for (const [index, name] of route.params.entries()) {
    const values = [
      ...INVALID_PERCENT,
      ...LONG_SEGMENTS,
      `${MARK}%01%1F%7F%C2%85%C2%9F`,
      `${MARK}${percentEncode('\u202e\u200b\ufeff')}`,
      '%2e%2e',
      crypto.randomUUID().toUpperCase(),
      SELF,
    ];
    for (const value of values)
      cases.push(
        make({ pathLabel: `:${name} = ${show(value, 40)}`, path: fill(index, value), body: none }),
      );
  }
  for (const [name, mutate] of PATH_MUTATIONS)
    cases.push(make({ pathLabel: name, path: mutate(basePath), body: none }));

  // Query strings.
  for (const query of RAW_QUERIES(route.queryKeys)) cases.push(make({ query, body: none }));

  // Bodies, for the routes that read one.
  if (route.methods.includes('POST') || route.methods.includes('DELETE')) {
    const bodies: Body[] = [
      { label: 'empty, declared JSON', payload: '', contentType: 'application/json' },
      { label: 'empty, no content type', payload: '' },
      json('no content type', `{"${key}":"${MARK}"}`, ''),
      ...CONTENT_TYPES.map((type) => json(`content type ${type}`, `{"${key}":"${MARK}"}`, type)),
      ...ODD_PAYLOADS.map((p) => json('odd JSON', p)),
      ...PROTO_MEMBERS.map((member) => json('__proto__ keys', withRawMembers(member, '{}'))),
      json('__proto__ nested in a field', `{"${key}":{${PROTO_MEMBERS.join(',')}}}`),
      ...DEPTHS.flatMap((depth) => [
        json(`${depth} nested arrays`, deepArray(depth)),
        json(`${depth} nested objects`, deepObject(depth)),
        json(`${depth} nested arrays in a field`, `{"${key}":${deepArray(depth)}}`),
        json(`${depth} nested objects in a field`, `{"${key}":${deepObject(depth, key)}}`),
      ]),
      json('1 MB string in a field', JSON.stringify({ [key]: `${MARK}${'x'.repeat(ONE_MB)}` })),
      json('1 MB string as a key', `{"${MARK}${'k'.repeat(ONE_MB)}":1}`),
      { ...json('over the body limit', overLimit(key)), expected: 413 },
      json('over the body limit, wrong type', overLimit(key), 'text/plain'),
      ...INVALID_UTF8.map((bytes) =>
        json(
          'invalid UTF-8',
          Buffer.concat([Buffer.from(`{"${key}":"${MARK}`), Buffer.from(bytes), Buffer.from('"}')]),
        ),
      ),
      ...['\u0000', '\u0001', '\u001f', '\u007f', '\u0085', '\u009f', '\ud800', '\udfff'].map(
        (ch) =>
          json(
            `U+${ch.charCodeAt(0).toString(16).padStart(4, '0')} in every field`,
            JSON.stringify(Object.fromEntries(keys.map((k) => [k, `${MARK}${ch}`]))),
          ),
      ),
      ...[1, true, null, [], {}, [MARK], { [MARK]: MARK }].map((value) =>
        json(
          `every field ${JSON.stringify(value)}`,
          JSON.stringify(Object.fromEntries(keys.map((k) => [k, value]))),
        ),
      ),
    ];
    // A body goes with POST, else DELETE: a GET beside them (`/recipient/{id}`) reads none.
    const bodyMethod = route.methods.includes('POST')
      ? 'POST'
      : route.methods.includes('DELETE')
        ? 'DELETE'
        : method;
    for (const body of bodies)
      cases.push(
        make({
          method: bodyMethod,
          body,
          ...(body.expected !== undefined ? { expected: body.expected } : {}),
        }),
      );
  }
  return cases;
}

// --- sending, and judging the answer --------------------------------------------------------

type Reply = LightMyRequestResponse;

function signedQuery(path: string, payload: string | Buffer | undefined): string {
  const raw = payload === undefined ? Buffer.alloc(0) : Buffer.from(payload);
  const query = new URLSearchParams({
    auth_key: PUSHER.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    ...(raw.length > 0 ? { body_md5: crypto.createHash('md5').update(raw).digest('hex') } : {}),
  });
  const signature = crypto
    .createHmac('sha256', PUSHER.secret)
    .update(`POST\n${path}\n${query.toString()}`)
    .digest('hex');
  query.set('auth_signature', signature);
  return `?${query.toString()}`;
}

const ALLOWED_STATUSES = [
  200, 201, 204, 400, 401, 403, 404, 405, 409, 410, 412, 413, 414, 415, 419, 422, 429,
];

/** A stack frame, a source path or one of Fastify's error codes. */
const STACK =
  /\n\s+at\s|\bat\s+\S+\s+\(\S+:\d+:\d+\)|\/work\/|\/home\/|node_modules|\w\.[cm]?[jt]sx?:\d+|FST_[A-Z_]{3,}/;

/** `x-request-id` → status, for the sweep over every log line at the end. */
const statusByRequestId = new Map<string, number>();

function checkAnswer(route: Route, c: Case, reply: Reply, url: string, logFrom: number): string[] {
  const problems: string[] = [];
  const status = reply.statusCode;
  const headers = reply.headers;
  const body = reply.body;

  if (!ALLOWED_STATUSES.includes(status))
    problems.push(`status ${status} is not one of docs/product/api-conventions.md#errors`);
  if (c.expected !== undefined && status !== c.expected)
    problems.push(`status ${status}, expected ${c.expected}`);

  const type = String(headers['content-type'] ?? '');

  // Security headers: the ones a routed JSON answer carries, on every answer that is not a page
  // (the dev mailbox is one: it carries the page's, decision 18).
  if (type.startsWith('text/html')) {
    for (const name of PAGE_SECURITY_HEADER_NAMES) {
      if (headers[name] === undefined) problems.push(`a page without header ${name}`);
    }
  } else {
    for (const [name, value] of Object.entries(securityHeaders)) {
      if (headers[name] !== value)
        problems.push(
          `header ${name}: ${JSON.stringify(headers[name])}, expected ${JSON.stringify(value)}`,
        );
    }
  }
  if (!String(headers['content-security-policy']).includes("frame-ancestors 'none'"))
    problems.push("no CSP frame-ancestors 'none'");
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('no x-content-type-options');
  if (headers['cache-control'] !== 'no-store') problems.push('cache-control is not no-store');
  const requestId = headers['x-request-id'];
  if (typeof requestId !== 'string' || !/^[0-9a-f-]{36}$/.test(requestId))
    problems.push(`x-request-id: ${JSON.stringify(requestId)}`);
  else statusByRequestId.set(requestId, status);

  // The body: JSON whenever there is one; errors in the envelope.
  // The mailbox page is HTML by design, whichever route's case reached it (the `*` route of
  // OPTIONS tries every registered path, the mailbox's among them).
  const mailboxPage = /^\/+dev\/mailbox\/*$/.test(c.path) && status < 300;
  let parsed: unknown;
  if (status === 204 || c.method === 'HEAD') {
    if (body.length > 0) problems.push(`a body on a ${status === 204 ? '204' : 'HEAD'} answer`);
    // A HEAD answer has the headers of the GET: an error's content type is still JSON.
    if (status >= 400 && !/^application\/json(;|$)/.test(type))
      problems.push(`a ${status} to HEAD with content-type ${JSON.stringify(type)}`);
  } else if (body.length > 0 || status >= 400) {
    if (body.length === 0) problems.push(`an empty ${status}: errors are a JSON {message}`);
    else if (!mailboxPage) {
      if (!/^application\/json(;|$)/.test(type))
        problems.push(`content-type ${JSON.stringify(type)}`);
      try {
        parsed = JSON.parse(body);
      } catch {
        problems.push('the body is not JSON');
      }
    }
  }
  if (status >= 400 && parsed !== undefined) {
    const error = parsed as Record<string, unknown>;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      problems.push('the error is not an object');
    else {
      if (typeof error.message !== 'string' || error.message.length === 0)
        problems.push('the error has no string message');
      if (error.errors !== undefined) {
        const valid =
          status === 422 &&
          typeof error.errors === 'object' &&
          error.errors !== null &&
          Object.values(error.errors).every(
            (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
          );
        if (!valid) problems.push('`errors` is not {field: [messages]} on a 422');
      }
      if ((status === 409 || status === 412) && typeof error.type !== 'string')
        problems.push(`a ${status} without a string type`);
      if (status === 429 && headers['retry-after'] === undefined)
        problems.push('a 429 without Retry-After');
    }
  }

  // A body over the limit is never read: a POST gets 413 unless refused before its body is
  // (a bad URL, an unknown route or method, the origin, the CSRF token, the content type).
  const size =
    c.body.payload === undefined ? 0 : Buffer.byteLength(c.body.payload as string | Buffer);
  if (
    c.method === 'POST' &&
    size > BODY_LIMIT_BYTES &&
    ![400, 403, 404, 405, 413, 414, 415, 419].includes(status)
  )
    problems.push(`a POST body of ${size} bytes (over the limit) was answered ${status}, not 413`);

  // No stack, no source path, no Fastify internals.
  if (STACK.test(body))
    problems.push(`the body shows a stack or a source path: ${show(body.match(STACK)?.[0] ?? '')}`);

  // No echo. The field names of a 422 are the client's own keys (docs/product/api-conventions.md#errors:
  // `errors: {field: [messages]}`, and an unknown attribute is named so the form can show it),
  // so a key may come back when it is a name the contract accepts (text.ts rules, at most 64
  // characters a segment, as the attribute form's keys); a key it refused (too long, control
  // characters) must not. A 2xx of a route that returns what the caller saved (the Customer
  // resource, the dev mailbox) may show it.
  let echoed = body;
  if (status === 422 && parsed !== undefined && typeof parsed === 'object' && parsed !== null) {
    const { errors, ...rest } = parsed as Record<string, unknown>;
    const fields = Object.keys(errors ?? {});
    const refused = fields.filter((field) =>
      field.split('.').some((segment) => segment.length > 64 || textProblem(segment) !== null),
    );
    echoed = JSON.stringify({ ...rest, errors: Object.values(errors ?? {}), refused });
  }
  if (status < 300 && route.echoesSavedData) echoed = '';
  const headerText = Object.entries(headers)
    .filter(([name]) => name !== 'set-cookie')
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n');
  if (`${echoed}\n${headerText}`.toLowerCase().includes(MARK))
    problems.push('the answer echoes the request (MARK came back)');
  const pathOnly = url.split('?')[0] ?? '';
  if (status >= 400 && pathOnly.length > 1 && body.includes(pathOnly))
    problems.push('the error echoes the request path');

  // The log: no stack for anything below 500, no error level for a client's mistake.
  if (status < 500 && typeof requestId === 'string') {
    for (const line of observed.logLines.slice(logFrom)) {
      if (!line.includes(requestId)) continue;
      if (/"stack"\s*:|\\n\s+at\s/.test(line))
        problems.push(`a log line of this ${status} has a stack: ${show(line, 300)}`);
      else if (/"level":(50|60)\b/.test(line))
        problems.push(`a ${status} is logged at error level: ${show(line, 300)}`);
    }
  }

  // Nothing reached Object.prototype.
  const polluted = Object.keys(Object.prototype).concat(Object.keys(Array.prototype));
  if (polluted.length > 0 || ({} as Record<string, unknown>).polluted !== undefined) {
    problems.push(`prototype pollution: ${polluted.join(', ')}`);
    for (const name of polluted) {
      Reflect.deleteProperty(Object.prototype, name);
      Reflect.deleteProperty(Array.prototype, name);
    }
  }
  return problems;
}

const SURVEY = process.env.API_FUZZ_SURVEY === '1';
/** Survey mode: problem → first case and answer that showed it; route → statuses seen. */
const survey = new Map<string, string>();
const statuses = new Map<string, Map<number, number>>();

async function exercise(route: Route, c: Case): Promise<void> {
  const identity = await identify(c.caller);
  const path = c.path
    .replaceAll(SELF, identity.sessionId ?? crypto.randomUUID())
    .replaceAll(SIBLING, identity.siblingId ?? crypto.randomUUID());
  const query = c.sign ? signedQuery(path, c.body.payload) : c.query;
  const url = `${path}${query}`;
  const options: InjectOptions = {
    method: c.method as InjectOptions['method'],
    url,
    headers: {
      accept: 'application/json',
      ...identity.headers,
      ...(c.body.contentType !== undefined ? { 'content-type': c.body.contentType } : {}),
      ...(c.origin ? { origin: c.origin } : {}),
      // With an Origin, an OPTIONS request is a CORS preflight.
      ...(c.origin && c.method === 'OPTIONS' ? { 'access-control-request-method': 'POST' } : {}),
    },
    ...(c.body.payload !== undefined ? { payload: c.body.payload } : {}),
  };
  const logFrom = observed.logLines.length;
  const reply = await app.inject(options);
  const problems = checkAnswer(route, c, reply, url, logFrom);
  const seen = statuses.get(route.url) ?? new Map<number, number>();
  statuses.set(route.url, seen.set(reply.statusCode, (seen.get(reply.statusCode) ?? 0) + 1));
  if (problems.length === 0) return;
  const answer = `${reply.statusCode} ${String(reply.headers['content-type'] ?? '(no content-type)')} ${show(reply.body, 300)}`;
  if (SURVEY) {
    for (const problem of problems) {
      const key = `${route.url} ${problem.replace(/\d{2,}|"[^"]*"|: .*$/g, '…')}`;
      if (!survey.has(key))
        survey.set(key, `${problem}\n  ${describeCase(route, c)}\n  answer:   ${answer}`);
    }
    return;
  }
  throw new Error(
    `${problems.map((p) => `✗ ${p}`).join('\n')}\n${describeCase(route, c)}\nanswer:   ${answer}`,
  );
}

// --- the properties -----------------------------------------------------------------------

/** Random runs per route, after the fixed cases; API_FUZZ_RUNS=500 for a deeper local hunt. */
const NUM_RUNS = Number(process.env.API_FUZZ_RUNS ?? 30);
// Generous: a few valid-looking sign-ups and sign-ins cost an argon2 hash; the machine is shared.
const TIMEOUT_MS = 90_000 * Math.max(1, NUM_RUNS / 30);

describe('api fuzz: every route the app registers', () => {
  it('found the routes of the contracts', () => {
    const urls = new Set(routes.map((route) => route.url));
    for (const [name, path] of Object.entries(apiPaths)) {
      // A path with parameters is registered as its pattern, under the same name.
      const url =
        typeof path === 'string' ? path : routePatterns[name as keyof typeof routePatterns];
      expect(url, `${name} has parameters but no routePatterns entry`).toBeDefined();
      expect(urls, `${url} is in the contracts but not registered`).toContain(url);
    }
    expect(routes.length).toBeGreaterThan(20);
  });

  // The fuzzer only meets a route's success status when its random body happens to be valid;
  // the declared ones are checked every run (a 202 on the waitlist once slipped through).
  // 503 too: a dependency can be down (`/readyz`), which the fuzzer's own run never sees.
  it('every status a route declares is one of docs/product/api-conventions.md#errors', () => {
    const designStatuses = [...ALLOWED_STATUSES, 503];
    const undeclared = observed.routes.flatMap((route) =>
      Object.keys((route.schema?.response ?? {}) as Record<string, unknown>)
        .filter((status) => !designStatuses.includes(Number(status)))
        .map((status) => `${route.method} ${route.url}: ${status}`),
    );
    expect(undeclared).toEqual([]);
  });

  it.each(routes.map((route) => [`${route.methods.join('|')} ${route.url}`, route] as const))(
    '%s: any request gets a well-formed answer',
    async (_name, route) => {
      const examples = fixedCases(route);
      await fc.assert(
        fc.asyncProperty(fc.limitShrink(caseArbitrary(route), 300), (c) => exercise(route, c)),
        // The examples count in numRuns: the random runs come on top of them.
        { numRuns: examples.length + NUM_RUNS, examples: examples.map((c) => [c]) },
      );
    },
    TIMEOUT_MS,
  );

  it('every route under /client/, /sanctum/, /broadcasting/, /dev/ and /apps/ was exercised', () => {
    const missed = observed.routes
      .filter((route) => MUST_BE_EXERCISED.some((prefix) => route.url.startsWith(prefix)))
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !observed.handled.has(key));
    expect(missed).toEqual([]);
  });

  it('no log line of a 4xx answer carries a stack, even one written after the answer', () => {
    const offending = observed.logLines.filter((line) => {
      const id = /"reqId":"([^"]+)"/.exec(line)?.[1];
      const status = id === undefined ? undefined : statusByRequestId.get(id);
      return status !== undefined && status < 500 && /"stack"\s*:|\\n\s+at\s/.test(line);
    });
    expect(offending.map((line) => show(line, 400))).toEqual([]);
  });

  it.runIf(SURVEY)('survey: every distinct problem', () => {
    const counts = [...statuses].map(
      ([url, seen]) => `${url}: ${[...seen].map(([status, n]) => `${status}×${n}`).join(' ')}`,
    );
    console.warn(`${counts.join('\n')}\n\n${[...survey.values()].join('\n\n')}`);
  });
});
