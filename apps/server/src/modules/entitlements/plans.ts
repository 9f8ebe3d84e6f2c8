/**
 * What each plan allows, as data. The spec gives two readings in places; Farol applies one everywhere
 * (README, "Plans"): free 3 conversations a day, iniciante 5, profissional unlimited.
 * -1 means unlimited.
 */
export const planIds = ['free', 'iniciante', 'profissional'] as const;
export type PlanId = (typeof planIds)[number];

export type PlanLimits = {
  /** Coins in the market table: top N by market cap (0: the table is locked). */
  coinsVisible: number;
  marketSignals: number;
  advancedAnalysis: boolean;
  coinSearch: boolean;
  conversationsPerDay: number;
  alerts: number;
};

export const planLimits = {
  free: { coinsVisible: 5, marketSignals: 3, advancedAnalysis: false, coinSearch: false, conversationsPerDay: 3, alerts: 3 },
  iniciante: { coinsVisible: 0, marketSignals: 5, advancedAnalysis: false, coinSearch: false, conversationsPerDay: 5, alerts: 10 },
  profissional: { coinsVisible: 500, marketSignals: 10, advancedAnalysis: true, coinSearch: true, conversationsPerDay: -1, alerts: 100 },
} as const satisfies Record<PlanId, PlanLimits>;

/** Admins are exempt from every limit. */
export const adminLimits: PlanLimits = {
  coinsVisible: 500,
  marketSignals: 10,
  advancedAnalysis: true,
  coinSearch: true,
  conversationsPerDay: -1,
  alerts: -1,
};

export const isPlanId = (value: unknown): value is PlanId =>
  typeof value === 'string' && (planIds as readonly string[]).includes(value);
