import {
  emailResultSchema,
  emailStatusSchema,
  type EmailResult,
  type EmailTestRequest,
} from '@farol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';

export const EMAIL_STATUS_URL = '/api/email/status';

export function useEmailStatusQuery() {
  return useQuery({
    queryKey: [EMAIL_STATUS_URL],
    queryFn: ({ signal }) => apiRequest(EMAIL_STATUS_URL, { schema: emailStatusSchema, signal }),
    // The panel reports live outbox counts: never older than a few seconds when looked at.
    staleTime: 5_000,
    meta: { silent: true },
  });
}

type Action = 'test' | 'welcome';

/**
 * The e-mail calls answer a result object instead of throwing: sent now, queued (SMTP missing
 * or down: the outbox retries), or failed with `error`. Each becomes the toast.
 */
function toastResult(action: Action, result: EmailResult): void {
  const prefix = `emailSettings:toasts.${action}`;
  if (result.success && result.sent) toast.success(i18n.t(`${prefix}.sent`), { description: result.message });
  else if (result.success) toast.warning(i18n.t(`${prefix}.queued`), { description: result.message });
  else
    toast.error(i18n.t(`${prefix}.failed`), {
      description: result.error ?? i18n.t(`${prefix}.failedDefault`),
    });
}

function toastFailure(action: Action, error: unknown): void {
  const prefix = `emailSettings:toasts.${action}`;
  // A refusal with a reason (rate limit, another address without admin rights) is a failed send, not a crash.
  if (isApiError(error) && error.status > 0)
    toast.error(i18n.t(`${prefix}.failed`), { description: error.message });
  else
    toast.error(i18n.t('emailSettings:toasts.unexpectedTitle'), {
      description: i18n.t(`${prefix}.unexpected`),
    });
}

function useEmailAction<T>(action: Action, call: (input: T) => Promise<EmailResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => toastResult(action, result),
    onError: (error) => toastFailure(action, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [EMAIL_STATUS_URL] }),
    meta: { silent: true },
  });
}

export function useSendTestEmailMutation() {
  return useEmailAction('test', (body: EmailTestRequest) =>
    apiRequest('/api/email/test', { method: 'POST', body, schema: emailResultSchema }),
  );
}

export function useResendWelcomeMutation() {
  return useEmailAction('welcome', (_: void) =>
    apiRequest('/api/email/resend-welcome', { method: 'POST', schema: emailResultSchema }),
  );
}
