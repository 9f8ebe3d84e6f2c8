import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from './format.ts';
import { currentLanguage, type Language } from './i18n.ts';
import { readSession, subscribeSession } from './session.ts';

// The one answer to "in which currency are figures shown?". Signed in: the account's preference (or, before
// one is saved, BRL for a pt-BR account and USD otherwise). Visitors: what they picked in the top bar (kept in
// this browser), else the interface language (pt-BR → BRL, en and es → USD). Market queries send it and keep
// it in their keys, so a switch fetches the answers in the new currency. This module stays free of zod (the
// contract's schemas): the top bar reads it on every page's first load; saving lives in choose-currency.ts.

export type { Currency };
export const currencies = ['BRL', 'USD'] as const satisfies readonly Currency[];

const VISITOR_CURRENCY_KEY = 'farol:currency';
const CURRENCY_EVENT = 'farol:currency';

/** Keeps a visitor's pick in this browser and tells every screen. */
export function saveVisitorCurrency(currency: Currency): void {
  localStorage.setItem(VISITOR_CURRENCY_KEY, currency);
  window.dispatchEvent(new Event(CURRENCY_EVENT));
}

const isCurrency = (value: unknown): value is Currency => value === 'BRL' || value === 'USD';

/** BRL for Brazilian Portuguese, USD for the other languages (the contract's defaultCurrencyFor, without zod). */
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
    const { currency, language: accountLanguage } = session.user.preferences;
    return isCurrency(currency) ? currency : currencyForLanguage(accountLanguage ?? language);
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
