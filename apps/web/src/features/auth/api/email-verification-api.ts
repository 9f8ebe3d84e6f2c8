import { emailResultSchema, verifyEmailResponseSchema, type VerifyEmailRequest } from '@farol/contract';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client.ts';
import { readSession, saveSession, saveUser } from '../../../lib/session.ts';

/**
 * POST /api/auth/verify-email with the token of the e-mailed link, sent with the session (when signed in) or
 * the account's password; a signed-in owner's stored user follows, and so does the fresh token answered when
 * the confirmation ended the account's other sessions.
 */
export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: (body: VerifyEmailRequest) =>
      apiRequest('/api/auth/verify-email', { method: 'POST', body, schema: verifyEmailResponseSchema }),
    onSuccess: ({ user, token }) => {
      if (readSession()?.user.id !== user.id) return;
      if (token) saveSession(token, user);
      else saveUser(user);
    },
    // the page shows the failure itself
    meta: { silent: true },
  });
}

/** POST /api/auth/resend-verification: a result object, toasted like the other e-mail sends. */
export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/auth/resend-verification', { method: 'POST', schema: emailResultSchema }),
    onSuccess: (result) => {
      if (result.success && result.sent) toast.success(result.message);
      else if (result.success) toast.warning(result.message);
      else toast.error(result.error);
    },
  });
}
