import { defaultPreferences, type PublicUser } from '@farol/contract';
import type { UserRow } from '../../db/schema/users.ts';

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    createdAt: row.createdAt.toISOString(),
    preferences: { ...defaultPreferences, ...row.preferences },
  };
}
