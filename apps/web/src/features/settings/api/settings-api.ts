import {
  apiKeyStatusResponseSchema,
  deleteApiKeyResponseSchema,
  preferencesResponseSchema,
  saveApiKeysResponseSchema,
  type KeyProvider,
  type Preferences,
  type SaveApiKeysRequest,
} from '@farol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client.ts';
import { readSession, saveUser } from '../../../lib/session.ts';

export const API_KEYS_URL = '/api/subscription/api-keys';
const PROFILE_URL = '/api/user/profile';

/** Which AI keys are stored (never the keys themselves). */
export function useApiKeyStatusQuery() {
  return useQuery({
    queryKey: [API_KEYS_URL],
    queryFn: ({ signal }) => apiRequest(API_KEYS_URL, { schema: apiKeyStatusResponseSchema, signal }),
    select: (answer) => answer.data,
    meta: { errorTitle: 'settings:apiKeys.loadError' },
  });
}

export function useSaveApiKeysMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveApiKeysRequest) =>
      apiRequest(API_KEYS_URL, { method: 'POST', body, schema: saveApiKeysResponseSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData([API_KEYS_URL], { success: true, data: answer.data });
      toast.success(answer.message);
    },
    meta: { errorTitle: 'settings:apiKeys.saveError' },
  });
}

export function useRemoveApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: KeyProvider) =>
      apiRequest(`${API_KEYS_URL}/${provider}`, { method: 'DELETE', schema: deleteApiKeyResponseSchema }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: [API_KEYS_URL] });
      toast.success(answer.message);
    },
    meta: { errorTitle: 'settings:apiKeys.removeError' },
  });
}

/** PUT /api/user/preferences; the stored user and the cached profile take the saved preferences. */
export function useUpdatePreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Preferences>) =>
      apiRequest('/api/user/preferences', { method: 'PUT', body, schema: preferencesResponseSchema }),
    onSuccess: (answer) => {
      const session = readSession();
      if (session) saveUser({ ...session.user, preferences: answer.preferences });
      void queryClient.invalidateQueries({ queryKey: [PROFILE_URL] });
      toast.success(answer.message);
    },
    meta: { errorTitle: 'settings:preferences.saveError' },
  });
}
