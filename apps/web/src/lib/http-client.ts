// The wire's own modules, not its index: the first load must not carry every API path.
import { MORE_AUTHENTICATION_REQUIRED } from '@corridor/contracts/wire/error-types';
import { CSRF_COOKIE_PATH, XSRF_COOKIE, XSRF_HEADER } from '@corridor/contracts/wire/headers';
import { errorType, httpStatus } from './api-error';
import { redirectToMfa, redirectToSignIn } from './auth-redirect';
import { HttpError } from './http-error';
import { forgetPageAnswers, takePageAnswer } from './page-answers';
import { yieldToBrowser } from './yield-to-browser';
import { doneProgress, startProgress } from './progress';

export { HttpError } from './http-error';

/** Query parameters; undefined and null ones are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: QueryParams;
  /** Extra headers of this request (an Idempotency-Key, for example). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Let the caller handle a 401 instead of being sent to sign-in (route loaders, logout). */
  skipAuthRedirect?: boolean;
  /**
   * Let the caller handle a 412 `more_authentication_required` instead of being sent to the
   * MFA screen (the MFA calls themselves).
   */
  skipMfaRedirect?: boolean;
}

/** A successful (2xx) answer. `data` is the parsed JSON body, undefined when there is none. */
export interface ApiResponse {
  status: number;
  data: unknown;
  headers: Headers;
}

/** Gives a header's value for the next request, or undefined to leave it out. */
export type HeaderSource = () => string | undefined;

export interface HttpClient {
  get(path: string, options?: RequestOptions): Promise<ApiResponse>;
  delete(path: string, options?: RequestOptions): Promise<ApiResponse>;
  /** `body` is sent as JSON; undefined sends none. */
  post(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse>;
  /** Sends `name` on every request while `source` gives a value; returns a function that stops. */
  provideHeader(name: string, source: HeaderSource): () => void;
}

/** A cookie's value as the server set it (URL-encoded, as Laravel does), decoded. */
function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

function urlOf(baseUrl: string | undefined, path: string, params: QueryParams = {}): string {
  const url = baseUrl ? `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : path;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const search = query.toString();
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/** The JSON body of an answer; undefined when it is empty or not JSON. */
function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** True when `error` is an HTTP answer with this status. */
export function hasHttpStatus(error: unknown, status: number): boolean {
  return httpStatus(error) === status;
}

/** True when the server said nobody is signed in. */
export function isUnauthorized(error: unknown): boolean {
  return hasHttpStatus(error, 401);
}

/** True when the session still owes its second factor (412 more_authentication_required). */
export function isMoreAuthenticationRequired(error: unknown): boolean {
  return hasHttpStatus(error, 412) && errorType(error) === MORE_AUTHENTICATION_REQUIRED;
}

/** Sends the customer where a failure says they must go first, unless the call handles it. */
function redirectAfter(error: HttpError, options: RequestOptions): void {
  if (error.status === 401 && options.skipAuthRedirect !== true) redirectToSignIn();
  if (isMoreAuthenticationRequired(error) && options.skipMfaRedirect !== true) redirectToMfa();
}

/**
 * An HTTP client on `fetch` with the behaviour docs/product/web-app.md#every-request asks of every request. `baseUrl` is
 * another origin for the API; without it requests go to the page's own origin.
 */
export function createHttpClient(config: { baseUrl?: string | undefined } = {}): HttpClient {
  const headerSources = new Map<string, HeaderSource>();

  function headersFor(body: unknown, extra: Record<string, string> = {}): Headers {
    const headers = new Headers({
      Accept: 'application/json',
      'ngrok-skip-browser-warning': 'true',
    });
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    for (const [name, source] of headerSources) {
      const value = source();
      if (value !== undefined) headers.set(name, value);
    }
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return headers;
  }

  /**
   * The XSRF token, read only for a request that is sent: reading `document.cookie` asks the
   * browser's process and waits for it, which a GET answered from the page need not do (issue 31).
   * Sent whatever the base URL, so an API on a sibling origin (VITE_API_URL) gets it too; a
   * caller's own header of that name stays.
   */
  function withXsrfToken(headers: Headers): Headers {
    const xsrfToken = headers.has(XSRF_HEADER) ? undefined : readCookie(XSRF_COOKIE);
    if (xsrfToken) headers.set(XSRF_HEADER, xsrfToken);
    return headers;
  }

  /** The answer and its body; a request that got none fails with an HttpError without status. */
  async function exchange(method: string, path: string, url: string, init: RequestInit) {
    try {
      const response = await fetch(url, init);
      return { response, data: parseJson(await response.text()) };
    } catch (error) {
      // A cancelled request is the caller's doing, not a failure to report.
      if (init.signal?.aborted === true) throw error;
      throw new HttpError(`${method} ${path}: no answer`, {}, { cause: error });
    }
  }

  async function request(
    method: string,
    path: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse> {
    const url = urlOf(config.baseUrl, path, options.params);
    const headers = headersFor(body, options.headers);
    if (method === 'GET') {
      // The page may have come with this answer (decision 29): no request, no progress bar.
      const answer = takePageAnswer(url, headers.get('Accept-Language'));
      if (answer !== undefined) {
        // In a task of its own, as an answer from the network comes: otherwise every loader's
        // answer, its checks and the cache's listeners ran in the one task that started them,
        // the dashboard's longest after its first paint (issue 31, docs/performance.md#latest-figures).
        await yieldToBrowser();
        return { status: 200, data: answer.data, headers: new Headers() };
      }
    } else {
      forgetPageAnswers();
    }
    const init: RequestInit = {
      method,
      headers: withXsrfToken(headers),
      // The session cookie goes along even when the API is on another origin.
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    };
    // No timeout (docs/product/web-app.md#constants): a slow answer keeps the bar up rather than failing.
    startProgress();
    let answer;
    try {
      answer = await exchange(method, path, url, init);
    } finally {
      doneProgress();
    }
    const { response, data } = answer;
    if (response.ok) return { status: response.status, data, headers: response.headers };
    const error = new HttpError(`${method} ${path} answered ${response.status}`, {
      status: response.status,
      data,
      headers: response.headers,
    });
    redirectAfter(error, options);
    // Callers decide what a failure means to the customer (docs/product/web-app.md#errors).
    throw error;
  }

  return {
    get: (path, options) => request('GET', path, undefined, options),
    delete: (path, options) => request('DELETE', path, undefined, options),
    post: (path, body, options) => request('POST', path, body, options),
    provideHeader(name, source) {
      headerSources.set(name, source);
      return () => {
        if (headerSources.get(name) === source) headerSources.delete(name);
      };
    },
  };
}

/** The one HTTP client of the app (docs/product/web-app.md#every-request): same origin unless the API is deployed elsewhere. */
export const httpClient = createHttpClient({ baseUrl: import.meta.env.VITE_API_URL || undefined });

/** Gets a fresh XSRF-TOKEN cookie; docs/product/web-app.md#every-request calls it before sign-up and sign-in,
 * and we also call it before forgot-password and reset-password (nothing is signed in there). */
export async function ensureCsrfCookie(): Promise<void> {
  await httpClient.get(CSRF_COOKIE_PATH, { skipAuthRedirect: true });
}
