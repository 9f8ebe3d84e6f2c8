import { messageResponseSchema, type MessageResponse } from '@farol/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function requestPasswordReset(body: { email: string }): Promise<MessageResponse> {
  return apiRequest('/api/auth/forgot-password', { method: 'POST', body, schema: messageResponseSchema });
}

export function resetPassword(body: { token: string; password: string }): Promise<MessageResponse> {
  return apiRequest('/api/auth/reset-password', { method: 'POST', body, schema: messageResponseSchema });
}

// The forms show their own error state (with the server's message), so no toast.
export const useRequestPasswordResetMutation = () =>
  useMutation({ mutationFn: requestPasswordReset, meta: { silent: true } });
export const useResetPasswordMutation = () =>
  useMutation({ mutationFn: resetPassword, meta: { silent: true } });
