// A signed-in customer made through the public API, as the SPA makes one.
import { apiPaths, XSRF_COOKIE, XSRF_HEADER } from '@corridor/contracts';

export interface SignedUpCustomer {
  email: string;
  /** The session's HTTP client: every call carries and keeps the customer's cookies. */
  api: ApiSession;
  cookies: { name: string; value: string }[];
}

/** A browser's cookie jar and XSRF header over `fetch`, against the server at `origin`. */
export class ApiSession {
  private readonly jar = new Map<string, string>();

  constructor(readonly origin: string) {}

  get cookies(): { name: string; value: string }[] {
    return [...this.jar].map(([name, value]) => ({ name, value }));
  }

  /** The answer's body when its status is `expected`; throws with the body otherwise. */
  async request(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    {
      body,
      expected = method === 'POST' ? [200, 201] : [200, 204],
      headers = {},
    }: { body?: unknown; expected?: number[]; headers?: Record<string, string> } = {},
  ): Promise<unknown> {
    const response = await fetch(`${this.origin}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: this.cookies.map(({ name, value }) => `${name}=${value}`).join('; '),
        [XSRF_HEADER]: decodeURIComponent(this.jar.get(XSRF_COOKIE) ?? ''),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    if (!expected.includes(response.status)) {
      throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    }
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    this.request('POST', path, { body, headers });
}

/** Signs up a new customer at `origin` (sign-up signs in) and returns its session. */
export async function signUpCustomer(origin: string): Promise<SignedUpCustomer> {
  const api = new ApiSession(origin);
  await api.get(apiPaths.csrfCookie);
  const email = `bench-web-${process.pid}-${performance.now().toFixed(0)}@example.com`;
  const password = 'Bench-Web-Passw0rd';
  await api.request('POST', apiPaths.signup, {
    body: { email, password, confirm_password: password },
    expected: [201],
  });
  return { email, api, cookies: api.cookies };
}
