import { coinPricesQuerySchema } from '@farol/contract';
import { describe, expect, it } from 'vitest';
import { memoizedQueryValidatorCompiler } from './query-validator.ts';

const route = { schema: coinPricesQuerySchema, method: 'GET', url: '/prices', httpPart: 'querystring' };

describe('memoizedQueryValidatorCompiler', () => {
  it('parses each distinct query as zod does, a repeated one from memory', () => {
    const validate = memoizedQueryValidatorCompiler(route);
    const first = validate({ page: '2', limit: '10' });
    expect(first).toEqual({ value: expect.objectContaining({ page: 2, limit: 10 }) });
    expect(validate({ page: '2', limit: '10' })).toBe(first);
    expect(validate({ page: '3', limit: '10' })).toEqual({
      value: expect.objectContaining({ page: 3, limit: 10 }),
    });
    // names and values are told apart by length, not by a separator a value could contain
    expect(validate({ page: '1', limit: '1' }).value).not.toBe(validate({ page: '11', limit: '' }).value);
  });

  it('rejects a bad query every time it is sent, also after a good one with the same names', () => {
    const validate = memoizedQueryValidatorCompiler(route);
    expect(validate({ page: '1', limit: '10' }).error).toBeUndefined();
    expect(validate({ page: '0', limit: '10' }).error).toBeDefined();
    expect(validate({ page: '0', limit: '10' }).error).toBeDefined();
  });

  it('hands out a frozen value, so no request can change what the next one reads', () => {
    const validate = memoizedQueryValidatorCompiler(route);
    expect(Object.isFrozen(validate({ page: '1', limit: '10' }).value)).toBe(true);
  });

  it('validates repeated query names (arrays) without remembering them', () => {
    const validate = memoizedQueryValidatorCompiler(route);
    expect(validate({ page: ['1', '2'], limit: '10' }).error).toBeDefined();
  });
});
