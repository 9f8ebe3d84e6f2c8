import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readSession, saveSession } from '../../../lib/session.ts';
import {
  errorAnswer,
  landingRoute,
  renderRoutes,
  sampleUser,
  stubFetch,
  type StubAnswer,
} from '../../../test/render.tsx';
import { useRequireAuth } from './use-require-auth.ts';

function GuardedPage() {
  const session = useRequireAuth();
  return session ? <p>private page of {session.user.name}</p> : null;
}

function renderGuardedPage(profileAnswer: StubAnswer) {
  const calls = stubFetch(() => profileAnswer);
  const { queryClient } = renderRoutes(
    [{ path: '/dashboard', element: <GuardedPage /> }, landingRoute('/login')],
    '/dashboard',
  );
  return Object.assign(calls, { queryClient });
}

describe('useRequireAuth', () => {
  it('sends a visitor without a stored session to /login without calling the server', async () => {
    const calls = renderGuardedPage({ status: 200, body: sampleUser });
    expect(await screen.findByText('landed on /login')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('goes to /login when only the token is stored (the user is missing)', async () => {
    localStorage.setItem('token', 'token-abc');
    renderGuardedPage({ status: 200, body: sampleUser });
    expect(await screen.findByText('landed on /login')).toBeVisible();
  });

  it('keeps the page when the profile call confirms the token', async () => {
    saveSession('token-abc', sampleUser);
    const calls = renderGuardedPage({ status: 200, body: sampleUser });
    expect(await screen.findByText('private page of Ana Souza')).toBeVisible();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toBe('/api/user/profile');
    expect(calls[0]!.headers.Authorization).toBe('Bearer token-abc');
    expect(screen.queryByText('landed on /login')).toBeNull();
  });

  it('clears the stored session and goes to /login when the profile call answers 401', async () => {
    saveSession('token-abc', sampleUser);
    renderGuardedPage({
      status: 401,
      body: errorAnswer({ code: 'session_expired', message: 'Sessão expirada.' }),
    });
    expect(await screen.findByText('landed on /login')).toBeVisible();
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the page and the session when the profile call fails on the network', async () => {
    saveSession('token-abc', sampleUser);
    const calls = renderGuardedPage('network-error');
    expect(await screen.findByText('private page of Ana Souza')).toBeVisible();
    // The first call and its 3 retries all fail; the query then settles in error.
    await waitFor(() => expect(calls).toHaveLength(4));
    await waitFor(() => expect(calls.queryClient.isFetching()).toBe(0));
    expect(readSession()?.token).toBe('token-abc');
    expect(screen.queryByText('landed on /login')).toBeNull();
  });
});
