// Answers are written by fast-json-stringify from the JSON Schema of each route's zod response
// schema, compiled once per route, instead of zod checking every answer and JSON.stringify walking
// it (a tenth of a signed-in request's CPU, issue 15). What leaves is still only what the schema
// names: fast-json-stringify writes the declared properties and nothing else, so a field a
// service adds by mistake never reaches the browser. A schema that JSON Schema cannot express (a
// transform in a response) keeps zod's own serializer.
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

/** The zod schema a route's response entry holds (fastify-type-provider-zod accepts both forms). */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : null;
}

/** The JSON Schema of what a route answers, or null when JSON Schema cannot say it. */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    return z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Writers already compiled, by zod schema: a schema object always compiles to the same writer, and
 * compiling costs milliseconds (a JSON Schema, an Ajv, generated code), so an app built again in
 * the same process (the tests build hundreds) reuses them instead of compiling every route anew.
 */
const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

export const responseSerializerCompiler: SerializerCompiler = (route) => {
  const schema = zodSchemaOf(route.schema);
  const known = schema && compiled.get(schema);
  if (known) return known;
  const json = schema && responseJsonSchema(schema);
  if (!json) return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const stringify = fastJson(json);
  const write = (data: unknown) => stringify(data);
  compiled.set(schema, write);
  return write;
};
