import type { CurrentSubscriptionResponse } from '@farol/contract';

/** What the signed-in user's plan opens on the market screens, read from the server's plan limits. */
export type PlanAccess = {
  /** Rows the coin table may show; 0 means the table is locked (iniciante). */
  coinsVisible: number;
  canSearch: boolean;
  canAnalyse: boolean;
  /** No paid plan and no admin flag: the free-plan banner and upsells show. */
  isFreePlan: boolean;
};

/** Derives access from the plan's limits (the server's single answer), never from plan ids. */
export function planAccessFrom(subscription: CurrentSubscriptionResponse['data']): PlanAccess {
  const { limits } = subscription.plan;
  return {
    coinsVisible: limits.coinsVisible,
    canSearch: limits.coinSearch,
    canAnalyse: limits.advancedAnalysis,
    isFreePlan: !subscription.isActive && !subscription.subscription.isAdmin,
  };
}
