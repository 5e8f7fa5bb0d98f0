import { describe, expect, it } from 'vitest';
import { idempotentRoute } from './idempotent-route.ts';

describe('idempotentRoute', () => {
  it('refuses a grouped use case with a lock when the route is registered', () => {
    const routes: unknown[] = [];
    const app = { route: (options: unknown) => routes.push(options) };
    const base = {
      method: 'POST' as const,
      url: '/client/v1/test/grouped',
      schema: {},
      prepare: () => Promise.resolve(null),
      run: () => Promise.resolve({}),
      group: () => Promise.resolve([]),
    };
    expect(() => idempotentRoute(app as never, { ...base, lock: () => 'lock' })).toThrow(
      'a grouped use case cannot have a lock',
    );
    expect(routes).toHaveLength(0);
    idempotentRoute(app as never, base);
    expect(routes).toHaveLength(1);
  });
});
