import { describe, expect, it } from 'vitest';
import {
  effectivePlan,
  entitlementsFor,
  isWithinLimit,
  remainingOf,
  RENEWAL_GRACE_MS,
} from './entitlements.service.ts';
import { planIds } from './plans.ts';

// The table of README "Plans", written out independently of plans.ts: a change to either must be deliberate.
const expected = {
  free: {
    coinsVisible: 5,
    marketSignals: 3,
    advancedAnalysis: false,
    coinSearch: false,
    conversationsPerDay: 3,
    alerts: 3,
    advancedAlerts: false,
    allCoinSignals: false,
  },
  iniciante: {
    coinsVisible: 10,
    marketSignals: 5,
    advancedAnalysis: false,
    coinSearch: false,
    conversationsPerDay: 5,
    alerts: 10,
    advancedAlerts: false,
    allCoinSignals: false,
  },
  profissional: {
    coinsVisible: 500,
    marketSignals: 10,
    advancedAnalysis: true,
    coinSearch: true,
    conversationsPerDay: -1,
    alerts: 100,
    advancedAlerts: true,
    allCoinSignals: true,
  },
  admin: {
    coinsVisible: 500,
    marketSignals: 10,
    advancedAnalysis: true,
    coinSearch: true,
    conversationsPerDay: -1,
    alerts: -1,
    advancedAlerts: true,
    allCoinSignals: true,
  },
} as const;
const capabilities = Object.keys(expected.free) as (keyof typeof expected.free)[];

describe('entitlements table', () => {
  for (const plan of planIds) {
    for (const capability of capabilities) {
      it(`${plan} × ${capability} = ${expected[plan][capability]}`, () => {
        expect(entitlementsFor(plan, false)[capability]).toBe(expected[plan][capability]);
      });
      it(`admin on ${plan} × ${capability} = ${expected.admin[capability]}`, () => {
        expect(entitlementsFor(plan, true)[capability]).toBe(expected.admin[capability]);
      });
    }
  }

  it('covers every plan and nothing else', () => {
    expect([...planIds].sort()).toEqual(
      Object.keys(expected)
        .filter((key) => key !== 'admin')
        .sort(),
    );
  });
});

describe('effectivePlan', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const later = new Date(now.getTime() + 1000);
  const earlier = new Date(now.getTime() - 1000);
  const cases: [string, Parameters<typeof effectivePlan>[0], string][] = [
    ['no row', undefined, 'free'],
    ['free row', { plan: 'free', status: 'active', currentPeriodEnd: null }, 'free'],
    ['unknown plan id', { plan: 'gold', status: 'active', currentPeriodEnd: later }, 'free'],
    ['paid, period running', { plan: 'iniciante', status: 'active', currentPeriodEnd: later }, 'iniciante'],
    [
      'granted without end',
      { plan: 'profissional', status: 'active', currentPeriodEnd: null },
      'profissional',
    ],
    ['granted, ended', { plan: 'profissional', status: 'active', currentPeriodEnd: earlier }, 'free'],
    [
      'cancelled at period end, before it',
      {
        plan: 'profissional',
        status: 'active',
        currentPeriodEnd: later,
        cancelAtPeriodEnd: true,
        stripeSubscriptionId: 'sub_1',
      },
      'profissional',
    ],
    [
      'cancelled at period end, after it',
      {
        plan: 'profissional',
        status: 'active',
        currentPeriodEnd: earlier,
        cancelAtPeriodEnd: true,
        stripeSubscriptionId: 'sub_1',
      },
      'free',
    ],
    [
      'Stripe canceled with paid period left (refund, dispute, immediate cancel)',
      { plan: 'iniciante', status: 'canceled', currentPeriodEnd: later },
      'free',
    ],
    [
      'Stripe canceled, period over',
      { plan: 'iniciante', status: 'canceled', currentPeriodEnd: earlier },
      'free',
    ],
    [
      'past_due keeps access while Stripe retries',
      { plan: 'iniciante', status: 'past_due', currentPeriodEnd: later },
      'iniciante',
    ],
    ['unpaid', { plan: 'iniciante', status: 'unpaid', currentPeriodEnd: later }, 'free'],
    [
      'incomplete (first payment pending)',
      { plan: 'iniciante', status: 'incomplete', currentPeriodEnd: later },
      'free',
    ],
    [
      'renewing, webhook not here yet',
      { plan: 'iniciante', status: 'active', currentPeriodEnd: earlier, stripeSubscriptionId: 'sub_1' },
      'iniciante',
    ],
    [
      'renewing, no news past the grace',
      {
        plan: 'iniciante',
        status: 'active',
        currentPeriodEnd: new Date(now.getTime() - RENEWAL_GRACE_MS),
        stripeSubscriptionId: 'sub_1',
      },
      'free',
    ],
  ];
  for (const [title, subscription, plan] of cases) {
    it(`${title} → ${plan}`, () => expect(effectivePlan(subscription, now)).toBe(plan));
  }
});

describe('limits', () => {
  it('treats -1 as unlimited and N as N uses', () => {
    expect([isWithinLimit(-1, 10_000), isWithinLimit(3, 2), isWithinLimit(3, 3)]).toEqual([
      true,
      true,
      false,
    ]);
    expect([remainingOf(-1, 5), remainingOf(10, 4), remainingOf(3, 7)]).toEqual([-1, 6, 0]);
  });
});
