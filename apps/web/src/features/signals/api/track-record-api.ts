import { trackRecordResponseSchema } from '@farol/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const TRACK_RECORD_URL = '/api/market-signals/track-record';

/**
 * The signals' public record (the /track-record page, the marketing figures); it changes once an hour.
 * `engineVersion` narrows the live record to the signals that version gave.
 */
export function useTrackRecordQuery(engineVersion?: string) {
  const url = engineVersion
    ? `${TRACK_RECORD_URL}?${new URLSearchParams({ engineVersion }).toString()}`
    : TRACK_RECORD_URL;
  return useQuery({
    queryKey: [TRACK_RECORD_URL, engineVersion ?? null],
    queryFn: ({ signal }) => apiRequest(url, { schema: trackRecordResponseSchema, signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
    // the page shows its own error with a retry button
    meta: { silent: true },
  });
}
