import { defaultCurrencyFor, type Currency } from '@farol/contract';
import type { Actor } from '../plugins/auth.ts';
import type { Language } from '@farol/i18n';

/** The currency an account shows money in: its choice, else BRL when its language is pt-BR, USD otherwise. */
export const accountCurrency = (actor: Pick<Actor, 'preferences' | 'language'>): Currency =>
  actor.preferences.currency ?? defaultCurrencyFor(actor.preferences.language ?? actor.language);

/**
 * The currency of a money answer: `?currency=` when sent, else the signed-in caller's preference, else the
 * request's language (pt-BR → BRL, others USD).
 */
export const answerCurrency = (
  request: { user?: Pick<Actor, 'preferences' | 'language'> | undefined; language: Language },
  requested: Currency | undefined,
): Currency =>
  requested ?? (request.user ? accountCurrency(request.user) : defaultCurrencyFor(request.language));
