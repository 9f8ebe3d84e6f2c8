import { apiAccessLimits, planIds, type CatalogPlanId, type CoinList, type PlanId } from '@farol/contract';

export { planIds, type PlanId };

export type PlanLimits = {
  /** Coins in the market table (0: the table is locked), taken from `coinList`. */
  coinsVisible: number;
  /** `top`: the largest by market cap; `main`: the ten coins Farol analyses. */
  coinList: CoinList;
  marketSignals: number;
  advancedAnalysis: boolean;
  coinSearch: boolean;
  conversationsPerDay: number;
  alerts: number;
  /** Alerts on a price change within 1 h or 24 h, the signal turning, a support or resistance crossed. */
  advancedAlerts: boolean;
  /** Signals and analyses of every followed coin with a USDT pair, beyond the ten quick choices. */
  allCoinSignals: boolean;
  /** Personal API tokens the user may hold (0: no API access); each reads at API_TOKEN_REQUESTS_PER_MINUTE. */
  apiTokens: number;
  /** Webhooks the user may register for alert firings and signal changes (0: none). */
  webhooks: number;
};

/**
 * What each plan allows, as data. The spec gives two readings in places; Farol applies one everywhere
 * (README, "Plans"): free 3 conversations a day, iniciante 5, profissional unlimited.
 * -1 means unlimited.
 */
export const planLimits = {
  free: {
    coinsVisible: 5,
    coinList: 'top',
    marketSignals: 3,
    advancedAnalysis: false,
    coinSearch: false,
    conversationsPerDay: 3,
    alerts: 3,
    advancedAlerts: false,
    allCoinSignals: false,
    apiTokens: 0,
    webhooks: 0,
  },
  iniciante: {
    coinsVisible: 10,
    coinList: 'main',
    marketSignals: 5,
    advancedAnalysis: false,
    coinSearch: false,
    conversationsPerDay: 5,
    alerts: 10,
    advancedAlerts: false,
    allCoinSignals: false,
    apiTokens: 0,
    webhooks: 0,
  },
  profissional: {
    coinsVisible: 500,
    coinList: 'top',
    marketSignals: 10,
    advancedAnalysis: true,
    coinSearch: true,
    conversationsPerDay: -1,
    alerts: 100,
    advancedAlerts: true,
    allCoinSignals: true,
    apiTokens: apiAccessLimits.tokens,
    webhooks: apiAccessLimits.webhooks,
  },
} as const satisfies Record<PlanId, PlanLimits>;

/** Admins are exempt from every limit. */
export const adminLimits: PlanLimits = {
  coinsVisible: 500,
  coinList: 'top',
  marketSignals: 10,
  advancedAnalysis: true,
  coinSearch: true,
  conversationsPerDay: -1,
  alerts: -1,
  advancedAlerts: true,
  allCoinSignals: true,
  apiTokens: apiAccessLimits.tokens,
  webhooks: apiAccessLimits.webhooks,
};

/** A year of a paid plan costs this many months: two months free. */
export const MONTHS_CHARGED_A_YEAR = 10;
export const yearlyPriceOf = (monthlyPrice: number) => monthlyPrice * MONTHS_CHARGED_A_YEAR;

/**
 * The catalogue of GET /api/subscription/plans, as data: prices in BRL a month,
 * the limits it shows and the feature keys whose texts live in the `billing` catalogue. Enterprise is
 * sold by contact: no price, no checkout, and it shows the Profissional limits as its floor.
 */
export const planCatalog: {
  id: CatalogPlanId;
  price: number | 'custom';
  limits: PlanLimits;
  features: readonly string[];
  popular?: true;
  contactSales?: true;
}[] = [
  {
    id: 'free',
    price: 0,
    limits: planLimits.free,
    features: ['topCoins', 'signals', 'conversations', 'alerts', 'ownApiKeys'],
  },
  {
    id: 'iniciante',
    price: 49,
    limits: planLimits.iniciante,
    features: [
      'mainCoins',
      'signals',
      'conversations',
      'alerts',
      'emailAlerts',
      'ownApiKeys',
      'prioritySupport',
    ],
  },
  {
    id: 'profissional',
    price: 149,
    limits: planLimits.profissional,
    features: [
      'topCoins',
      'search',
      'premiumSignals',
      'unlimitedConversations',
      'advancedAnalysis',
      'alerts',
      'specialistAgents',
      'prioritySupport',
    ],
    popular: true,
  },
  {
    id: 'enterprise',
    price: 'custom',
    limits: planLimits.profissional,
    features: ['everythingInPro', 'customLimits', 'salesContact'],
    contactSales: true,
  },
];

export const isPlanId = (value: unknown): value is PlanId =>
  typeof value === 'string' && (planIds as readonly string[]).includes(value);
