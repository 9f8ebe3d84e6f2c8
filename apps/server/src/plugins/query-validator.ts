import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';

type ZodRoute = Parameters<typeof validatorCompiler>[0];
/** What zod's validator answers: never a boolean or a promise. */
type ValidationResult = { error?: Error; value?: unknown };

/**
 * The contract's zod validator for a polled route's querystring, remembering what each distinct query
 * parsed to: a polled table sends the same few query strings over and over and parsing (coercion included)
 * is a pure function of them. Only queries of plain string values are remembered (the query parser's usual
 * output) and only successes (a rejection is rare and carries the caller's error). The remembered value is
 * frozen and shared between requests: handlers read `request.query`, never change it.
 */
export function memoizedQueryValidatorCompiler<Schema>(route: Parameters<FastifySchemaCompiler<Schema>>[0]) {
  const validate = validatorCompiler(route as unknown as ZodRoute) as (data: unknown) => ValidationResult;
  if (route.httpPart !== 'querystring') return validate;
  const parsed = new LRUCache<string, ValidationResult>({ max: 500 });
  return (data: unknown): ValidationResult => {
    // length-prefixed names and values: no two different queries share a key
    let key = '';
    const query = data as Record<string, unknown>;
    for (const name in query) {
      const value = query[name];
      if (typeof value !== 'string') return validate(data);
      key += `${name.length}:${name}${value.length}:${value}`;
    }
    let result = parsed.get(key);
    if (!result) {
      result = validate(data);
      if (result.error) return result;
      if (typeof result.value === 'object' && result.value !== null) Object.freeze(result.value);
      parsed.set(key, result);
    }
    return result;
  };
}
