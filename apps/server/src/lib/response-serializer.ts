import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compile, type $ZodType } from 'zod/v4/core';

/** Kinds that check a value the same way in both directions and hold no other schema. */
const leaves = new Set([
  'any',
  'bigint',
  'boolean',
  'custom',
  'date',
  'enum',
  'file',
  'literal',
  'nan',
  'never',
  'null',
  'number',
  'string',
  'symbol',
  'template_literal',
  'undefined',
  'unknown',
  'void',
]);

/** Kinds that never accept `undefined`, so a default around them only fills a missing key. */
const definite = new Set([
  'null',
  'string',
  'number',
  'boolean',
  'bigint',
  'enum',
  'object',
  'array',
]);

/** Whether `schema` never accepts `undefined`: a definite kind, or one made nullable. */
function refusesUndefined(schema: $ZodType): boolean {
  const def = schema._zod.def as unknown as { type: string; innerType?: $ZodType };
  if (def.type === 'nullable' && def.innerType) return refusesUndefined(def.innerType);
  return definite.has(def.type);
}

/**
 * The schemas inside `schema`, or undefined when its own result may depend on the direction: a
 * transform or pipe (and so a codec) runs one way only; a prefault or catch fills in or forgives
 * on parse but not on encode; anything not named here is not looked into. A default is the one
 * exception, around a kind that refuses `undefined`: where encoding would fail on a missing key
 * (a 500), parsing sends the contract's default, and otherwise both give the same.
 */
function childrenOf(schema: $ZodType): readonly $ZodType[] | undefined {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object':
      return [
        ...Object.values(def.shape as Record<string, $ZodType>),
        ...(def.catchall ? [def.catchall as $ZodType] : []),
      ];
    case 'array':
    case 'set':
      return [(def.element ?? def.valueType) as $ZodType];
    case 'default': {
      const inner = def.innerType as $ZodType;
      return refusesUndefined(inner) ? [inner] : undefined;
    }
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
      return [def.innerType as $ZodType];
    case 'union':
      return def.options as $ZodType[];
    case 'intersection':
      return [def.left as $ZodType, def.right as $ZodType];
    case 'record':
    case 'map':
      return [def.keyType as $ZodType, def.valueType as $ZodType];
    case 'tuple':
      return [...(def.items as $ZodType[]), ...(def.rest ? [def.rest as $ZodType] : [])];
    default:
      return leaves.has(def.type) ? [] : undefined;
  }
}

/** Whether parsing `schema` gives what encoding it gives, for any value encoding accepts. */
export function parsesAsItEncodes(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const children = childrenOf(schema);
  return children !== undefined && children.every((child) => parsesAsItEncodes(child, seen));
}

function resolveSchema(schema: unknown): $ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown }).properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`not a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * Every answer is checked against its contract schema and sent as that schema's output (unknown
 * keys dropped), as fastify-type-provider-zod's serializer does. That one encodes, which walks
 * each checked value twice; for a schema that parses as it encodes (every response schema so
 * far) a compiled forward parse gives the same answer at a fraction of the cost. The rest still
 * encode.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({
  schema,
  method,
  url,
}) => {
  const zodSchema = resolveSchema(schema);
  const check: (data: unknown) => z.ZodSafeParseResult<unknown> = parsesAsItEncodes(zodSchema)
    ? (
        (compiled) => (data) =>
          z.safeParse(compiled, data)
      )(compile(zodSchema))
    : (data) => z.safeEncode(zodSchema, data as never);
  return (data) => {
    const result = check(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
