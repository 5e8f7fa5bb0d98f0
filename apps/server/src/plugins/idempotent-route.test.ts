import { describe, expect, it } from 'vitest';
import { idempotentRoute, useCaseOf } from './idempotent-route.ts';

describe('idempotentRoute', () => {
  it('registers a grouped use case with a lock, both kept for the idempotency plugin', () => {
    // A group's locks are taken by the plugin, each once and in sorted order
    // (docs/decisions/0058-grouped-requests.md; confirm-groups.test.ts crosses two groups).
    const routes: { handler: unknown }[] = [];
    const app = { route: (options: { handler: unknown }) => routes.push(options) };
    const lock = () => 'lock';
    const group = () => Promise.resolve([]);
    idempotentRoute(app as never, {
      method: 'POST' as const,
      url: '/client/v1/test/grouped',
      schema: {},
      prepare: () => Promise.resolve(null),
      run: () => Promise.resolve({}),
      lock,
      group,
    });
    expect(routes).toHaveLength(1);
    const useCase = useCaseOf(routes[0]?.handler);
    expect(useCase?.lock).toBe(lock);
    expect(useCase?.group).toBe(group);
  });
});
