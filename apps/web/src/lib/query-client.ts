import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest, isApiError } from './api-client.ts';
import { i18n } from './i18n.ts';
import { clearSession, readToken, subscribeSession } from './session.ts';

/**
 * Per-query/mutation options read by the one error handler below:
 * `silent` skips the toast (the component shows its own state), `errorTitle` is an i18n key for the toast title.
 */
export type ErrorMeta = { silent?: boolean; errorTitle?: string };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

const MAX_QUERY_RETRIES = 3;

/**
 * The one place a failed call becomes a toast. A 401 on a call that carried a token means the session
 * is gone: clear it (guarded pages then go to /login) and say so once, whatever the call.
 */
export function notifyError(error: unknown, meta?: ErrorMeta): void {
  if (isApiError(error) && error.status === 401 && error.hadToken) {
    clearSession();
    toast.error(i18n.t('auth:sessionExpired'), { id: 'session-expired' });
    return;
  }
  if (meta?.silent) return;
  const message = error instanceof Error && error.message ? error.message : i18n.t('common:states.error');
  if (meta?.errorTitle) toast.error(i18n.t(meta.errorTitle), { description: message });
  else toast.error(message);
}

/** Retry up to 3 times, never on 401/403 (the answer will not change). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** The first element of a query key is the URL to GET. */
const fetchQueryKeyUrl: QueryFunction = ({ queryKey, signal }) => {
  const [url] = queryKey;
  if (typeof url !== 'string') throw new TypeError('The first query key element must be the URL');
  return apiRequest(url, { signal });
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notifyError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => notifyError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        queryFn: fetchQueryKeyUrl,
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: shouldRetryQuery,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Data cached for one account must never be shown to the next one: drop it whenever the token goes away.
let lastToken = typeof window === 'undefined' ? null : readToken();
if (typeof window !== 'undefined') {
  subscribeSession(() => {
    const token = readToken();
    if (token !== lastToken) queryClient.clear();
    lastToken = token;
  });
}
