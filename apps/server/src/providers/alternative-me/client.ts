import type { MarketProvider } from '../../modules/market/market.types.ts';
import { fetchUpstreamJson, UpstreamError } from '../http.ts';
import { mapFearGreedEntry } from './mapper.ts';
import { fearGreedResponseSchema } from './schemas.ts';

/** alternative.me Fear & Greed index: `/fng/?limit=N`, latest day first. */
export function createAlternativeMeClient(options: {
  baseUrl: string;
  timeoutMs: number;
}): Pick<MarketProvider, 'fetchFearGreed'> {
  const base = options.baseUrl.replace(/\/$/, '');
  return {
    fetchFearGreed: async (limit) => {
      const body = await fetchUpstreamJson(
        {
          provider: 'alternative.me',
          url: `${base}/fng/?limit=${limit}&format=json`,
          timeoutMs: options.timeoutMs,
        },
        fearGreedResponseSchema,
      );
      const entries = body.data
        .map(mapFearGreedEntry)
        .filter((entry) => entry.value >= 0 && entry.value <= 100);
      if (entries.length === 0)
        throw new UpstreamError('alternative.me', 'api_error', 'no index values in the answer');
      return entries.sort((a, b) => b.timestamp - a.timestamp).slice(0, limit);
    },
  };
}
