import {
  apiTokenListResponseSchema,
  createApiTokenResponseSchema,
  deleteApiTokenResponseSchema,
  type CreateApiTokenRequest,
} from '@farol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client.ts';

const API_TOKENS_URL = '/api/user/api-tokens';

/** The caller's personal API tokens (never their secrets) and what the plan allows. */
export function useApiTokensQuery() {
  return useQuery({
    queryKey: [API_TOKENS_URL],
    queryFn: ({ signal }) => apiRequest(API_TOKENS_URL, { schema: apiTokenListResponseSchema, signal }),
    select: (answer) => answer.data,
    meta: { silent: true },
  });
}

/** Creates a token; its secret is in this answer only (the list never has it). */
export function useCreateApiTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenRequest) =>
      apiRequest(API_TOKENS_URL, { method: 'POST', body, schema: createApiTokenResponseSchema }),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: [API_TOKENS_URL] }),
    meta: { errorTitle: 'settings:apiTokens.error' },
  });
}

export function useRevokeApiTokenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${API_TOKENS_URL}/${id}`, { method: 'DELETE', schema: deleteApiTokenResponseSchema }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: [API_TOKENS_URL] });
      toast.success(answer.message);
    },
    meta: { errorTitle: 'settings:apiTokens.error' },
  });
}
