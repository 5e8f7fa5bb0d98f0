import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  apiPaths,
  PAGE_ANSWERS_ELEMENT_ID,
  savedQuoteSchema,
  type PageAnswers,
} from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../modules/accounts/accounts.schema.ts';
import { countries } from '../modules/countries/countries.schema.ts';
import { customers } from '../modules/customers/customers.schema.ts';
import { signedInCustomer } from '../test/factories.ts';
import type { TestBrowser } from '../test/test-browser.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { answerPathsAt, answersFor, deadlineIn } from './page-answers.ts';

/** A saved quote's answer on the wizard's page: the route's `:quoteId` in the API's path. */
const SAVED_QUOTE_ANSWER = '/client/v1/quote/:quoteId';

/** A built SPA whose dashboard and settings pages name the GETs their first render waits for. */
function builtSpa(answers: Record<string, string[]>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-page-answers-'));
  const html = [
    '<!doctype html><html lang="en"><head><title>Corridor</title>',
    '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
    '</head><body>',
    '<div id="root"><div class="boot-shell"><p class="boot-shell__status" role="status">Loading Corridor…</p></div></div>',
    '</body></html>',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  fs.mkdirSync(path.join(dir, '.vite'));
  const table = Object.entries(answers).map(([route, paths]) => ({
    path: route,
    modules: [],
    styles: [],
    answers: paths,
  }));
  fs.writeFileSync(path.join(dir, '.vite', 'route-preloads.json'), JSON.stringify(table));
  return dir;
}

/** The answers a page carries, read as the app reads them (apps/web/src/lib/page-answers.ts). */
function answersIn(html: string): PageAnswers | undefined {
  const pattern = new RegExp(
    `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">([^<]*)</script>`,
  );
  const json = pattern.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as PageAnswers);
}

describe('a signed-in page carries the answers its first render waits for (decision 29)', () => {
  let dir: string;
  let testApp: TestApp;
  let browser: TestBrowser;

  /** A signed-in customer of GB with an account, named `name` before anything reads them. */
  async function customer(name: string | null = null) {
    const made = await signedInCustomer(testApp.app, testApp.database.db);
    const email = `page-answers-${made.customerId}@example.com`;
    await testApp.database.db.insert(accounts).values({
      customer_id: made.customerId,
      email,
      email_normalized: email,
      password_hash: 'not used',
    });
    await testApp.database.db
      .update(customers)
      .set({ name, country_id: await gb() })
      .where(eq(customers.id, made.customerId));
    return made.browser;
  }

  async function gb() {
    const [row] = await testApp.database.db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.iso2_alpha, 'GB'));
    if (!row) throw new Error('no country GB');
    return row.id;
  }

  beforeAll(async () => {
    dir = builtSpa({
      '/transfer/:quoteId': [apiPaths.profile, SAVED_QUOTE_ANSWER],
      // The payout channel wants a query it is not given here: it answers 422.
      '/dashboard': [apiPaths.profile, apiPaths.tasks, apiPaths.quote, apiPaths.payoutChannel],
      '/settings': [apiPaths.profile],
    });
    testApp = await createTestApp({ env: { WEB_DIST_DIR: dir } });
    browser = await customer();
    // Each route's first answer reads its reference data: made now, not within a page's second.
    for (const path of [apiPaths.profile, apiPaths.tasks, apiPaths.quote]) await browser.get(path);
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = (
    url: string,
    headers: Record<string, string> = {},
    method: 'GET' | 'HEAD' = 'GET',
    as: TestBrowser = browser,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: { cookie: as.cookieHeader, 'user-agent': as.userAgent, ...headers },
    });

  it('answers each GET as the browser’s own request would, compressed and never stored', async () => {
    const response = await page('/dashboard', { 'accept-encoding': 'gzip, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    // The customer's own data: no cache may keep the page.
    expect(response.headers['cache-control']).toBe('no-store');
    const html = zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
    const carried = answersIn(html);
    expect(carried?.locale).toBe('en');
    expect(carried?.answers[apiPaths.profile]).toEqual(
      (await browser.get(apiPaths.profile)).json(),
    );
    expect(carried?.answers[apiPaths.tasks]).toEqual((await browser.get(apiPaths.tasks)).json());
    // After the boot shell, which still paints before anything else.
    expect(html.indexOf(PAGE_ANSWERS_ELEMENT_ID)).toBeGreaterThan(html.indexOf('boot-shell'));
    expect(html.indexOf(PAGE_ANSWERS_ELEMENT_ID)).toBeLessThan(html.indexOf('</body>'));
  });

  it('leaves out what did not answer 200: the app asks for it and shows its failure', async () => {
    expect((await browser.get(apiPaths.payoutChannel)).statusCode).toBe(422);
    const carried = answersIn((await page('/dashboard')).body);
    expect(Object.keys(carried?.answers ?? {}).sort()).toEqual(
      [apiPaths.profile, apiPaths.quote, apiPaths.tasks].sort(),
    );
  });

  it('answers in the page’s language', async () => {
    const response = await page('/dashboard', { 'accept-language': 'es-ES,es;q=0.9' });
    expect(response.body).toContain('<html lang="es">');
    const carried = answersIn(response.body);
    expect(carried?.locale).toBe('es');
    const spanish = await browser.request('GET', apiPaths.tasks, undefined, {
      'accept-language': 'es',
    });
    expect(carried?.answers[apiPaths.tasks]).toEqual(spanish.json());
    expect(carried?.answers[apiPaths.tasks]).not.toEqual(
      (await browser.get(apiPaths.tasks)).json(),
    );
  });

  it('carries only the route’s own answers', async () => {
    const carried = answersIn((await page('/settings')).body);
    expect(Object.keys(carried?.answers ?? {})).toEqual([apiPaths.profile]);
  });

  it('fills a path from the page’s URL: the customer’s own quote, and never another’s', async () => {
    const saved = await browser.post(apiPaths.quote, {});
    expect(saved.statusCode, saved.body).toBe(201);
    const { id } = savedQuoteSchema.parse(saved.json());
    const carried = answersIn((await page(`/transfer/${id}`)).body);
    expect(Object.keys(carried?.answers ?? {})).toEqual([apiPaths.profile, apiPaths.quoteById(id)]);
    expect(carried?.answers[apiPaths.quoteById(id)]).toEqual(
      (await browser.get(apiPaths.quoteById(id))).json(),
    );
    // Another customer's page of the same URL: the API answers them 404, so the page has it not.
    const other = await customer();
    expect((await other.get(apiPaths.quoteById(id))).statusCode).toBe(404);
    const theirs = answersIn((await page(`/transfer/${id}`, {}, 'GET', other)).body);
    expect(Object.keys(theirs?.answers ?? {})).toEqual([apiPaths.profile]);
    // No id at all: the frame's answer alone; the app asks, and says the quote is unknown.
    const malformed = answersIn((await page('/transfer/not-a-quote')).body);
    expect(Object.keys(malformed?.answers ?? {})).toEqual([apiPaths.profile]);
  });

  it('keeps what the customer wrote inert: no answer can end its element or open another', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const named = await customer(name);
    const response = await named.get(apiPaths.profile);
    expect(response.json<{ name: string }>().name).toBe(name);
    const html = (await page('/settings', {}, 'GET', named)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!--');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(answersIn(html)?.answers[apiPaths.profile]).toMatchObject({ name });
  });

  it('sends the page as built, and cacheable, to a browser nobody is signed in on', async () => {
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/dashboard' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.body).not.toContain(PAGE_ANSWERS_ELEMENT_ID);
    // A session cookie that is not (or no longer) a session: every answer is a 401.
    const stranger = await testApp.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { cookie: `corridor_session=${'x'.repeat(43)}` },
    });
    expect(stranger.headers['cache-control']).toBe('no-cache');
    expect(stranger.body).not.toContain(PAGE_ANSWERS_ELEMENT_ID);
  });

  it('answers nothing to HEAD, nor on a public route', async () => {
    const head = await page('/dashboard', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
    const signIn = await page('/');
    expect(signIn.body).not.toContain(PAGE_ANSWERS_ELEMENT_ID);
  });
});

describe('a build naming a path the API does not serve', () => {
  it('stops the server at start, naming the path', async () => {
    const dir = builtSpa({ '/dashboard': ['/client/v1/no-such-answer'] });
    try {
      await expect(createTestApp({ env: { WEB_DIST_DIR: dir } })).rejects.toThrow(
        /\/client\/v1\/no-such-answer/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a build naming a parameter its route has not', () => {
  it('stops the server at start, naming the path', async () => {
    const dir = builtSpa({ '/transactions': [apiPaths.profile, '/client/v1/transaction/:id'] });
    try {
      await expect(createTestApp({ env: { WEB_DIST_DIR: dir } })).rejects.toThrow(
        /\/client\/v1\/transaction\/:id/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('answerPathsAt', () => {
  const id = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

  it('fills each parameter from the URL, and leaves the paths without any as they are', () => {
    expect(
      answerPathsAt([apiPaths.profile, '/client/v1/transaction/:transactionId'], {
        transactionId: id.toUpperCase(),
      }),
    ).toEqual([apiPaths.profile, `/client/v1/transaction/${id.toUpperCase()}`]);
  });

  it('leaves out a path whose parameter is no well-formed id: nothing else is put in a request', () => {
    for (const value of [
      'not-an-id',
      `${id}x`,
      '..',
      `${id}/../profile`,
      '%2e%2e',
      '',
      undefined,
    ]) {
      expect(
        answerPathsAt([apiPaths.profile, '/client/v1/quote/:quoteId'], { quoteId: value }),
      ).toEqual([apiPaths.profile]);
    }
  });
});

describe('answersFor', () => {
  const request = (app: ReturnType<typeof Fastify>) =>
    ({
      headers: { cookie: 'corridor_session=abc' },
      ip: '203.0.113.7',
      log: app.log,
    }) as unknown as FastifyRequest;

  it('leaves out an answer slower than its wait, and one that fails, keeping the rest', async () => {
    const app = Fastify();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The page stops waiting once the slow answer is under way (and so after the first came).
    let pass: () => void = () => undefined;
    const deadline = { passed: new Promise<void>((resolve) => (pass = resolve)), cancel: () => {} };
    app.get('/client/v1/slow', async () => {
      pass();
      await held;
      return { slow: true };
    });
    app.get('/client/v1/fast', async (asked) => ({
      language: asked.headers['accept-language'],
      cookie: asked.headers.cookie,
      address: asked.ip,
    }));
    app.get('/client/v1/broken', async () => {
      throw new Error('broken');
    });
    await app.ready();
    try {
      const answers = await answersFor(
        app,
        request(app),
        ['/client/v1/fast', '/client/v1/slow', '/client/v1/broken'],
        'es',
        deadline,
      );
      expect(answers).toEqual({
        '/client/v1/fast': {
          language: 'es',
          cookie: 'corridor_session=abc',
          address: '203.0.113.7',
        },
      });
    } finally {
      release();
      await app.close();
    }
  });

  it('keeps no timer once the answers are in', async () => {
    const app = Fastify();
    app.get('/client/v1/fast', async () => ({ fast: true }));
    await app.ready();
    try {
      const deadline = deadlineIn(60_000);
      let cancelled = false;
      const cancel = deadline.cancel;
      deadline.cancel = () => {
        cancelled = true;
        cancel();
      };
      expect(await answersFor(app, request(app), ['/client/v1/fast'], 'en', deadline)).toEqual({
        '/client/v1/fast': { fast: true },
      });
      expect(cancelled).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('asks for the others only once the first answered: a stranger’s cookie costs one request', async () => {
    const app = Fastify();
    const asked: string[] = [];
    let signedIn = false;
    app.get('/client/v1/profile', async (_request, reply) => {
      asked.push('profile');
      return signedIn ? { id: 'c1' } : reply.code(401).send({ message: 'Unauthenticated.' });
    });
    app.get('/client/v1/tasks', async () => {
      asked.push('tasks');
      return [];
    });
    await app.ready();
    try {
      const paths = ['/client/v1/profile', '/client/v1/tasks'];
      expect(await answersFor(app, request(app), paths, 'en')).toEqual({});
      expect(asked).toEqual(['profile']);
      signedIn = true;
      expect(await answersFor(app, request(app), paths, 'en')).toEqual({
        '/client/v1/profile': { id: 'c1' },
        '/client/v1/tasks': [],
      });
      expect(asked).toEqual(['profile', 'profile', 'tasks']);
    } finally {
      await app.close();
    }
  });
});
