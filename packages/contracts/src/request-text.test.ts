import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from './index.ts';
import { isTextRuleString, text } from './text.ts';

/**
 * The request schemas: every export named `…RequestSchema`, `…QuerySchema`, `…BodySchema` or
 * `…ParamsSchema`, and the few request bodies named otherwise.
 */
const REQUEST_NAME = /(Request|Query|Body|Params)Schema$/;
const OTHER_REQUEST_SCHEMAS = ['attributeValuesSchema'];

/**
 * Fields the contract leaves open on purpose, each with the check that holds instead. A recipient's
 * attributes depend on the payout channel, so the server checks each one (the text rules through
 * `textProblem`, then the channel's own rules: modules/recipients/attribute-checks.ts).
 */
const CHECKED_ON_THE_SERVER = new Set([
  'recipientBodySchema.recipient_type (unknown)',
  'recipientBodySchema.relationship_id (unknown)',
  'recipientBodySchema.* (unknown)',
]);

type Schema = z.core.$ZodType;
const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * The paths of the string fields of `schema` that did not come from `text()`: a plain
 * `z.string()` (with or without `.min`, `.max`, `.regex`) takes NUL and invisible characters to
 * the database. zod's string formats (`z.uuid()`, `z.email()`, `z.iso.datetime()`…) accept only
 * their own alphabet and pass; so do enums, literals, numbers and booleans.
 */
function bareStrings(schema: Schema, path: string, seen = new Set<Schema>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const walk = (inner: unknown, at: string) =>
    isSchema(inner) ? bareStrings(inner, at, seen) : [];
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'string': {
      if (isTextRuleString(schema)) return [];
      return typeof def.format === 'string' && def.format !== 'regex' ? [] : [path];
    }
    case 'any':
    case 'unknown':
    case 'custom':
      // Anything, strings included, reaches the handler unchecked.
      return [`${path} (${def.type})`];
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      return [
        ...Object.entries(shape).flatMap(([key, value]) => walk(value, `${path}.${key}`)),
        ...walk(def.catchall, `${path}.*`),
      ];
    }
    case 'array':
    case 'set':
      return walk(def.element ?? def.valueType, `${path}[]`);
    case 'tuple':
      return [
        ...(def.items as Schema[]).flatMap((item, index) => walk(item, `${path}[${index}]`)),
        ...walk(def.rest, `${path}[…]`),
      ];
    case 'record':
    case 'map':
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{value}`)];
    case 'union':
      return (def.options as Schema[]).flatMap((option) => walk(option, path));
    case 'intersection':
      return [...walk(def.left, path), ...walk(def.right, path)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType, path);
    case 'lazy':
      return walk((def.getter as () => unknown)(), path);
    case 'pipe': {
      // What the input side checked reaches the output side checked: `text().pipe(z.email())`.
      const input = def.in as Schema;
      if (input._zod.def.type === 'string' && isTextRuleString(input)) return [];
      return [...walk(input, path), ...walk(def.out, path)];
    }
    default:
      return [];
  }
}

const requestSchemas: [string, Schema][] = Object.entries(contracts).flatMap(
  ([name, value]): [string, Schema][] =>
    (REQUEST_NAME.test(name) || OTHER_REQUEST_SCHEMAS.includes(name)) && isSchema(value)
      ? [[name, value]]
      : [],
);

describe('every string of every request goes through the text rules (issue 28, S6)', () => {
  it('finds the request schemas', () => {
    expect(requestSchemas.length).toBeGreaterThan(20);
    for (const name of OTHER_REQUEST_SCHEMAS) {
      expect(requestSchemas.map(([found]) => found)).toContain(name);
    }
  });

  it.each(requestSchemas)('%s has no bare string', (name, schema) => {
    expect(bareStrings(schema, name).filter((path) => !CHECKED_ON_THE_SERVER.has(path))).toEqual(
      [],
    );
  });

  it('tells a text-rule string from a bare one, through wrappers and added checks', async () => {
    const { z } = await import('zod');
    const field = text({ max: 10 });
    expect(bareStrings(z.object({ a: field.optional(), b: field.nullable() }), 'x')).toEqual([]);
    expect(bareStrings(z.object({ a: field.regex(/^a/) }), 'x')).toEqual([]);
    expect(bareStrings(z.object({ a: field.pipe(z.email()) }), 'x')).toEqual([]);
    expect(bareStrings(z.object({ a: z.uuid(), b: z.enum(['A']) }), 'x')).toEqual([]);
    expect(
      bareStrings(
        z.object({
          a: z.string(),
          b: z.array(z.string().max(5)),
          c: z.record(z.string(), z.string().regex(/^x$/)),
          d: z.preprocess(String, z.string()),
        }),
        'x',
      ),
    ).toEqual(['x.a', 'x.b[]', 'x.c{key}', 'x.c{value}', 'x.d']);
  });
});
