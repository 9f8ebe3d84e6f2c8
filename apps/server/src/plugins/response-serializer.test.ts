import { coinPricesResponseSchema, type CoinPricesResponse } from '@farol/contract';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractJsonSchema, createContractSerializerCompiler } from './response-serializer.ts';

const compile = (schema: z.ZodType, verify: boolean) =>
  createContractSerializerCompiler({ verify })({ schema, method: 'GET', url: '/test', httpStatus: '200' });

// in the contract's key order (both serializers write keys in schema order)
const prices: CoinPricesResponse = {
  success: true,
  data: [
    {
      id: 'bitcoin',
      name: 'Bitcoin "BTC" \u2028',
      symbol: 'BTC',
      image: null,
      current_price: 81695.07359132217,
      price_change_percentage_1h: null,
      price_change_percentage_24h: -0.5,
      price_change_percentage_7d: 3.25,
      market_cap: null,
      market_cap_rank: 1,
      total_volume: 1.5e10,
      sparkline_7d: [80000, 81000.5, 81695.07],
      isFavorite: true,
    },
  ],
  source: 'simulated',
  cache: { isFromCache: true, ageSeconds: 3 },
  currency: 'USD',
  pagination: { currentPage: 1, totalPages: 1, totalItems: 1, hasPreviousPage: false, hasNextPage: false },
};

describe('contract response serializer', () => {
  for (const verify of [false, true]) {
    describe(verify ? 'verifying with zod' : 'compiled only', () => {
      it('writes the same JSON as JSON.stringify of the contract-shaped answer', () => {
        expect(compile(coinPricesResponseSchema, verify)(prices)).toBe(JSON.stringify(prices));
      });

      it('drops fields the contract does not have, at every level', () => {
        const withExtras = {
          ...prices,
          internal: 'secret',
          data: prices.data.map((coin) => ({ ...coin, passwordHash: 'x' })),
          cache: { ...prices.cache, key: 'coins:1' },
        };
        expect(compile(coinPricesResponseSchema, verify)(withExtras)).toBe(JSON.stringify(prices));
      });

      it('fails the answer when a required field is missing', () => {
        const { pagination: _pagination, ...withoutPagination } = prices;
        expect(() => compile(coinPricesResponseSchema, verify)(withoutPagination)).toThrow();
      });
    });
  }

  it('rejects a value of the wrong type with zod’s error when verifying', () => {
    const serialize = compile(coinPricesResponseSchema, true);
    const wrong = { ...prices, cache: { isFromCache: true, ageSeconds: 2.5 } };
    expect(() => serialize(wrong)).toThrow(
      expect.objectContaining({ code: 'FST_ERR_RESPONSE_SERIALIZATION' }),
    );
    try {
      serialize(wrong);
    } catch (error) {
      expect(isResponseSerializationError(error)).toBe(true);
    }
  });

  it('writes nullable values through a type list, not an anyOf', () => {
    const json = JSON.stringify(contractJsonSchema(coinPricesResponseSchema));
    expect(json).not.toContain('anyOf');
    expect(json).toContain('"current_price":{"type":["number","null"]}');
  });

  it('keeps zod’s serializer for schemas JSON schema cannot state (transforms)', () => {
    const schema = z.object({ symbol: z.string().transform((value) => value.toUpperCase()) });
    expect(contractJsonSchema(schema)).toBeUndefined();
    // zod's serializer encodes: a one-way transform cannot be encoded, so the answer fails as before
    expect(() => compile(schema, false)({ symbol: 'btc' })).toThrow();
  });
});
