// What the cluster bench checks against the database after killing an instance: no acknowledged write lost
// or duplicated, each e-mail delivered once, each scheduled job once per period, limits shared.
import pg from 'pg';
import type { Ledger, Sample } from './workload.ts';

export type Check = { name: string; isPassed: boolean; detail: string };

const idOfMessage = (messageId: string) => /^<([^@>]+)@/.exec(messageId)?.[1] ?? messageId;

/** Acknowledged writes against the rows: each there once, in the last acknowledged state. */
export async function checkWrites(client: pg.Client, ledger: Ledger): Promise<Check[]> {
  return [
    ...(await checkAlerts(client, ledger)),
    await checkFavourites(client, ledger),
    await checkChats(client, ledger),
    await checkSignUps(client, ledger),
  ];
}

const countOf = <T>(list: T[], test: (item: T) => boolean) => list.filter(test).length;

/** States the clients were told of, against the stored ones; those with an unanswered change after are skipped. */
function compareStates<T>(
  states: Map<string, { isUncertain: boolean } & T>,
  matches: (key: string, state: T) => boolean,
) {
  let mismatches = 0;
  let uncertain = 0;
  for (const [key, state] of states) {
    if (state.isUncertain) uncertain += 1;
    else if (!matches(key, state)) mismatches += 1;
  }
  return { checked: states.size - uncertain, mismatches, uncertain };
}

async function checkAlerts(client: pg.Client, ledger: Ledger): Promise<Check[]> {
  const creations = ledger.alertCreations;
  const { rows: alerts } = await client.query<{
    id: string;
    name: string;
    user_id: string;
    is_active: boolean;
  }>(`select id, name, user_id, is_active from alerts where name like 'bench %'`);
  const alertById = new Map(alerts.map((row) => [row.id, row]));
  const lost = countOf(creations, (creation) => creation.isAcknowledged && !alertById.has(creation.id!));
  const copies = new Map<string, number>();
  for (const row of alerts)
    copies.set(`${row.user_id}|${row.name}`, (copies.get(`${row.user_id}|${row.name}`) ?? 0) + 1);
  const duplicated = countOf([...copies.values()], (count) => count > 1);
  const unanswered = creations.filter((creation) => !creation.isAcknowledged);
  const committed = countOf(unanswered, (creation) => copies.has(`${creation.userId}|${creation.name}`));
  const toggles = compareStates(
    ledger.alertStates,
    (id, state) => alertById.get(id)?.is_active === state.isActive,
  );
  return [
    {
      name: 'alerts created',
      isPassed: lost === 0 && duplicated === 0,
      detail: `${creations.length - unanswered.length} acknowledged, ${lost} lost, ${duplicated} stored twice; ${unanswered.length} unanswered (${committed} of them committed)`,
    },
    {
      name: 'alert toggles',
      isPassed: toggles.mismatches === 0,
      detail: `${toggles.checked} alerts in their last acknowledged state, ${toggles.mismatches} not; ${toggles.uncertain} with an unanswered toggle after it (either state)`,
    },
  ];
}

async function checkFavourites(client: pg.Client, ledger: Ledger): Promise<Check> {
  const { rows } = await client.query<{ user_id: string; coin_id: string }>(
    `select user_id, coin_id from favorites`,
  );
  const isFavourite = new Set(rows.map((row) => `${row.user_id}|${row.coin_id}`));
  const result = compareStates(
    ledger.favouriteStates,
    (key, state) => isFavourite.has(key) === state.isFavorite,
  );
  return {
    name: 'favourites',
    isPassed: result.mismatches === 0,
    detail: `${result.checked} in their last acknowledged state, ${result.mismatches} not; ${result.uncertain} with an unanswered change after it`,
  };
}

async function checkChats(client: pg.Client, ledger: Ledger): Promise<Check> {
  const { rows } = await client.query<{ id: string; message: string }>(
    `select id, message from chat_messages where message like '%(b%)'`,
  );
  const ids = new Set(rows.map((row) => row.id));
  const copies = new Map<string, number>();
  for (const row of rows) {
    const tag = /\((b[\d.]+)\)$/.exec(row.message)?.[1];
    if (tag) copies.set(tag, (copies.get(tag) ?? 0) + 1);
  }
  const acknowledged = ledger.chats.filter((chat) => chat.isAcknowledged);
  const lost = countOf(acknowledged, (chat) => !ids.has(chat.id!));
  const duplicated = countOf([...copies.values()], (count) => count > 1);
  return {
    name: 'chat messages',
    isPassed: lost === 0 && duplicated === 0,
    detail: `${acknowledged.length} acknowledged, ${lost} lost, ${duplicated} stored twice; ${ledger.chats.length - acknowledged.length} unanswered`,
  };
}

async function checkSignUps(client: pg.Client, ledger: Ledger): Promise<Check> {
  const acknowledged = ledger.signUps.filter((signUp) => signUp.isAcknowledged);
  const { rows } = await client.query<{ id: string; verifications: number }>(
    `select u.id, (select count(*)::int from email_outbox o
                    where o.user_id = u.id and o.template = 'email-verification') as verifications
       from users u where u.id = any($1::uuid[])`,
    [acknowledged.map((signUp) => signUp.userId!)],
  );
  const wrong = countOf(rows, (row) => row.verifications !== 1);
  return {
    name: 'sign-ups and their verification e-mail (outbox)',
    isPassed: rows.length === acknowledged.length && wrong === 0,
    detail: `${acknowledged.length} acknowledged, ${acknowledged.length - rows.length} lost, ${wrong} without exactly one verification e-mail queued`,
  };
}

/** Every outbox e-mail delivered, once; a repeat only with the same Message-ID (a crash between hand-off and marking). */
export async function checkDeliveries(client: pg.Client, received: { messageId: string }[]): Promise<Check> {
  const { rows } = await client.query<{ id: string; status: string; locked: boolean }>(
    `select id, status, (locked_until > now()) as locked from email_outbox where channel = 'email'`,
  );
  const times = new Map<string, number>();
  for (const mail of received)
    times.set(idOfMessage(mail.messageId), (times.get(idOfMessage(mail.messageId)) ?? 0) + 1);
  const sent = rows.filter((row) => row.status === 'sent');
  const notDelivered = sent.filter((row) => !times.has(row.id)).length;
  const waiting = rows.filter((row) => row.status !== 'sent');
  const repeats = [...times.values()].filter((count) => count > 1).length;
  const known = new Set(rows.map((row) => row.id));
  const strangers = [...times.keys()].filter((id) => !known.has(id)).length;
  return {
    name: 'e-mails (outbox → SMTP peer)',
    isPassed: notDelivered === 0 && strangers === 0 && waiting.length === 0,
    detail: `${rows.length} queued, ${sent.length} sent, ${received.length} received (${times.size} distinct Message-IDs); ${repeats} repeated with the same Message-ID, ${notDelivered} marked sent but never received, ${waiting.length} not sent yet (${waiting.filter((row) => row.locked).length} still leased), ${strangers} received that no row queued`,
  };
}

/** Each cluster job once per period: pg-boss's rows (live and archived) per job and minute of creation. */
export async function checkJobs(client: pg.Client, since: Date, names: string[]): Promise<Check> {
  const { rows } = await client.query<{ name: string; minute: Date; runs: number; states: string }>(
    `select name, date_trunc('minute', created_on) as minute, count(*)::int as runs, string_agg(state::text, ',') as states
       from (select name, created_on, state from pgboss.job union all select name, created_on, state from pgboss.archive) jobs
      where name = any($1) and created_on >= $2
      group by 1, 2 order by 1, 2`,
    [names, since],
  );
  const twice = rows.filter((row) => row.runs > 1);
  const summary = names
    .map((name) => {
      const mine = rows.filter((row) => row.name === name);
      const states = new Map<string, number>();
      for (const row of mine)
        for (const state of row.states.split(',')) states.set(state, (states.get(state) ?? 0) + 1);
      return `${name}: ${mine.length} periods (${[...states].map(([state, count]) => `${count} ${state}`).join(', ') || 'none'})`;
    })
    .join('; ');
  // market-refresh runs every minute: a minute without its job between the first and the last is a gap
  const minutes = rows.filter((row) => row.name === 'market-refresh').map((row) => row.minute.getTime());
  const expected = minutes.length ? (Math.max(...minutes) - Math.min(...minutes)) / 60_000 + 1 : 0;
  return {
    name: 'scheduled jobs once per period (pg-boss)',
    isPassed: twice.length === 0 && minutes.length === expected,
    detail: `${summary}; ${twice.length} periods with more than one run; market-refresh missed ${expected - minutes.length} of ${expected} minutes`,
  };
}

/**
 * Requests that failed: only those in flight when the instance was killed may. In flight: sent before the
 * process was gone (its exit seen, `exitedAt`) and not answered before the kill (`killedAt`).
 */
export function checkFailures(samples: Sample[], killedAt: number, exitedAt: number): Check {
  const failed = samples.filter((sample) => sample.status === 0 || sample.status >= 500);
  const inFlight = failed.filter((sample) => sample.startedAt <= exitedAt && sample.endedAt >= killedAt);
  const others = failed.filter((sample) => !inFlight.includes(sample));
  const describe = (list: Sample[]) =>
    list
      .map(
        (sample) =>
          `${sample.route} → ${sample.status || 'no answer'}, sent ${sample.startedAt - killedAt} ms after the kill`,
      )
      .join('; ');
  return {
    name: 'failed requests (after the client retry)',
    isPassed: others.length === 0,
    detail: `${failed.length} of ${samples.length}: ${inFlight.length} in flight at the kill (the process was gone ${exitedAt - killedAt} ms after SIGKILL)${inFlight.length ? ` (${describe(inFlight)})` : ''}, ${others.length} others${others.length ? ` (${describe(others)})` : ''}`,
  };
}
