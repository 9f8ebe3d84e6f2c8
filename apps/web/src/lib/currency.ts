import { preferencesResponseSchema } from '@farol/contract';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from './api-client.ts';
import type { Currency } from './format.ts';
import { currentLanguage, type Language } from './i18n.ts';
import { notifyError } from './query-client.ts';
import { readSession, saveUser, subscribeSession } from './session.ts';

// The one answer to "in which currency are figures shown?". Signed in: the account's preference (or, before
// one is saved, BRL for a pt-BR account and USD otherwise). Visitors: what they picked in the top bar (kept in
// this browser), else the interface language (pt-BR → BRL, en and es → USD). Market queries send it and keep
// it in their keys, so a switch fetches the answers in the new currency.

export type { Currency };
export const currencies = ['BRL', 'USD'] as const satisfies readonly Currency[];

const VISITOR_CURRENCY_KEY = 'farol:currency';
const CURRENCY_EVENT = 'farol:currency';

const isCurrency = (value: unknown): value is Currency => value === 'BRL' || value === 'USD';

/** BRL for Brazilian Portuguese, USD for the other languages. */
export const currencyForLanguage = (language: Language | undefined): Currency =>
  language === 'pt-BR' ? 'BRL' : 'USD';

function visitorChoice(): Currency | null {
  const stored = localStorage.getItem(VISITOR_CURRENCY_KEY);
  return isCurrency(stored) ? stored : null;
}

/** The display currency now (outside React; components use `useCurrency`). */
export function readCurrency(language: Language = currentLanguage()): Currency {
  const session = readSession();
  if (session) {
    const saved: unknown = (session.user.preferences as { currency?: unknown }).currency;
    return isCurrency(saved) ? saved : currencyForLanguage(session.user.preferences.language ?? language);
  }
  return visitorChoice() ?? currencyForLanguage(language);
}

function subscribeCurrency(listener: () => void): () => void {
  const stopSession = subscribeSession(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === VISITOR_CURRENCY_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CURRENCY_EVENT, listener);
  return () => {
    stopSession();
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CURRENCY_EVENT, listener);
  };
}

/** The display currency, re-rendering when the session, the visitor's pick or the interface language changes. */
export function useCurrency(): Currency {
  const { i18n } = useTranslation();
  // i18n.language keeps the snapshot function new on a language switch, so a visitor's default follows it
  const language = i18n.language ? currentLanguage() : 'pt-BR';
  return useSyncExternalStore(
    subscribeCurrency,
    () => readCurrency(language),
    () => currencyForLanguage(language),
  );
}

/** Saves `currency` in the account (signed in) or in this browser (visitors); the screen follows at once. */
export async function chooseCurrency(currency: Currency): Promise<void> {
  const session = readSession();
  if (!session) {
    localStorage.setItem(VISITOR_CURRENCY_KEY, currency);
    window.dispatchEvent(new Event(CURRENCY_EVENT));
    return;
  }
  const previous = session.user;
  // the screen switches now; the server's answer replaces the stored preferences
  saveUser({
    ...previous,
    preferences: { ...previous.preferences, currency } as typeof previous.preferences,
  });
  try {
    const { preferences } = await apiRequest('/api/user/preferences', {
      method: 'PUT',
      body: { currency } as Record<string, unknown>,
      schema: preferencesResponseSchema,
    });
    const current = readSession();
    if (current?.token === session.token) saveUser({ ...current.user, preferences });
  } catch (error) {
    const current = readSession();
    if (current?.token === session.token) saveUser({ ...current.user, preferences: previous.preferences });
    notifyError(error);
  }
}

/** Adds `currency=` to a market URL (it is also the query key, so switching the currency fetches again). */
export function withCurrency(url: string, currency: Currency): string {
  return `${url}${url.includes('?') ? '&' : '?'}currency=${currency}`;
}

/** The currency an answer says its figures are in (the server's word wins), else `fallback`. */
export function currencyOf(answer: unknown, fallback: Currency): Currency {
  const said: unknown =
    typeof answer === 'object' && answer !== null ? (answer as { currency?: unknown }).currency : undefined;
  return isCurrency(said) ? said : fallback;
}
