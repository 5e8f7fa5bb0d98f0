import { HttpResponse, delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/test/msw-server';
import { pageWithAnswers, removePageAnswers } from '@/test/page-with-answers';
import {
  createHttpClient,
  ensureCsrfCookie,
  HttpError,
  httpClient,
  isMoreAuthenticationRequired,
  isUnauthorized,
} from './http-client';
import { registerNavigate } from './navigation';
import { resetPageAnswers } from './page-answers';
import { activeProgressCount, isProgressStarted } from './progress';

const navigate = vi.fn();
let unregister: () => void = () => undefined;

beforeEach(() => {
  unregister = registerNavigate(navigate);
});

afterEach(() => {
  unregister();
  navigate.mockReset();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('httpClient requests', () => {
  it('sends JSON, tunnel and XSRF headers, and echoes the XSRF-TOKEN cookie', async () => {
    // Laravel-style cookie value: URL-encoded; the header carries it decoded.
    document.cookie = 'XSRF-TOKEN=eyJpdiI6IjEyMyJ9%3D; path=/';
    let received: Headers | undefined;
    server.use(
      http.post('/client/v1/logout', ({ request }) => {
        received = request.headers;
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await httpClient.post('/client/v1/logout');

    expect(received?.get('accept')).toBe('application/json');
    expect(received?.get('ngrok-skip-browser-warning')).toBe('true');
    expect(received?.get('x-xsrf-token')).toBe('eyJpdiI6IjEyMyJ9=');
  });

  it('sends credentials and sets no timeout', async () => {
    server.use(http.get('/client/v1/tasks', () => HttpResponse.json([])));
    const fetchSpy = vi.spyOn(globalThis, 'fetch');

    await httpClient.get('/client/v1/tasks');

    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    // No signal of its own, so nothing ever aborts a slow answer.
    expect(init?.signal ?? undefined).toBeUndefined();
    fetchSpy.mockRestore();
  });

  it('sends the XSRF header and cookies to a cross-origin base URL', async () => {
    document.cookie = 'XSRF-TOKEN=cross%2Borigin; path=/';
    let received: Headers | undefined;
    server.use(
      http.post('https://api.corridor.test/client/v1/logout', ({ request }) => {
        received = request.headers;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const client = createHttpClient({ baseUrl: 'https://api.corridor.test/' });

    const response = await client.post('/client/v1/logout');

    expect(response.status).toBe(204);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('https://api.corridor.test/client/v1/logout');
    expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(received?.get('x-xsrf-token')).toBe('cross+origin');
    expect(received?.get('accept')).toBe('application/json');
    fetchSpy.mockRestore();
  });

  it('sends a JSON body, query parameters and extra headers, and parses the JSON answer', async () => {
    let seen: { body: unknown; search: string; type: string | null; key: string | null } | null =
      null;
    server.use(
      http.post('/client/v1/update', async ({ request }) => {
        seen = {
          body: await request.json(),
          search: new URL(request.url).search,
          type: request.headers.get('content-type'),
          key: request.headers.get('idempotency-key'),
        };
        return HttpResponse.json({ id: 'c1' }, { status: 201 });
      }),
    );

    const response = await httpClient.post(
      '/client/v1/update',
      { 'address.line_1': '1 High St' },
      { params: { category: 'address', page: undefined }, headers: { 'Idempotency-Key': 'k1' } },
    );

    expect(seen).toEqual({
      body: { 'address.line_1': '1 High St' },
      search: '?category=address',
      type: 'application/json',
      key: 'k1',
    });
    expect(response.status).toBe(201);
    expect(response.data).toEqual({ id: 'c1' });
  });

  it('answers undefined data for an empty answer, and sends no body without one', async () => {
    let body: string | undefined;
    let type: string | null = null;
    server.use(
      http.post('/client/v1/logout', async ({ request }) => {
        body = await request.text();
        type = request.headers.get('content-type');
        return new HttpResponse(null, { status: 204 });
      }),
    );

    const response = await httpClient.post('/client/v1/logout');

    expect(response.data).toBeUndefined();
    expect(body).toBe('');
    expect(type).toBeNull();
  });

  it('sends a provided header while its source gives a value, until removed', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('/client/v1/ping', ({ request }) => {
        seen.push(request.headers.get('x-socket-id'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const client = createHttpClient();
    const socket: { id?: string } = {};
    const stop = client.provideHeader('X-Socket-ID', () => socket.id);

    await client.get('/client/v1/ping');
    socket.id = '123.456';
    await client.get('/client/v1/ping');
    stop();
    await client.get('/client/v1/ping');

    expect(seen).toEqual([null, '123.456', null]);
  });

  it('ensureCsrfCookie calls GET /sanctum/csrf-cookie', async () => {
    const hit = vi.fn();
    server.use(
      http.get('/sanctum/csrf-cookie', () => {
        hit();
        return new HttpResponse(null, {
          status: 204,
          headers: { 'Set-Cookie': 'XSRF-TOKEN=fresh; Path=/' },
        });
      }),
    );
    await ensureCsrfCookie();
    expect(hit).toHaveBeenCalledTimes(1);
  });
});

describe('httpClient errors', () => {
  it('re-throws a failed response to the caller', async () => {
    server.use(
      http.get('/client/v1/tasks', () =>
        HttpResponse.json({ message: 'Server error' }, { status: 500 }),
      ),
    );

    const error: unknown = await httpClient.get('/client/v1/tasks').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(500);
    expect((error as HttpError).data).toEqual({ message: 'Server error' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on 401 sends a signed-in page to sign-in with a redirect back, and still rejects', async () => {
    window.history.replaceState(null, '', '/transactions?page=2');
    server.use(
      http.get('/client/v1/profile', () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );

    const error: unknown = await httpClient.get('/client/v1/profile').catch((e: unknown) => e);

    expect(isUnauthorized(error)).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/?redirect=%2Ftransactions%3Fpage%3D2', {
      replace: true,
    });
  });

  it.each(['/', '/sign-up', '/forgot-password', '/reset-password/dG9rZW4=', '/mfa', '/nowhere'])(
    'on 401 does not redirect from the public page %s',
    async (path) => {
      window.history.replaceState(null, '', path);
      server.use(
        http.post('/client/v1/login', () =>
          HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
        ),
      );

      await expect(httpClient.post('/client/v1/login', {})).rejects.toBeInstanceOf(HttpError);
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('lets a caller opt out of the 401 redirect', async () => {
    window.history.replaceState(null, '', '/dashboard');
    server.use(
      http.get('/client/v1/profile', () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );

    await expect(
      httpClient.get('/client/v1/profile', { skipAuthRedirect: true }),
    ).rejects.toBeInstanceOf(HttpError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('re-throws a network failure without redirecting', async () => {
    window.history.replaceState(null, '', '/dashboard');
    server.use(http.get('/client/v1/devices', () => HttpResponse.error()));

    const error: unknown = await httpClient.get('/client/v1/devices').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBeUndefined();
    expect((error as HttpError).data).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('httpClient 412 more_authentication_required', () => {
  const owesMfa = () =>
    HttpResponse.json(
      { type: 'more_authentication_required', message: 'More authentication is required.' },
      { status: 412 },
    );

  it('sends the customer to MFA with a redirect back to the current page, and still rejects', async () => {
    window.history.replaceState(null, '', '/transactions?page=2');
    server.use(http.get('/client/v1/tasks', owesMfa));

    const error: unknown = await httpClient.get('/client/v1/tasks').catch((e: unknown) => e);

    expect(isMoreAuthenticationRequired(error)).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/mfa?redirect=%2Ftransactions%3Fpage%3D2', {
      replace: true,
    });
  });

  it('does nothing more on the MFA screen itself', async () => {
    window.history.replaceState(null, '', '/mfa?redirect=%2Fdashboard');
    server.use(http.get('/client/v1/tasks', owesMfa));
    await expect(httpClient.get('/client/v1/tasks')).rejects.toBeInstanceOf(HttpError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to MFA without a redirect from a public page', async () => {
    window.history.replaceState(null, '', '/sign-up');
    server.use(http.post('/client/v1/signup', owesMfa));
    await expect(httpClient.post('/client/v1/signup', {})).rejects.toBeInstanceOf(HttpError);
    expect(navigate).toHaveBeenCalledWith('/mfa', { replace: true });
  });

  it('lets a request opt out', async () => {
    window.history.replaceState(null, '', '/dashboard');
    server.use(http.post('/client/v1/mfa', owesMfa));
    await expect(
      httpClient.post('/client/v1/mfa', {}, { skipMfaRedirect: true }),
    ).rejects.toBeInstanceOf(HttpError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ignores a 412 of another type', async () => {
    window.history.replaceState(null, '', '/dashboard');
    server.use(
      http.get('/client/v1/tasks', () =>
        HttpResponse.json({ type: 'something_else', message: 'No.' }, { status: 412 }),
      ),
    );
    const error: unknown = await httpClient.get('/client/v1/tasks').catch((e: unknown) => e);
    expect(isMoreAuthenticationRequired(error)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('httpClient progress bar', () => {
  function observeProgressDuring(path: string, response: () => Response) {
    const seen: { count: number; started: boolean }[] = [];
    server.use(
      http.get(path, async () => {
        seen.push({ count: activeProgressCount(), started: isProgressStarted() });
        await delay(20);
        return response();
      }),
    );
    return seen;
  }

  it('starts on request and stops on a response', async () => {
    const seen = observeProgressDuring('/client/v1/tasks', () => HttpResponse.json([]));

    await httpClient.get('/client/v1/tasks');

    expect(seen).toEqual([{ count: 1, started: true }]);
    expect(activeProgressCount()).toBe(0);
    expect(isProgressStarted()).toBe(false);
  });

  it('starts on request and stops on an error', async () => {
    const seen = observeProgressDuring('/client/v1/tasks', () =>
      HttpResponse.json({ message: 'Server error' }, { status: 500 }),
    );

    await expect(httpClient.get('/client/v1/tasks')).rejects.toBeInstanceOf(HttpError);

    expect(seen).toEqual([{ count: 1, started: true }]);
    expect(activeProgressCount()).toBe(0);
    expect(isProgressStarted()).toBe(false);
  });

  it('counts overlapping requests and stops after the last one', async () => {
    const counts: number[] = [];
    // Gates, not delays: the failing request answers once the slow one has started, and the
    // slow one only when the test lets it (timed delays raced on a busy machine).
    let slowStarted!: () => void;
    const slowHasStarted = new Promise<void>((resolve) => (slowStarted = resolve));
    let answerSlow!: () => void;
    const slowMayAnswer = new Promise<void>((resolve) => (answerSlow = resolve));
    server.use(
      http.get('/client/v1/tasks', async () => {
        counts.push(activeProgressCount());
        slowStarted();
        await slowMayAnswer;
        return HttpResponse.json([]);
      }),
      http.get('/client/v1/devices', async () => {
        await slowHasStarted;
        counts.push(activeProgressCount());
        return HttpResponse.json({ message: 'Nope' }, { status: 404 });
      }),
    );

    const slow = httpClient.get('/client/v1/tasks');
    const failing = httpClient.get('/client/v1/devices').catch(() => 'failed');
    await failing;
    expect(activeProgressCount()).toBe(1);
    answerSlow();
    await slow;

    expect(counts).toEqual([2, 2]);
    expect(activeProgressCount()).toBe(0);
    expect(isProgressStarted()).toBe(false);
  });

  it('stops after a cancelled request', async () => {
    server.use(
      http.get('/client/v1/tasks', async () => {
        await delay(50);
        return HttpResponse.json([]);
      }),
    );
    const controller = new AbortController();
    const request = httpClient.get('/client/v1/tasks', { signal: controller.signal });
    expect(activeProgressCount()).toBe(1);
    controller.abort();

    const error: unknown = await request.catch((e: unknown) => e);
    // The caller's own abort, not a failure of the request.
    expect(error).not.toBeInstanceOf(HttpError);
    expect(activeProgressCount()).toBe(0);
  });
});

describe('httpClient and the answers the page came with (decision 29)', () => {
  beforeEach(() => resetPageAnswers());
  afterEach(removePageAnswers);

  it('answers the first GET of a path the page answered without a request, then asks', async () => {
    pageWithAnswers({ '/client/v1/tasks': [{ id: 'from-the-page' }] });
    const calls: string[] = [];
    server.use(
      http.get('/client/v1/tasks', ({ request }) => {
        calls.push(request.url);
        return HttpResponse.json([{ id: 'from-the-server' }]);
      }),
    );
    const client = createHttpClient();
    client.provideHeader('Accept-Language', () => 'en');

    const first = await client.get('/client/v1/tasks');
    expect(first).toMatchObject({ status: 200, data: [{ id: 'from-the-page' }] });
    expect(calls).toEqual([]);
    // No request, so no progress bar either.
    expect(activeProgressCount()).toBe(0);

    const second = await client.get('/client/v1/tasks');
    expect(second.data).toEqual([{ id: 'from-the-server' }]);
    expect(calls).toHaveLength(1);
  });

  it('gives the page’s answer in a later task, as an answer from the network comes', async () => {
    pageWithAnswers({ '/client/v1/tasks': [{ id: 'from-the-page' }] });
    const client = createHttpClient();
    client.provideHeader('Accept-Language', () => 'en');
    const order: string[] = [];
    const answered = client.get('/client/v1/tasks').then(() => order.push('answer'));
    // Every microtask of this task runs first: the answer's handlers are a task apart (issue 31).
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    order.push('this task done');
    await answered;
    expect(order).toEqual(['this task done', 'answer']);
  });

  it('reads no cookie for a GET the page answered, and sends the XSRF token on the next', async () => {
    pageWithAnswers({ '/client/v1/tasks': [{ id: 'from-the-page' }] });
    document.cookie = 'XSRF-TOKEN=token-1; path=/';
    const tokens: (string | null)[] = [];
    server.use(
      http.get('/client/v1/tasks', ({ request }) => {
        tokens.push(request.headers.get('X-XSRF-TOKEN'));
        return HttpResponse.json([]);
      }),
    );
    const client = createHttpClient();
    client.provideHeader('Accept-Language', () => 'en');
    const cookie = vi.spyOn(document, 'cookie', 'get');

    await client.get('/client/v1/tasks');
    expect(cookie).not.toHaveBeenCalled();

    await client.get('/client/v1/tasks');
    expect(tokens).toEqual(['token-1']);
    cookie.mockRestore();
  });

  it('asks the server when the app speaks another language than the page', async () => {
    pageWithAnswers({ '/client/v1/tasks': [{ id: 'in-english' }] }, 'en');
    server.use(http.get('/client/v1/tasks', () => HttpResponse.json([{ id: 'en-español' }])));
    const client = createHttpClient();
    client.provideHeader('Accept-Language', () => 'es');
    expect((await client.get('/client/v1/tasks')).data).toEqual([{ id: 'en-español' }]);
  });

  it('forgets the page’s answers once anything is written', async () => {
    pageWithAnswers({ '/client/v1/tasks': [{ id: 'before-the-write' }] });
    server.use(
      http.post('/client/v1/logout', () => new HttpResponse(null, { status: 204 })),
      http.get('/client/v1/tasks', () => HttpResponse.json([{ id: 'after-the-write' }])),
    );
    const client = createHttpClient();
    client.provideHeader('Accept-Language', () => 'en');
    await client.post('/client/v1/logout');
    expect((await client.get('/client/v1/tasks')).data).toEqual([{ id: 'after-the-write' }]);
  });
});
