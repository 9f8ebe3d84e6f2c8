import {
  messageResponseSchema,
  profileSchema,
  updateProfileResponseSchema,
  type Profile,
} from '@farol/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client.ts';
import { clearSession, readToken, saveToken, saveUser } from '../../../lib/session.ts';

const PROFILE_URL = '/api/user/profile';

// The change-password answer also carries the fresh token (the old one stops working). The contract has no
// schema for it yet, so it is the message answer plus one string field taken from that same schema.
const changePasswordResponseSchema = messageResponseSchema.extend({
  token: messageResponseSchema.shape.message,
});

export function useProfileQuery() {
  return useQuery({
    queryKey: [PROFILE_URL],
    queryFn: ({ signal }) => apiRequest(PROFILE_URL, { schema: profileSchema, signal }),
    meta: { errorTitle: 'profile:loadError' },
  });
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string }) =>
      apiRequest(PROFILE_URL, { method: 'PUT', body, schema: updateProfileResponseSchema }),
    onSuccess: ({ user, message }) => {
      queryClient.setQueryData<Profile>([PROFILE_URL], user);
      saveUser(user);
      toast.success(message);
    },
    meta: { errorTitle: 'profile:updateError' },
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiRequest('/api/user/change-password', { method: 'PUT', body, schema: changePasswordResponseSchema }),
    onSuccess: ({ token, message }) => {
      saveToken(token);
      toast.success(message);
    },
    meta: { errorTitle: 'profile:passwordError' },
  });
}

/** Signs out every session of the account on the server, then this browser's. */
export function useSignOutEverywhereMutation(onSignedOut: () => void) {
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/logout-all', { method: 'POST', schema: messageResponseSchema }),
    onSuccess: ({ message }) => {
      clearSession();
      toast.success(message);
      onSignedOut();
    },
    meta: { errorTitle: 'profile:sessions.error' },
  });
}

/** Downloads everything Farol holds about the user as a JSON file (the server names it). */
export function useExportDataMutation() {
  return useMutation({
    mutationFn: async () => {
      const token = readToken();
      const response = await fetch('/api/user/export', {
        headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
      if (!response.ok) throw new Error(`export answered ${response.status}`);
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
      const url = URL.createObjectURL(await response.blob());
      const link = Object.assign(document.createElement('a'), { href: url, download: name ?? 'farol.json' });
      link.click();
      URL.revokeObjectURL(url);
    },
    meta: { errorTitle: 'profile:privacy.downloadError' },
  });
}

/** Deletes the account with the password; the browser then forgets the session. */
export function useDeleteAccountMutation(onDeleted: () => void) {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest('/api/user', { method: 'DELETE', body: { password }, schema: messageResponseSchema }),
    onSuccess: ({ message }) => {
      clearSession();
      toast.success(message);
      onDeleted();
    },
    meta: { errorTitle: 'profile:privacy.deleteError' },
  });
}
