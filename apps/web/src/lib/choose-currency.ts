import { preferencesResponseSchema, type Currency } from '@farol/contract';
import { apiRequest } from './api-client.ts';
import { saveVisitorCurrency } from './currency.ts';
import { notifyError } from './query-client.ts';
import { readSession, saveUser } from './session.ts';

/** Saves `currency` in the account (signed in) or in this browser (visitors); the screen follows at once. */
export async function chooseCurrency(currency: Currency): Promise<void> {
  const session = readSession();
  if (!session) {
    saveVisitorCurrency(currency);
    return;
  }
  const previous = session.user;
  // the screen switches now; the server's answer replaces the stored preferences
  saveUser({ ...previous, preferences: { ...previous.preferences, currency } });
  try {
    const { preferences } = await apiRequest('/api/user/preferences', {
      method: 'PUT',
      body: { currency },
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
