import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleUser } from '../test/render.tsx';
import { readSession, saveSession, subscribeSession } from './session.ts';

describe('readSession', () => {
  it('returns the stored token and user', () => {
    saveSession('token-abc', sampleUser);
    expect(readSession()).toEqual({ token: 'token-abc', user: sampleUser });
  });

  it('returns null when the token or the user is missing', () => {
    localStorage.setItem('user', JSON.stringify(sampleUser));
    expect(readSession()).toBeNull();
    localStorage.clear();
    localStorage.setItem('token', 'token-abc');
    expect(readSession()).toBeNull();
  });

  it('returns null when the stored user is not JSON or lacks the fields the shell reads', () => {
    localStorage.setItem('token', 'token-abc');
    localStorage.setItem('user', '{not json');
    expect(readSession()).toBeNull();
    localStorage.setItem('user', JSON.stringify({ id: 'u1', name: 'Ana' }));
    expect(readSession()).toBeNull();
  });

  it('ends the session, and says so, once the contract schema rejects the stored user', async () => {
    const changes: number[] = [];
    const unsubscribe = subscribeSession(() => changes.push(Date.now()));
    localStorage.setItem('token', 'token-abc');
    // Passes the quick check, but `theme` is not one the contract allows.
    localStorage.setItem(
      'user',
      JSON.stringify({ ...sampleUser, preferences: { ...sampleUser.preferences, theme: 'sepia' } }),
    );
    expect(readSession()?.token).toBe('token-abc');
    await waitFor(() => expect(readSession()).toBeNull());
    expect(changes.length).toBeGreaterThan(0);
    unsubscribe();
  });

  it('keeps a stored user the contract schema accepts', async () => {
    localStorage.setItem('token', 'token-abc');
    localStorage.setItem('user', JSON.stringify(sampleUser));
    expect(readSession()?.user).toEqual(sampleUser);
    // Let the schema load and confirm; the session must still be there, as the same snapshot.
    const first = readSession();
    await import('@farol/contract/auth');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readSession()).toBe(first);
  });
});
