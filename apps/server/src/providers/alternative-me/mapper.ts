import type { FearGreed } from '../../modules/market/market.types.ts';
import type { FearGreedEntry } from './schemas.ts';

export const mapFearGreedEntry = (entry: FearGreedEntry): FearGreed => ({
  value: Math.round(entry.value),
  classification: entry.value_classification,
  timestamp: Math.floor(entry.timestamp),
});
