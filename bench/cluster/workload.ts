// Virtual users shaped like the web app (apps/web): the dashboard's polls at the web's intervals, and now and
// then a visit to the analysis or coin page, the alerts page, a favourite or a question to the chat. Every
// request is timed per route; every write is kept in a ledger the checks compare with the database.

export type Plan = 'free' | 'profissional';

export type VirtualUser = {
  index: number;
  /** The currency the user's screens ask prices in: `currencyOf(index)`. */
  currency: Currency;
  email: string;
  password: string;
  userId: string;
  token: string;
  plan: Plan;
  alerts: { id: string; isActive: boolean }[];
  favourites: Map<string, boolean>;
  sequence: number;
};

/** What the clients were told was written (2xx) and what they sent without an answer (may or may not be). */
export type Ledger = {
  alertCreations: { name: string; userId: string; id?: string; isAcknowledged: boolean }[];
  /** Per alert id: the last acknowledged state, and whether a toggle went unanswered after it. */
  alertStates: Map<string, { isActive?: boolean; isUncertain: boolean }>;
  /** Per `userId|coinId`. */
  favouriteStates: Map<string, { isFavorite?: boolean; isUncertain: boolean }>;
  chats: { tag: string; userId: string; id?: string; isAcknowledged: boolean }[];
  signUps: { email: string; userId?: string; isAcknowledged: boolean }[];
};

export const newLedger = (): Ledger => ({
  alertCreations: [],
  alertStates: new Map(),
  favouriteStates: new Map(),
  chats: [],
  signUps: [],
});

export type Sample = { route: string; method: string; startedAt: number; endedAt: number; status: number };

export type Recorder = { samples: Sample[] };

type Answer = { status: number; body: any };

/** The web's query retry: a GET that got no answer or a 502/503/504 is asked once more after 500 ms. */
const isRetryable = (status: number) => status === 0 || status === 502 || status === 503 || status === 504;

export async function call(
  base: string,
  recorder: Recorder,
  route: string,
  method: 'GET' | 'POST' | 'PATCH',
  pathname: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  // a JSON body, or the exact bytes given (a signed webhook must arrive as it was signed)
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const startedAt = Date.now();
  let answer: Answer = { status: 0, body: undefined };
  for (let attempt = 0; attempt < (method === 'GET' ? 2 : 1); attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      const response = await fetch(base + pathname, {
        method,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'accept-language': 'pt-BR',
          ...options.headers,
        },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      answer = { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
    } catch {
      answer = { status: 0, body: undefined };
    }
    if (!isRetryable(answer.status)) break;
  }
  recorder.samples.push({ route, method, startedAt, endedAt: Date.now(), status: answer.status });
  return answer;
}

/** `call` for a path without ids, which is its own route label. */
export const callPath = (
  context: Context,
  method: 'GET' | 'POST',
  pathname: string,
  options: Parameters<typeof call>[5] = {},
) => call(context.base, context.recorder, `${method} ${pathname}`, method, pathname, options);

// The recorded upstream (packages/testdata) has hourly candles for these four of the ten analysed coins only;
// an analysis needs them (the others answer 424 on the stub). The free plan's signals cover BTC, ETH and BNB.
const analysisCoins = ['BTC', 'ETH', 'SOL', 'MATIC'];
const freeSignalCoins = ['BTC', 'ETH'];
const favouriteCoins = [
  ['bitcoin', 'Bitcoin'],
  ['ethereum', 'Ethereum'],
  ['solana', 'Solana'],
  ['cardano', 'Cardano'],
  ['ripple', 'XRP'],
] as const;
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

export type Currency = 'USD' | 'BRL';
/**
 * The audience Farol serves is mostly Brazilian: four users in five ask prices in reais (a pt-BR account
 * defaults to BRL), one in five in dollars. The streams of the same indexes follow the same currencies.
 */
export const currencyOf = (index: number): Currency => (index % 5 === 0 ? 'USD' : 'BRL');
/** A route's path as `user` asks it: every path below names `currency=USD`, swapped for the user's currency. */
export const inCurrency = (path: string, currency: Currency) =>
  path.replace('currency=USD', `currency=${currency}`);

/** The dashboard's polls: path and the web's interval (apps/web/src/features/{market,signals}/api). */
export const dashboardPolls = [
  {
    route: 'GET /api/crypto/prices',
    path: '/api/crypto/prices?page=1&limit=10&currency=USD',
    everyMs: 60_000,
  },
  {
    route: 'GET /api/market-signals/dashboard-signals',
    path: '/api/market-signals/dashboard-signals?currency=USD',
    everyMs: 60_000,
  },
  {
    route: 'GET /api/market-data/bitcoin-dominance',
    path: '/api/market-data/bitcoin-dominance?currency=USD',
    everyMs: 120_000,
  },
  { route: 'GET /api/market-data/fear-greed', path: '/api/market-data/fear-greed', everyMs: 300_000 },
] as const;

export type Context = { base: string; recorder: Recorder; ledger: Ledger };

/** The analysis page (profissional) or a coin page (free): the analysis or the summary, the coin and its chart. */
async function openAnalysis(context: Context, user: VirtualUser) {
  const symbol = pick(user.plan === 'profissional' ? analysisCoins : freeSignalCoins);
  const { base, recorder } = context;
  const candles = `/api/market-data/candles?symbol=${symbol}&interval=1h&limit=500&currency=${user.currency}`;
  if (user.plan === 'profissional') {
    await Promise.all([
      call(
        base,
        recorder,
        'GET /api/market-signals/analysis/:symbol',
        'GET',
        `/api/market-signals/analysis/${symbol}?currency=${user.currency}`,
        { token: user.token },
      ),
      call(base, recorder, 'GET /api/market-data/candles', 'GET', candles, { token: user.token }),
    ]);
    return;
  }
  await Promise.all([
    call(
      base,
      recorder,
      'GET /api/market-data/coins/:symbol',
      'GET',
      `/api/market-data/coins/${symbol.toLowerCase()}?currency=${user.currency}`,
      { token: user.token },
    ),
    call(
      base,
      recorder,
      'GET /api/market-signals/summary/:symbol',
      'GET',
      `/api/market-signals/summary/${symbol}?currency=${user.currency}`,
      { token: user.token },
    ),
    call(base, recorder, 'GET /api/market-data/candles', 'GET', candles, { token: user.token }),
  ]);
}

/** The alerts page: the list, then a new alert while under the free plan's three, else a toggle. */
async function visitAlerts(context: Context, user: VirtualUser) {
  const { base, recorder, ledger } = context;
  await call(base, recorder, 'GET /api/alerts', 'GET', '/api/alerts', { token: user.token });
  if (user.alerts.length < 3) {
    user.sequence += 1;
    const name = `bench ${user.index}.${user.sequence}`;
    const creation: Ledger['alertCreations'][number] = { name, userId: user.userId, isAcknowledged: false };
    ledger.alertCreations.push(creation);
    const created = await call(base, recorder, 'POST /api/alerts', 'POST', '/api/alerts', {
      token: user.token,
      body: {
        name,
        type: 'preco',
        coinSymbol: 'BTC',
        coinName: 'Bitcoin',
        conditions: { priceAbove: 10_000_000 },
      },
    });
    if (created.status === 201) {
      creation.isAcknowledged = true;
      creation.id = created.body.data.id;
      user.alerts.push({ id: creation.id!, isActive: true });
      ledger.alertStates.set(creation.id!, { isActive: true, isUncertain: false });
    }
    return;
  }
  const alert = pick(user.alerts);
  const state = ledger.alertStates.get(alert.id)!;
  const toggled = await call(
    base,
    recorder,
    'PATCH /api/alerts/:id/toggle',
    'PATCH',
    `/api/alerts/${alert.id}/toggle`,
    {
      token: user.token,
    },
  );
  if (toggled.status === 200) {
    alert.isActive = toggled.body.data.isActive;
    ledger.alertStates.set(alert.id, { isActive: alert.isActive, isUncertain: false });
  } else state.isUncertain = true;
}

/** The star on a coin row: sets the wanted state (idempotent), then the favourites list refreshes. */
async function toggleFavourite(context: Context, user: VirtualUser) {
  const { base, recorder, ledger } = context;
  const [coinId, coinName] = pick(favouriteCoins);
  const wanted = !(user.favourites.get(coinId) ?? false);
  const key = `${user.userId}|${coinId}`;
  const answer = await call(
    base,
    recorder,
    'POST /api/crypto/toggle-favorite',
    'POST',
    '/api/crypto/toggle-favorite',
    {
      token: user.token,
      body: { coinId, coinName, isFavorite: wanted },
    },
  );
  if (answer.status === 200) {
    user.favourites.set(coinId, wanted);
    ledger.favouriteStates.set(key, { isFavorite: wanted, isUncertain: false });
  } else ledger.favouriteStates.set(key, { ...ledger.favouriteStates.get(key), isUncertain: true });
  await call(base, recorder, 'GET /api/crypto/favorites', 'GET', '/api/crypto/favorites', {
    token: user.token,
  });
}

/** A question to the built-in analyst (no AI keys configured: the offline answer, stored like any other). */
async function askChat(context: Context, user: VirtualUser) {
  const { base, recorder, ledger } = context;
  user.sequence += 1;
  const tag = `b${user.index}.${user.sequence}`;
  const chat: Ledger['chats'][number] = { tag, userId: user.userId, isAcknowledged: false };
  ledger.chats.push(chat);
  const answer = await call(base, recorder, 'POST /api/chat/message', 'POST', '/api/chat/message', {
    token: user.token,
    body: { message: `Como está o ${pick(analysisCoins)} hoje? (${tag})` },
  });
  if (answer.status === 201) {
    chat.isAcknowledged = true;
    chat.id = answer.body.id;
  }
}

/** A user who signs in again (a new device): one login. */
async function signIn(context: Context, user: VirtualUser) {
  const answer = await call(
    context.base,
    context.recorder,
    'POST /api/auth/login',
    'POST',
    '/api/auth/login',
    {
      body: { email: user.email, password: user.password },
    },
  );
  if (answer.status === 200) user.token = answer.body.token;
}

/** A visitor who signs up (the registration queues the verification e-mail in the same transaction). */
export async function signUp(context: Context, email: string, password: string) {
  const signUp: Ledger['signUps'][number] = { email, isAcknowledged: false };
  context.ledger.signUps.push(signUp);
  const answer = await call(
    context.base,
    context.recorder,
    'POST /api/auth/register',
    'POST',
    '/api/auth/register',
    {
      body: { name: 'Bench', email, password, confirmPassword: password },
    },
  );
  if (answer.status === 201) {
    signUp.isAcknowledged = true;
    signUp.userId = answer.body.user.id;
  }
  return answer;
}

const actions = [
  { weight: 3, run: openAnalysis },
  { weight: 3, run: visitAlerts },
  { weight: 2, run: toggleFavourite },
  // free plans have three conversations a day: only profissional users ask in the bench
  {
    weight: 2,
    run: (context: Context, user: VirtualUser) =>
      user.plan === 'profissional' ? askChat(context, user) : openAnalysis(context, user),
  },
];
const totalWeight = actions.reduce((sum, action) => sum + action.weight, 0);
function pickAction() {
  let roll = Math.random() * totalWeight;
  for (const action of actions) if ((roll -= action.weight) < 0) return action.run;
  return actions[0]!.run;
}

/**
 * One virtual user with the dashboard open for `durationMs`: each poll at its interval from a random phase
 * (as if the page had been open a while), an action about once a minute (exponential gaps), and one in
 * twenty signs in again during the run.
 */
export async function runVirtualUser(
  context: Context,
  user: VirtualUser,
  durationMs: number,
  actionMeanMs: number,
) {
  const endAt = Date.now() + durationMs;
  const pending: Promise<unknown>[] = [];
  const timers: NodeJS.Timeout[] = [];
  const every = (everyMs: number, task: () => Promise<unknown>) => {
    const schedule = (delay: number) => {
      if (Date.now() + delay >= endAt) return;
      timers.push(
        setTimeout(() => {
          pending.push(task());
          schedule(everyMs);
        }, delay),
      );
    };
    schedule(Math.random() * everyMs);
  };
  for (const poll of dashboardPolls)
    every(poll.everyMs, () =>
      call(context.base, context.recorder, poll.route, 'GET', inCurrency(poll.path, user.currency), {
        token: user.token,
      }),
    );
  const scheduleAction = () => {
    const delay = -Math.log(1 - Math.random()) * actionMeanMs;
    if (Date.now() + delay >= endAt) return;
    timers.push(
      setTimeout(() => {
        pending.push(pickAction()(context, user));
        scheduleAction();
      }, delay),
    );
  };
  scheduleAction();
  if (Math.random() < 0.05) {
    const delay = Math.random() * durationMs;
    timers.push(setTimeout(() => pending.push(signIn(context, user)), delay));
  }
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  for (const timer of timers) clearTimeout(timer);
  await Promise.all(pending);
}

/** Back-to-back reads of the signed-in app (no think time), `connections` at once: the cluster's ceiling. */
export async function saturate(
  context: Context,
  users: VirtualUser[],
  connections: number,
  durationMs: number,
) {
  const endAt = Date.now() + durationMs;
  const reads = [
    ...dashboardPolls.map((poll) => ({ route: poll.route, path: poll.path })),
    { route: 'GET /api/crypto/favorites', path: '/api/crypto/favorites' },
    { route: 'GET /api/alerts', path: '/api/alerts' },
    {
      route: 'GET /api/market-signals/summary/:symbol',
      path: '/api/market-signals/summary/BTC?currency=USD',
    },
    {
      route: 'GET /api/market-data/candles',
      path: '/api/market-data/candles?symbol=BTC&interval=1h&limit=500&currency=USD',
    },
  ];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < endAt) {
        const read = pick(reads);
        const user = pick(users);
        await call(context.base, context.recorder, read.route, 'GET', inCurrency(read.path, user.currency), {
          token: user.token,
        });
      }
    }),
  );
}
