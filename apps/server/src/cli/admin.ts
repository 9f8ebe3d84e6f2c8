// Administration from the command line, on the configured database directly:
//   npm run admin -- set-plan <email> <plan> [--months N]
//   npm run admin -- set-admin <email> on|off
//   npm run admin -- list-users [--query text]
//   npm run admin -- refund <email>
import path from 'node:path';
import { grantPlanRequestSchema, MAX_GRANT_MONTHS, planIds } from '@farol/contract';
import { translate } from '@farol/i18n';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { isEmbeddedDatabaseInUse } from '../db/embedded-lock.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { isAppError } from '../lib/app-error.ts';
import { findUserIdByEmail, grantPlan, listUsers, setAdminFlag } from '../modules/admin/admin.service.ts';
import { refundLatestPayment } from '../modules/subscription/subscription.refund.ts';
import { createStripeClient } from '../providers/stripe/client.ts';

const usage = `Usage:
  npm run admin -- set-plan <email> <${planIds.join('|')}> [--months N]
  npm run admin -- set-admin <email> on|off
  npm run admin -- list-users [--query text]
  npm run admin -- refund <email>`;

class UsageError extends Error {}

function optionValue(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = args[index + 1];
  if (value === undefined) throw new UsageError(`${name} needs a value`);
  args.splice(index, 2);
  return value;
}

const formatDate = (iso: string | null) => (iso ? iso.slice(0, 10) : '-');

async function requireUserId(database: Database, email: string | undefined): Promise<string> {
  if (!email) throw new UsageError('an e-mail is required');
  const userId = await findUserIdByEmail(database.db, email);
  if (!userId) throw new UsageError(`no user with e-mail ${email}`);
  return userId;
}

/** The 30-day guarantee: refunds the latest paid invoice through Stripe, cancels, and e-mails the user (via the outbox). */
async function refund(database: Database, config: Config, email: string | undefined): Promise<string> {
  const userId = await requireUserId(database, email);
  const stripe = createStripeClient(config);
  const result = await refundLatestPayment(
    { db: database.db, config, stripe, now: () => new Date() },
    { userId, actorId: null, source: 'cli' },
  );
  return `${email}: refunded ${result.amount.toFixed(2)} ${result.currency} (invoice ${result.invoiceId}, refund ${result.refundId}); plan now ${result.plan}`;
}

async function run(database: Database, config: Config, [command, ...rest]: string[]): Promise<string> {
  const args = [...rest];
  const now = new Date();
  if (command === 'set-plan') {
    const monthsText = optionValue(args, '--months');
    const parsed = grantPlanRequestSchema.safeParse({
      plan: args[1],
      ...(monthsText !== undefined ? { months: Number(monthsText) } : {}),
    });
    if (!parsed.success)
      throw new UsageError(
        `plan must be one of ${planIds.join(', ')}; --months a whole number from 1 to ${MAX_GRANT_MONTHS}`,
      );
    const userId = await requireUserId(database, args[0]);
    const user = await grantPlan(database.db, { userId, ...parsed.data, actorId: null, source: 'cli' }, now);
    return `${user.email}: plan ${user.effectivePlan}${user.currentPeriodEnd ? ` until ${formatDate(user.currentPeriodEnd)}` : ''}${user.grantedByAdmin ? ' (granted, no payment)' : ''}`;
  }
  if (command === 'set-admin') {
    const flag = args[1];
    if (flag !== 'on' && flag !== 'off') throw new UsageError('set-admin takes on or off');
    const userId = await requireUserId(database, args[0]);
    const user = await setAdminFlag(database.db, { userId, isAdmin: flag === 'on', actorId: null }, now);
    return `${user.email}: admin ${user.isAdmin ? 'on' : 'off'}`;
  }
  if (command === 'refund') return refund(database, config, args[0]);
  if (command === 'list-users') {
    const query = optionValue(args, '--query');
    const lines: string[] = [];
    for (let page = 1; ; page += 1) {
      const result = await listUsers(database.db, { query, page, limit: 100 }, now);
      for (const user of result.users) {
        lines.push(
          [
            user.email,
            user.name,
            user.effectivePlan,
            user.isAdmin ? 'admin' : '-',
            formatDate(user.currentPeriodEnd),
            user.grantedByAdmin ? 'granted' : '-',
          ].join('\t'),
        );
      }
      if (!result.pagination.hasNextPage)
        return [`${result.pagination.totalItems} user(s)`, ...lines].join('\n');
    }
  }
  throw new UsageError(command ? `unknown command ${command}` : 'no command given');
}

async function main(argv: string[]): Promise<number> {
  // npm runs workspace scripts in apps/server; a relative DATA_DIR means where the command was typed,
  // as it does for `npm start` (run from the repository root).
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  let database: Database;
  try {
    // PGlite allows one process at a time: a running server (or another CLI) holds the embedded database
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: path.join(config.DATA_DIR, 'pglite'),
      holder: 'admin CLI',
    });
  } catch (error) {
    if (!isEmbeddedDatabaseInUse(error)) throw error;
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
  try {
    await migrate(database);
    process.stdout.write(`${await run(database, config, argv)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n${usage}\n`);
      return 2;
    }
    if (isAppError(error)) {
      const reason =
        error.code === 'conflict'
          ? 'this user pays through Stripe (cancel that subscription first), or you tried to remove your own admin flag'
          : translate('en', `errors:${error.code}`, error.params);
      process.stderr.write(`${reason}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`admin failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
