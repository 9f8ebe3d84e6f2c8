import type { PublicUser } from '@farol/contract';
import { useSyncExternalStore } from 'react';

// The token and the user (JSON) are stored separately; logged in means both exist.
const TOKEN_KEY = 'token';
const USER_KEY = 'user';
const SESSION_EVENT = 'farol:session';

export type Session = { token: string; user: PublicUser };

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

let cachedRaw: { token: string | null; user: string | null } = { token: null, user: null };
let cachedSession: Session | null = null;
/** The contract schema's verdict on each stored user JSON string seen (true: valid). */
const userVerdicts = new Map<string, boolean>();

/** The stored session, or null when the token or the user is missing or the user JSON is unreadable. */
export function readSession(): Session | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const user = localStorage.getItem(USER_KEY);
  // Same strings, same object: useSyncExternalStore needs a stable snapshot.
  if (token === cachedRaw.token && user === cachedRaw.user) return cachedSession;
  cachedRaw = { token, user };
  cachedSession = token && user ? parseSession(token, user) : null;
  return cachedSession;
}

/**
 * Every page's first load reads the session, and zod would add ~30 KB gzip to it (landing budget).
 * So the user JSON gets a quick check of the fields the shell reads now, and the full contract schema,
 * loaded on the side, confirms it a moment later; a user it rejects ends the session as before.
 */
function parseSession(token: string, rawUser: string): Session | null {
  if (userVerdicts.get(rawUser) === false) return null;
  let user: unknown;
  try {
    user = JSON.parse(rawUser);
  } catch {
    return null;
  }
  if (!looksLikeUser(user)) return null;
  if (!userVerdicts.has(rawUser)) void confirmStoredUser(rawUser);
  return { token, user };
}

function looksLikeUser(value: unknown): value is PublicUser {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name, email, preferences } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof name === 'string' &&
    typeof email === 'string' &&
    typeof preferences === 'object' &&
    preferences !== null
  );
}

async function confirmStoredUser(rawUser: string): Promise<void> {
  const { publicUserSchema } = await import('@farol/contract/auth');
  const isValid = publicUserSchema.safeParse(JSON.parse(rawUser)).success;
  userVerdicts.set(rawUser, isValid);
  if (isValid) return;
  cachedRaw = { token: null, user: null };
  announceSessionChange();
}

function announceSessionChange(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}

export function saveSession(token: string, user: PublicUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  announceSessionChange();
}

/** Replaces the stored user (after a profile edit) without touching the token. */
export function saveUser(user: PublicUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  announceSessionChange();
}

/** Replaces the token (the server issues a new one after a password change; the old one stops working). */
export function saveToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  announceSessionChange();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  announceSessionChange();
}

/** Calls `listener` when the session changes in this tab or in another one (`storage` event). */
export function subscribeSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(SESSION_EVENT, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SESSION_EVENT, listener);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}

/**
 * Tells the server to refuse this session's token from now on. `keepalive` lets the request finish while the
 * page navigates away; the browser forgets the token whatever the answer (offline, the token already dead).
 */
function endSessionOnServer(): void {
  const token = readToken();
  if (!token) return;
  void fetch('/api/auth/logout', {
    method: 'POST',
    keepalive: true,
    headers: { Authorization: `Bearer ${token}` },
  }).catch(() => undefined);
}

/** Dashboard logout: end the session on the server and here, and go to /login inside the app. */
export function logoutToLogin(navigate: (to: string, options?: { replace?: boolean }) => void): void {
  endSessionOnServer();
  clearSession();
  navigate('/login', { replace: true });
}

/** Shared-menu logout: end the session on the server and here, go to / and reload so no state survives. */
export function logoutAndReload(): void {
  endSessionOnServer();
  clearSession();
  window.location.assign('/');
}

/** Up to two initials for the avatar: "Ana Maria Souza" -> "AS", "ana" -> "A". */
export function userInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}
