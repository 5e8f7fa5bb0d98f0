import { customerSchema, deviceListSchema } from '@corridor/contracts';
import { serializerCompiler as encodingSerializer } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsesAsItEncodes, responseSerializerCompiler } from './response-serializer.ts';

const route = { method: 'GET', url: '/probe', httpStatus: '200' } as const;
const serializerFor = (schema: z.ZodType) => responseSerializerCompiler({ schema, ...route });
const encodingFor = (schema: z.ZodType) => encodingSerializer({ schema, ...route });

const probe = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  tags: z.array(z.object({ name: z.string().min(1) })),
  note: z.string().nullable(),
  rules: z.null().default(null),
  // A nullable number with a default (an attribute's max_length): still parsed, not encoded.
  max: z.number().nullable().default(null),
  kind: z.enum(['a', 'b']),
});

describe('the response serializer', () => {
  it('parses only schemas that give what encoding gives', () => {
    expect(parsesAsItEncodes(probe)).toBe(true);
    expect(parsesAsItEncodes(customerSchema)).toBe(true);
    expect(parsesAsItEncodes(deviceListSchema)).toBe(true);
    for (const directional of [
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.string().pipe(z.email()) }),
      z.object({ a: z.string().optional().default('x') }),
      z.object({ a: z.string().nullish().default('x') }),
      z.object({ a: z.string().catch('x') }),
      z.object({ a: z.lazy(() => z.string()) }),
    ]) {
      expect(parsesAsItEncodes(directional)).toBe(false);
    }
  });

  it('sends what fastify-type-provider-zod sends, unknown keys dropped', () => {
    const value = {
      id: '6f1c2a9e-4b7d-4c3e-9a51-d2e8b0c47f13',
      at: '2026-01-01T00:00:00.000Z',
      tags: [{ name: 'x', extra: 'dropped' }],
      note: null,
      rules: null,
      max: 100,
      kind: 'a',
      secret: 'never sent',
    };
    const sent = serializerFor(probe)(value);
    expect(sent).toBe(encodingFor(probe)(value));
    expect(sent).not.toContain('never sent');
    expect(sent).not.toContain('dropped');
  });

  it('refuses an answer its schema refuses, compiled or encoded', () => {
    const wrong = {
      id: 'not-a-uuid',
      at: 'yesterday',
      tags: [],
      note: 1,
      rules: null,
      max: null,
      kind: 'c',
    };
    expect(() => serializerFor(probe)(wrong)).toThrow(/doesn't match the schema/);
    const directional = z.object({ n: z.string().catch('x') });
    expect(() => serializerFor(directional)({ n: 1 })).toThrow(/doesn't match the schema/);
  });
});
