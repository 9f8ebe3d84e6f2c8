// Test helper: an app on the live market pointed at the market stub's recorded upstreams.
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { startMarketStub, type MarketStub } from './stubs/market-stub.ts';

/** An app on the live market pointed at the recorded upstreams, its clock at 2025-04-20 10:30 UTC. */
export function useRecordedMarket() {
  const context = {} as { stub: MarketStub; testApp: TestApp };
  beforeAll(async () => {
    context.stub = await startMarketStub();
    context.testApp = await startTestApp({
      env: { MARKET_DATA_SOURCE: 'live', ...context.stub.env },
      deps: { now: () => new Date('2025-04-20T10:30:00Z') },
    });
  });
  afterAll(async () => {
    await context.testApp.close();
    await context.stub.close();
  });
  return context;
}
