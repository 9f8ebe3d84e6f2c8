// `npx tsx apps/server/src/modules/signals/expected-range.cli.ts [--validate]`: the expected ranges' research
// figures for docs/signals.md "Expected ranges". Without --validate it prints only the training figures
// (outcomes before 2024-07-01 on BTC, ETH, SOL, MATIC); --validate adds the validation window (run once per
// model version) and the held-out BNB and XRP at the daily level.
import { parseArgs } from 'node:util';
import type { RangeMeasure } from '@farol/contract';
import { readTestCandles } from './csv-candles.ts';
import { measureRanges, replayDailyRanges, replayRanges, type RangeOutcome } from './expected-range.ts';

const { values } = parseArgs({ options: { validate: { type: 'boolean', default: false } } });
const VALIDATION_FROM = Date.parse('2024-07-01T00:00:00Z');
const HOUR_MS = 3_600_000;
const tuningCoins = ['BTC', 'ETH', 'SOL', 'MATIC'];
const heldOutCoins = ['BNB', 'XRP'];

const keep = (
  byHorizon: Map<number, RangeOutcome[]>,
  test: (outcome: RangeOutcome, hours: number) => boolean,
) =>
  new Map(
    [...byHorizon].map(([hours, outcomes]) => [hours, outcomes.filter((outcome) => test(outcome, hours))]),
  );
const training = (outcome: RangeOutcome, hours: number) =>
  outcome.issuedAt + hours * HOUR_MS <= VALIDATION_FROM;
const validation = (outcome: RangeOutcome) => outcome.issuedAt >= VALIDATION_FROM;

const percent = (value: number | null, digits = 1) =>
  value === null ? '—' : `${(value * 100).toFixed(digits)}%`;
function print(title: string, measures: RangeMeasure[]) {
  console.log(
    `\n${title}\n| horizon | forecasts | coverage | mean width | 30-day baseline coverage | baseline width |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const measure of measures)
    console.log(
      `| ${measure.horizonHours} h | ${measure.count} | ${percent(measure.coverage)} | ${measure.meanWidthPct?.toFixed(2)}% | ${percent(measure.baselineCoverage)} | ${measure.baselineMeanWidthPct?.toFixed(2)}% |`,
    );
}

const hourly = tuningCoins.map((symbol) => replayRanges(readTestCandles(`${symbol}USDT-1h.csv`)));
const daily = (symbols: string[]) =>
  symbols.map((symbol) => replayDailyRanges(readTestCandles(`${symbol}USDT-1d.csv`)));
print(
  `Training (${tuningCoins.join(', ')}, outcomes before 2024-07-01), hourly model`,
  measureRanges(hourly.map((coin) => keep(coin, training))),
);
print(
  `Training (${tuningCoins.join(', ')}, outcomes before 2024-07-01), daily-level variant`,
  measureRanges(daily(tuningCoins).map((coin) => keep(coin, training))),
);
if (values.validate) {
  print(
    `Validation (${tuningCoins.join(', ')}, 2024-07-01 to the end of the data), hourly model`,
    measureRanges(hourly.map((coin) => keep(coin, validation))),
  );
  print(
    `Held out (${heldOutCoins.join(', ')}, 2024-07-01 to the end of the data), daily-level variant`,
    measureRanges(daily(heldOutCoins).map((coin) => keep(coin, validation))),
  );
  print(
    `Held out (${heldOutCoins.join(', ')}, all their data), daily-level variant`,
    measureRanges(daily(heldOutCoins)),
  );
}
