// `npm run backtest -- [--data <folder>] [--symbols BTC,ETH] [--json <file>] [--step-hours 8]`: replays the
// signal engine over candle files named like the test data (`BTCUSDT-1h.csv`, `BTCUSDT-1d.csv`), prints the
// Markdown tables and writes the results file. Without --data it reads the repository's test data (real
// Binance candles); `npm run backtest:publish` writes docs/backtest/latest.json, which the public pages show.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backtestMarkdown, runBacktest } from './backtest.ts';
import { readRepositoryCandles, type CandleFileReader } from './csv-candles.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    symbols: { type: 'string', default: 'BTC,ETH,SOL,MATIC' },
    json: { type: 'string' },
    'step-hours': { type: 'string', default: '8' },
  },
});

const folder = values.data ? path.resolve(values.data) : undefined;
const readFile: CandleFileReader = folder
  ? (file) => fs.readFileSync(path.join(folder, file), 'utf8')
  : readRepositoryCandles;
const symbols = values.symbols
  .split(',')
  .map((symbol) => symbol.trim().toUpperCase())
  .filter(Boolean);
const stepHours = Number(values['step-hours']);
if (!Number.isInteger(stepHours) || stepHours < 1) {
  console.error('--step-hours takes a whole number of hours (1 or more)');
  process.exit(1);
}
for (const symbol of symbols) {
  for (const interval of ['1h', '1d']) {
    const file = `${symbol}USDT-${interval}.csv`;
    if (folder && !fs.existsSync(path.join(folder, file))) {
      console.error(`no ${file} in ${folder}: the backtest needs 1h and 1d candle files for each symbol`);
      process.exit(1);
    }
  }
}

const started = performance.now();
const results = runBacktest({
  symbols,
  readFile,
  stepHours,
  ...(folder ? { source: `candle files of ${path.basename(folder)}` } : {}),
});
console.log(backtestMarkdown(results));
console.log(
  `\n${results.horizons[0]!.signals} signals measured in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);
if (values.json) {
  fs.mkdirSync(path.dirname(path.resolve(values.json)), { recursive: true });
  fs.writeFileSync(values.json, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`results written to ${values.json}`);
}
