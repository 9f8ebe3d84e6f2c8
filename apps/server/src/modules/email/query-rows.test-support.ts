import type { SQL } from 'drizzle-orm';
import type { TestApp } from '../../test/harness.ts';

/** Raw rows of a SQL query in tests (drizzle's generic `execute` result is untyped across engines). */
export async function queryRows<T>(app: TestApp, query: SQL): Promise<T[]> {
  return ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
