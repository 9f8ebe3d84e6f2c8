import {
  authResponseSchema,
  type AuthResponse,
  type LoginRequest,
  type RegisterRequest,
} from '@farol/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
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

/**
 * Login or register success stores token and user, says so, and goes to /dashboard.
 * The account's saved language becomes the interface language, so screens and server texts agree.
 */
function useStartSession() {
  const navigate = useNavigate();
  return async ({ token, user, message }: AuthResponse) => {
    saveSession(token, user);
    await applyAccountLanguage(user);
    toast.success(message);
    navigate('/dashboard');
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
