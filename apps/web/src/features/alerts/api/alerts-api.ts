import {
  alertDeleteResponseSchema,
  alertEventsResponseSchema,
  alertLimitsResponseSchema,
  alertListResponseSchema,
  alertResponseSchema,
  coinFactsResponseSchema,
  coinPricesResponseSchema,
  profileSchema,
  telegramStatusResponseSchema,
  webhookListResponseSchema,
  type CoinItem,
  type CreateAlertRequest,
} from '@farol/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { coinFactsUrl, coinPricesUrl } from '../../../lib/coin-prices.ts';
import { currencyOf, withCurrency, type Currency } from '../../../lib/currency.ts';
import { i18n } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/query-client.ts';

export const ALERTS_URL = '/api/alerts';
export const ALERT_LIMITS_URL = '/api/alerts/limits';
export const ALERT_EVENTS_URL = '/api/alerts/events?limit=20';

export function useAlertsQuery() {
  return useQuery({
    queryKey: [ALERTS_URL],
    queryFn: ({ signal }) => apiRequest(ALERTS_URL, { schema: alertListResponseSchema, signal }),
    select: (answer) => ({ alerts: answer.data, checksPaused: answer.checksPaused }),
    meta: { errorTitle: 'alertsPage:errors.load' },
  });
}

/** A limits failure is only logged; the card simply does not show. */
export function useAlertLimitsQuery() {
  return useQuery({
    queryKey: [ALERT_LIMITS_URL],
    queryFn: ({ signal }) => apiRequest(ALERT_LIMITS_URL, { schema: alertLimitsResponseSchema, signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
  });
}

export function useAlertEventsQuery() {
  return useQuery({
    queryKey: [ALERT_EVENTS_URL],
    queryFn: ({ signal }) => apiRequest(ALERT_EVENTS_URL, { schema: alertEventsResponseSchema, signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
  });
}

function useReloadAlerts() {
  const queryClient = useQueryClient();
  return (options: { withLimits: boolean }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [ALERTS_URL], exact: true }),
      options.withLimits ? queryClient.invalidateQueries({ queryKey: [ALERT_LIMITS_URL] }) : undefined,
    ]);
}

/** The plan limit answers 403 with `requiresUpgrade`: its own toast, and the dialog stays open. */
export function isAlertLimitError(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === 'alert_limit_reached' ||
      (typeof error.body === 'object' &&
        error.body !== null &&
        (error.body as { requiresUpgrade?: unknown }).requiresUpgrade === true))
  );
}

export function useCreateAlertMutation() {
  const reload = useReloadAlerts();
  return useMutation({
    mutationFn: (body: CreateAlertRequest) =>
      apiRequest(ALERTS_URL, { method: 'POST', body, schema: alertResponseSchema }),
    onSuccess: async (answer) => {
      await reload({ withLimits: true });
      toast.success(answer.message);
    },
    onError: (error) => {
      if (isAlertLimitError(error))
        toast.error(i18n.t('alertsPage:errors.limitReached'), { description: error.message });
      else notifyError(error, { errorTitle: 'alertsPage:errors.create' });
    },
    meta: { silent: true },
  });
}

export function useToggleAlertMutation() {
  const reload = useReloadAlerts();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${ALERTS_URL}/${encodeURIComponent(id)}/toggle`, {
        method: 'PATCH',
        schema: alertResponseSchema,
      }),
    onSuccess: async (answer) => {
      await reload({ withLimits: false });
      toast.success(answer.message);
    },
    meta: { errorTitle: 'alertsPage:errors.update' },
  });
}

export function useDeleteAlertMutation() {
  const reload = useReloadAlerts();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${ALERTS_URL}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: alertDeleteResponseSchema,
      }),
    onSuccess: async (answer) => {
      await reload({ withLimits: true });
      toast.success(answer.message);
    },
    meta: { errorTitle: 'alertsPage:errors.delete' },
  });
}

/** How many coins the picker lists at a time (the plan's top ones, or the matches of what was typed). */
export const COIN_OPTIONS_SIZE = 20;

const matches = (coin: CoinItem, term: string) =>
  coin.symbol.toLowerCase().includes(term) || coin.name.toLowerCase().includes(term);

/**
 * The coins the alert dialog offers, from the coin list the user's plan allows: its first coins in rank
 * order, filtered here when that is the plan's whole list (free and iniciante list 5 and 10), else found by
 * the server's search as the user types (the plans with more coins are the ones with coin search).
 */
export function useCoinOptionsQuery(term: string, enabled: boolean, currency: Currency) {
  const wanted = term.trim().toLowerCase();
  const firstUrl = coinPricesUrl({ page: 1, limit: COIN_OPTIONS_SIZE, sort: 'rank', order: 'asc', currency });
  const first = useQuery({
    queryKey: [firstUrl],
    queryFn: ({ signal }) => apiRequest(firstUrl, { schema: coinPricesResponseSchema, signal }),
    enabled,
    meta: { silent: true },
  });
  const hasWholeList = first.data ? first.data.pagination.totalItems <= COIN_OPTIONS_SIZE : false;
  const searchUrl = coinPricesUrl({
    page: 1,
    limit: COIN_OPTIONS_SIZE,
    sort: 'rank',
    order: 'asc',
    search: wanted,
    currency,
  });
  const search = useQuery({
    queryKey: [searchUrl],
    queryFn: ({ signal }) => apiRequest(searchUrl, { schema: coinPricesResponseSchema, signal }),
    enabled: enabled && Boolean(first.data) && !hasWholeList && wanted.length > 0,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const source = wanted && !hasWholeList ? search : first;
  const coins = source.data?.data ?? [];
  return {
    coins: hasWholeList && wanted ? coins.filter((coin) => matches(coin, wanted)) : coins,
    /** The currency the listed prices are in. */
    currency: currencyOf(source.data, currency),
    /** More coins match than are listed: typing more narrows them. */
    hasMore: (source.data?.pagination.totalItems ?? 0) > COIN_OPTIONS_SIZE,
    isPending: first.isPending || (source === search && search.isPending),
    isError: source.isError && !source.data,
    retry: () => void source.refetch(),
  };
}

// the coin list behind a coin's facts refreshes every 60 s on the server
const COIN_PRICE_REFRESH_MS = 60_000;

/**
 * A coin's price now in `currency` (null while unknown), from the coin page's own source and cache entry: an
 * alert's thresholds are compared with it, and the dialog's examples sit near it.
 */
export function useCoinPriceQuery(symbol: string, currency: Currency, enabled = true) {
  const url = withCurrency(coinFactsUrl(symbol), currency);
  return useQuery({
    queryKey: [url],
    enabled: enabled && symbol !== '',
    queryFn: ({ signal }) => apiRequest(url, { schema: coinFactsResponseSchema, signal }),
    select: (answer) => (answer.currency === currency ? answer.data.price : null),
    refetchInterval: COIN_PRICE_REFRESH_MS,
    refetchIntervalInBackground: false,
    meta: { silent: true },
  });
}

/**
 * The answers that say which channels the user has set up, under the settings page's own query keys (the
 * same raw answers, so both screens share them): the profile's switches, the Telegram link, the webhooks.
 */
export function useChannelSetupQueries() {
  const profile = useQuery({
    queryKey: ['/api/user/profile'],
    queryFn: ({ signal }) => apiRequest('/api/user/profile', { schema: profileSchema, signal }),
    meta: { silent: true },
  });
  const telegram = useQuery({
    queryKey: ['/api/telegram'],
    queryFn: ({ signal }) => apiRequest('/api/telegram', { schema: telegramStatusResponseSchema, signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
  });
  const webhooks = useQuery({
    queryKey: ['/api/user/webhooks'],
    queryFn: ({ signal }) => apiRequest('/api/user/webhooks', { schema: webhookListResponseSchema, signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
  });
  return { profile, telegram, webhooks };
}
