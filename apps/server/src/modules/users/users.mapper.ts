import { defaultCurrencyFor, defaultPreferences, type PublicUser } from '@farol/contract';
import type { UserRow } from '../../db/schema/users.ts';

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    preferences: {
      ...defaultPreferences,
      ...row.preferences,
      currency: row.preferences.currency ?? defaultCurrencyFor(row.preferences.language ?? 'pt-BR'),
    },
  };
}
