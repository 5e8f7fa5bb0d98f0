import { apiPaths } from '@corridor/contracts';

type Method = 'GET' | 'POST' | 'DELETE';

/**
 * A browser's cookies and XSRF echo over real HTTP (test/test-browser.ts does it over inject),
 * for tests of real server processes. `at` gives the same browser (one cookie jar) talking to
 * another process of the deployment, as a balancer may send it anywhere.
 */
export class FetchBrowser {
  constructor(
    private readonly origin: string,
    private readonly cookies = new Map<string, string>(),
  ) {}

  at(origin: string): FetchBrowser {
    return new FetchBrowser(origin, this.cookies);
  }

  /** The Cookie header it sends now: what a tab holding these cookies would keep sending. */
  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string): Promise<Response> {
    return this.send('GET', url);
  }

  async post(url: string, body?: unknown): Promise<Response> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.send('GET', apiPaths.csrfCookie);
    return this.send('POST', url, body);
  }

  async delete(url: string): Promise<Response> {
    return this.send('DELETE', url);
  }

  private async send(method: Method, url: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    if (method !== 'GET')
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.origin}${url}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const equals = pair.indexOf('=');
      this.cookies.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
    }
    return response;
  }
}
