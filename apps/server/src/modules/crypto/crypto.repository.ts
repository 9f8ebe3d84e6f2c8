import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.ts';
import { favorites, type FavoriteRow } from '../../db/schema/market.ts';

export async function listFavorites(db: DbExecutor, userId: string): Promise<FavoriteRow[]> {
  return db
    .select()
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(asc(favorites.createdAt), asc(favorites.coinId));
}

/** `listFavorites` as a prepared statement, for the coin table that every signed-in page polls. */
export function prepareFavoritesQuery(db: Db): (userId: string) => Promise<FavoriteRow[]> {
  const query = db
    .select()
    .from(favorites)
    .where(eq(favorites.userId, sql.placeholder('userId')))
    .orderBy(asc(favorites.createdAt), asc(favorites.coinId))
    .prepare('farol_favorites');
  return (userId) => query.execute({ userId });
}

/** Adds the favourite; a second add of the same coin (double click) changes nothing. */
export async function addFavorite(
  db: DbExecutor,
  row: { userId: string; coinId: string; coinName: string },
): Promise<void> {
  await db
    .insert(favorites)
    .values(row)
    .onConflictDoNothing({ target: [favorites.userId, favorites.coinId] });
}

export async function removeFavorite(db: DbExecutor, userId: string, coinId: string): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.coinId, coinId)));
}

/**
 * Flips the favourite in one statement each way, so two concurrent flips never duplicate a row or fail:
 * the insert wins or finds the row, and only then is the row removed.
 */
export async function flipFavorite(
  db: DbExecutor,
  row: { userId: string; coinId: string; coinName: string },
): Promise<boolean> {
  const inserted = await db
    .insert(favorites)
    .values(row)
    .onConflictDoNothing({ target: [favorites.userId, favorites.coinId] })
    .returning({ coinId: favorites.coinId });
  if (inserted.length > 0) return true;
  await removeFavorite(db, row.userId, row.coinId);
  return false;
}
