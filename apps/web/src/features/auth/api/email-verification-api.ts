import { emailResultSchema, verifyEmailResponseSchema } from '@farol/contract';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client.ts';
import { readSession, saveUser } from '../../../lib/session.ts';

/** POST /api/auth/verify-email with the token of the e-mailed link; a signed-in owner's stored user follows. */
export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/api/auth/verify-email', {
        method: 'POST',
        body: { token },
        schema: verifyEmailResponseSchema,
      }),
    onSuccess: ({ user }) => {
      if (readSession()?.user.id === user.id) saveUser(user);
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
