import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { forEachEngine, useTestApp } from '../test/harness.ts';
import { selectRows } from './client.ts';
import * as alerts from './schema/alerts.ts';
import * as apiTokens from './schema/api-tokens.ts';
import * as billing from './schema/billing.ts';
import * as chat from './schema/chat.ts';
import * as email from './schema/email.ts';
import * as market from './schema/market.ts';
import * as push from './schema/push.ts';
import * as serverSecrets from './schema/server-secrets.ts';
import * as signalHistory from './schema/signal-history.ts';
import * as subscriptions from './schema/subscriptions.ts';
import * as telegram from './schema/telegram.ts';
import * as users from './schema/users.ts';
import * as webhooks from './schema/webhooks.ts';

// The SQL migrations create the tables; the Drizzle definitions type the queries. They are two statements of one
// fact, so this test holds them equal: every table, column, type and nullability of the migrated database.

type Column = { table: string; column: string; type: string; nullable: boolean };

const drizzleTables = [
  alerts,
  apiTokens,
  billing,
  chat,
  email,
  market,
  push,
  serverSecrets,
  signalHistory,
  subscriptions,
  telegram,
  users,
  webhooks,
].flatMap((module) => Object.values(module).filter((value): value is PgTable => value instanceof PgTable));

/** Drizzle's SQL type names as information_schema spells them. */
function normaliseType(type: string): string {
  const lower = type.toLowerCase();
  if (lower === 'timestamp with time zone' || lower === 'timestamptz') return 'timestamp with time zone';
  if (lower === 'serial') return 'integer';
  // information_schema names every array type just ARRAY
  if (lower.endsWith('[]')) return 'array';
  if (lower === 'bigserial') return 'bigint';
  if (lower.startsWith('varchar')) return 'character varying';
  if (lower.startsWith('numeric')) return 'numeric';
  return lower;
}

function drizzleColumns(): Column[] {
  return drizzleTables.flatMap((table) => {
    const config = getTableConfig(table);
    return config.columns.map((column) => ({
      table: config.name,
      column: column.name,
      type: normaliseType(column.getSQLType()),
      nullable: !column.notNull,
    }));
  });
}

const byName = (a: Column, b: Column) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`);

forEachEngine((engine) => {
  describe('database schema', () => {
    const app = useTestApp({ engine });

    it('has exactly the tables and columns the Drizzle definitions describe', async () => {
      const rows = await selectRows<{
        table_name: string;
        column_name: string;
        data_type: string;
        is_nullable: string;
      }>(
        app.database.db,
        `select table_name, column_name, data_type, is_nullable from information_schema.columns
          where table_schema = 'public' and table_name <> 'farol_migrations'`,
      );
      const migrated = rows.map((row) => ({
        table: row.table_name,
        column: row.column_name,
        type: normaliseType(row.data_type),
        nullable: row.is_nullable === 'YES',
      }));
      expect(new Set(migrated.map((column) => column.table)).size).toBe(drizzleTables.length);
      expect(migrated.sort(byName)).toEqual(drizzleColumns().sort(byName));
    });
  });
});
