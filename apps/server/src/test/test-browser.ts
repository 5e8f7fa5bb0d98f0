import { apiPaths, customerSchema, type OutboxMessage } from '@corridor/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser as the SPA drives the API: it keeps cookies between requests and echoes
 * XSRF-TOKEN in X-XSRF-TOKEN on every state-changing request.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN'))
      await this.request('GET', '/sanctum/csrf-cookie');
    const options: InjectOptions = {
      method,
      url,
      headers: {
        'user-agent': this.userAgent,
        accept: 'application/json',
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader } : {}),
        ...(method !== 'GET' ? { 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '' } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload: payload as InjectOptions['payload'] } : {}),
    };
    const response = await this.app.inject(options);
    for (const cookie of response.cookies) this.cookies.set(cookie.name, cookie.value);
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload?: unknown) => this.request('POST', url, payload);
  delete = (url: string) => this.request('DELETE', url);
}

/** The newest message to `to` in the outbox, as /dev/mailbox.json shows it. */
export async function latestMail(
  app: FastifyInstance,
  to: string,
): Promise<OutboxMessage | undefined> {
  const response = await app.inject({ method: 'GET', url: '/dev/mailbox.json' });
  const messages = response.json<OutboxMessage[]>();
  return messages.find((message) => message.to === to);
}

/** The 6-digit code in the newest message to `to`. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const mail = await latestMail(app, to);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

export const STRONG_PASSWORD = 'Tr4vel-Money-Home';

/** A new customer, signed up (and so signed in) through `app` the way the SPA does it. */
export async function signUpCustomer(app: FastifyInstance, email: string) {
  const browser = new TestBrowser(app);
  const response = await browser.post(apiPaths.signup, {
    email,
    password: STRONG_PASSWORD,
    confirm_password: STRONG_PASSWORD,
  });
  expect(response.statusCode).toBe(201);
  const customer = customerSchema.parse(response.json());
  if (!customer.session) throw new Error('signed up without a session');
  return { browser, customer, sessionId: customer.session.id };
}
