import {
  authResponseSchema,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
} from '@farol/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveSession } from '../../../lib/session.ts';
import { applyAccountLanguage } from '../../../lib/use-change-language.ts';

export function login(body: LoginRequest): Promise<AuthResponse> {
  return apiRequest('/api/auth/login', { method: 'POST', body, schema: authResponseSchema });
}

export function register(body: RegisterRequest): Promise<AuthResponse> {
  return apiRequest('/api/auth/register', { method: 'POST', body, schema: authResponseSchema });
}

/** `?next=` when it names a page of this app (a path, never another site), else the dashboard. */
export function nextPath(search: URLSearchParams): string {
  const next = search.get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\')
    ? next
    : '/dashboard';
}

/**
 * Login or register success stores token and user, says so, and goes to `?next=` (the pricing page
 * sends visitors who want to subscribe back to it) or /dashboard.
 * The account's saved language becomes the interface language, so screens and server texts agree.
 */
function useStartSession() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return async ({ token, user, message }: AuthResponse) => {
    saveSession(token, user);
    await applyAccountLanguage(user);
    toast.success(message);
    navigate(nextPath(search));
  };
}

export function useLoginMutation() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: login,
    onSuccess: startSession,
    meta: { errorTitle: 'auth:login.errorTitle' },
  });
}

export function useRegisterMutation() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: register,
    onSuccess: startSession,
    meta: { errorTitle: 'auth:register.errorTitle' },
  });
}
