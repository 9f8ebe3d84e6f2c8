import {
  alertDeleteResponseSchema,
  alertEventsResponseSchema,
  alertLimitsResponseSchema,
  alertListResponseSchema,
  alertResponseSchema,
  type CreateAlertRequest,
} from '@farol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
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
