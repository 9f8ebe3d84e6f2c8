import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = { [keyword: string]: unknown };
type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `anyOf: [X, {type: 'null'}]` (how zod writes `.nullable()`) becomes X with `type: [x, 'null']`:
 * fast-json-stringify serializes an `anyOf` by running an ajv validation per branch and value, a type
 * list by `typeof`. Same JSON either way.
 */
function simplifyNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullables);
  if (!isObject(node)) return node;
  const simplified: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) simplified[keyword] = simplifyNullables(value);
  const branches = simplified.anyOf;
  if (Array.isArray(branches) && branches.length === 2 && Object.keys(simplified).length === 1) {
    const nullIndex = branches.findIndex(
      (branch) => isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1,
    );
    const other = branches[1 - nullIndex] as JsonSchema | undefined;
    if (
      nullIndex !== -1 &&
      isObject(other) &&
      typeof other.type === 'string' &&
      !other.anyOf &&
      !other.oneOf &&
      !other.allOf &&
      !other.$ref
    ) {
      return { ...other, type: [other.type, 'null'] };
    }
  }
  return simplified;
}

/**
 * The JSON schema of a contract schema's output, or undefined when it has parts JSON schema cannot say
 * (transforms, dates, custom checks): those routes keep zod's serializer.
 */
export function contractJsonSchema(schema: z.ZodType): JsonSchema | undefined {
  try {
    const json = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
    }) as JsonSchema;
    delete json.$schema;
    return simplifyNullables(json) as JsonSchema;
  } catch {
    return undefined;
  }
}

/**
 * Response serializer compiled once per route from the contract schema: the zod schema stays the single
 * statement of the shape, converted to JSON schema at start-up and serialized by fast-json-stringify (as a
 * plain Fastify route would be), so no zod runs per response. Fields not in the schema are dropped and a
 * missing required field still fails the response; object keys come required first (fast-json-stringify's
 * order), which JSON readers do not see. What a compiled serializer does not check at run time is value
 * types and ranges (TypeScript checks those at build time): with `verify`, every response also goes
 * through zod's serializer as before (failing as before) and both must write the same JSON value, so the
 * test suite proves the handlers and this compiler against the contract.
 */
export function createContractSerializerCompiler(options: {
  verify: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route: RouteSchema) => {
    const checked = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = route.schema;
    const jsonSchema = schema instanceof z.ZodType ? contractJsonSchema(schema) : undefined;
    if (!jsonSchema) return checked;
    const compiled = fastJson(jsonSchema);
    if (!options.verify) return compiled;
    return (data: unknown) => {
      const expected = checked(data);
      const actual = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new Error(
          `compiled serializer of ${route.method} ${route.url} (${route.httpStatus}) differs from zod's:\n${actual}\n${expected}`,
        );
      }
      return actual;
    };
  };
}
