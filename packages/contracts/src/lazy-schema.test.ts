// @vitest-environment happy-dom
// In a browser (a `document`), the schemas are stand-ins built at first use (lazy-schema.ts).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';
import { buildInSlices, lazySchema } from './lazy-schema.ts';
import { buildCustomer } from './testing/index.ts';

function counted<T extends object>(build: () => T) {
  const built = { count: 0 };
  const schema = lazySchema(() => {
    built.count += 1;
    return build();
  });
  return { schema, built };
}

describe('lazySchema in a browser', () => {
  it('builds the schema at its first use, once', () => {
    const { schema, built } = counted(() => z.object({ name: z.string() }));
    expect(built.count).toBe(0);
    expect(schema.parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
    expect(schema.safeParse({ name: 1 }).success).toBe(false);
    expect(built.count).toBe(1);
  });

  it('stands in for the schema: its type, shape, methods and what is built from it', () => {
    const { schema } = counted(() => z.object({ name: z.string() }));
    expect(schema).toBeInstanceOf(z.ZodObject);
    expect(Object.keys(schema.shape)).toEqual(['name']);
    const extended = schema.extend({ age: z.number() });
    expect(extended.parse({ name: 'Ada', age: 36 })).toEqual({ name: 'Ada', age: 36 });
    const held = z.object({ person: schema.nullable(), people: z.array(schema) });
    expect(held.parse({ person: null, people: [{ name: 'Ada' }] })).toEqual({
      person: null,
      people: [{ name: 'Ada' }],
    });
    expect(z.toJSONSchema(schema)).toEqual(z.toJSONSchema(z.object({ name: z.string() })));
  });

  it('builds a schema and those it holds, before any parse', async () => {
    const inner = counted(() => z.object({ code: z.string() }));
    const outer = counted(() =>
      z.object({ inner: inner.schema, list: z.array(inner.schema).optional() }),
    );
    await buildInSlices(outer.schema);
    expect(outer.built.count).toBe(1);
    expect(inner.built.count).toBe(1);
    await buildInSlices(outer.schema);
    expect(outer.schema.parse({ inner: { code: 'a' } })).toEqual({ inner: { code: 'a' } });
    expect([outer.built.count, inner.built.count]).toEqual([1, 1]);
  });

  it('builds every schema of the contracts, each the same as on the server', async () => {
    const schemas = Object.values(contracts as Record<string, unknown>).filter(
      (value): value is z.ZodType => value instanceof z.ZodType,
    );
    expect(schemas.length).toBeGreaterThan(100);
    for (const schema of schemas) {
      await buildInSlices(schema);
      expect(() => schema.safeParse({})).not.toThrow();
    }
    const customer = buildCustomer();
    expect(contracts.customerSchema.parse(customer)).toEqual(customer);
    const refused = contracts.loginRequestSchema.safeParse({ email: 'x', password: '' });
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['email'], 'The email must be a valid email address.'],
      [['password'], 'The password field is required.'],
    ]);
  });
});
