import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { SignalsService } from './signals.service.ts';
import { createSignalWarmer } from './signals.setup.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('signal warmer', () => {
  // a minute past an hourly close: the warmer's pass for that close is due
  const now = () => new Date(Date.UTC(2026, 10, 27, 10, 1, 0));
  const symbols = ['BTC', 'ETH', 'SOL', 'BNB', 'XRP'];

  function warmerComputing(readings: string[]) {
    const signals = {
      getReading: async (symbol: string) => {
        readings.push(symbol);
        await sleep(100);
        return {};
      },
    } as unknown as SignalsService;
    return createSignalWarmer({
      listSymbols: async () => symbols,
      signals,
      now,
      log: pino({ level: 'silent' }),
    });
  }

  it('computes every warm coin once per close', async () => {
    const readings: string[] = [];
    const warmer = warmerComputing(readings);
    await warmer.run();
    await warmer.run();
    expect(readings).toEqual(symbols);
  });

  it('ends a pass after the coin in hand when stopped, and starts none after', async () => {
    const readings: string[] = [];
    const warmer = warmerComputing(readings);
    void warmer.run();
    await sleep(20);
    await warmer.stop();
    expect(readings).toEqual(['BTC']);
    await warmer.run();
    expect(readings).toEqual(['BTC']);
  });
});
