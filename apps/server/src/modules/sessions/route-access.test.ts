/**
 * Deny by default (decision 7, checklist C40), checked on every route the app has: the session
 * check is added to each route that is not public when the route is registered (issue 31), so
 * a route that escaped it would be open. Every route that needs a session must refuse a request
 * without one, whatever its method, before it reads a body or a parameter.
 */
import type * as FastifyModule from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { routeAccess, type RouteAccess } from './authentication.ts';

const observed = vi.hoisted(() => ({
  routes: [] as {
    method: string;
    url: string;
    access: RouteAccess | undefined;
    /** The route's options as registered: later onRoute hooks complete them in place. */
    options: { preValidation?: unknown };
  }[],
}));

// buildApp registers its routes before a test could add a hook: the Fastify factory is wrapped
// so that a recording onRoute hook is the first thing on the root instance (as api-fuzz does).
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const create = (options?: FastifyModule.FastifyServerOptions) => {
    const app = actual.default(options ?? {});
    app.addHook('onRoute', (route) => {
      const access = (route.config as { access?: RouteAccess } | undefined)?.access;
      for (const method of [route.method].flat()) {
        observed.routes.push({ method, url: route.url, access, options: route });
      }
    });
    return app;
  };
  const wrapped = Object.assign(create, actual.default) as unknown as typeof actual.default;
  return { ...actual, default: wrapped, fastify: wrapped };
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

/** A URL of the route, its parameters filled with a well-formed id nobody has. */
const urlOf = (url: string) =>
  url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');

/** The name of the step the authentication plugin puts first on a route (authentication.ts). */
const firstPreValidation = (options: { preValidation?: unknown }) => {
  const hooks = [options.preValidation ?? []].flat() as { name?: string }[];
  return hooks[0]?.name;
};

describe('every route that needs a session refuses a request without one', () => {
  it('each has the authentication step first, and no public route has it', () => {
    const wrong = observed.routes.flatMap((route) => {
      const closed = routeAccess(route.access, route.url) !== 'public';
      const first = firstPreValidation(route.options);
      return closed === (first === 'authenticateRoute') ? [] : [`${route.method} ${route.url}`];
    });
    expect(observed.routes.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });

  it('401 on each, with a valid anonymous CSRF pair so that only the session is missing', async () => {
    const csrf = await testApp.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    const cookies = Object.fromEntries(csrf.cookies.map((c) => [c.name, c.value]));
    const cookie = Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const closed = observed.routes.filter(
      (route) => routeAccess(route.access, route.url) !== 'public' && route.method !== 'OPTIONS',
    );
    // The profile, the devices, transfers… : the app has many; an empty list would prove nothing.
    expect(closed.length).toBeGreaterThan(20);
    const answers: string[] = [];
    for (const route of closed) {
      const withBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url: urlOf(route.url),
        headers: {
          accept: 'application/json',
          cookie,
          'x-xsrf-token': decodeURIComponent(cookies['XSRF-TOKEN'] ?? ''),
          ...(withBody ? { 'content-type': 'application/json' } : {}),
        },
        ...(withBody ? { payload: '{}' } : {}),
      });
      if (response.statusCode !== 401) {
        answers.push(`${route.method} ${route.url}: ${response.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
  });
});
