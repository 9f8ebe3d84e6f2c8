import { emailResultSchema, type ContactRequest, type EmailResult } from '@farol/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/email/contact (the session, when signed in, gives a paid plan's message priority): a result object. */
export function sendContactMessage(body: ContactRequest): Promise<EmailResult> {
  return apiRequest('/api/email/contact', { method: 'POST', body, schema: emailResultSchema });
}

export function useSendContactMessage() {
  // The form shows the toasts itself.
  return useMutation({ mutationFn: sendContactMessage, meta: { silent: true } });
}
