import { profileSchema } from '@farol/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client.ts';
import { readSession, saveUser, useSession, type Session } from '../../../lib/session.ts';

const SESSION_CHECK_URL = '/api/user/profile';

/**
 * Page gate: without a stored token and user, go to /login. With them, confirm the token
 * with the profile call; a 401 clears the session (in the query client's error handler) and this hook then
 * sends the visitor to /login. A network failure or a 5xx keeps the page: the stored session is trusted
 * until the server actually rejects it. Returns the session, or null while redirecting.
 */
export function useRequireAuth(): Session | null {
  const session = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (!session) navigate('/login', { replace: true });
  }, [session, navigate]);

  const check = useQuery({
    // Second element keeps this silent check apart from pages that show the profile with their own errors.
    queryKey: [SESSION_CHECK_URL, 'session-check'],
    queryFn: ({ signal }) => apiRequest(SESSION_CHECK_URL, { schema: profileSchema, signal }),
    enabled: session !== null,
    meta: { silent: true },
  });

  // Keep the stored user (name in the menu) in step with the account, e.g. after an edit on another device.
  // Only when a fresh answer arrives: a later local edit (saveUser on the profile page) must not be undone.
  const freshUser = check.data;
  useEffect(() => {
    const stored = readSession();
    if (freshUser && stored && JSON.stringify(freshUser) !== JSON.stringify(stored.user)) saveUser(freshUser);
  }, [freshUser]);

  return session;
}
