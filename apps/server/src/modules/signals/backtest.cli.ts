// `npm run backtest -- [--data <folder>] [--symbols BTC,ETH] [--from 2024-07-01] [--to 2025-04-28]
// [--json <file>] [--step-hours 8]`: replays the signal engine over candle files named like the test data
// (`BTCUSDT-1h.csv`, `BTCUSDT-1d.csv`, plain or .gz), prints the Markdown tables and writes the results file.
// A coin with a 1d file and no 1h file is measured on its daily candles alone (docs/signals.md). Without
// --data it reads the repository's test data (real Binance candles); `npm run backtest:publish` writes
// docs/backtest/latest.json, which the public pages show.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backtestMarkdown, runBacktest } from './backtest.ts';
import { folderCandleReader, hasCandleFile, readRepositoryCandles } from './csv-candles.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    symbols: { type: 'string', default: 'BTC,ETH,SOL,MATIC' },
    from: { type: 'string' },
    to: { type: 'string' },
    json: { type: 'string' },
    'step-hours': { type: 'string', default: '8' },
  },
});

// npm runs workspace scripts inside their workspace: a relative path is the caller's (INIT_CWD).
const callerDirectory = process.env.INIT_CWD ?? process.cwd();
const fromCaller = (file: string) => path.resolve(callerDirectory, file);
const folder = values.data ? fromCaller(values.data) : undefined;
if (folder && !fs.existsSync(folder)) fail(`no folder ${folder}`);
const readFile = folder ? folderCandleReader(folder) : readRepositoryCandles;
const symbols = values.symbols
  .split(',')
  .map((symbol) => symbol.trim().toUpperCase())
  .filter(Boolean);
const stepHours = Number(values['step-hours']);
if (!Number.isInteger(stepHours) || stepHours < 1)
  fail('--step-hours takes a whole number of hours (1 or more)');

/** `--from 2024-07-01` starts at that day's 00:00 UTC; `--to 2025-04-28` ends at that day's end. */
function parseDay(value: string | undefined, option: string, endOfDay: boolean): number | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) fail(`${option} takes a date (2024-07-01) or an ISO time`);
  return endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(value) ? time + 86_400_000 - 1 : time;
}
const from = parseDay(values.from, '--from', false);
const to = parseDay(values.to, '--to', true);
if (from !== undefined && to !== undefined && from > to) fail('--from is after --to');

for (const symbol of symbols) {
  if (!hasCandleFile(`${symbol}USDT-1d.csv`, readFile))
    fail(
      `no ${symbol}USDT-1d.csv${folder ? ` in ${folder}` : ''}: the backtest needs at least the daily candles`,
    );
}

const started = performance.now();
const results = runBacktest({
  symbols,
  readFile,
  stepHours,
  ...(from === undefined ? {} : { from }),
  ...(to === undefined ? {} : { to }),
  ...(folder ? { source: `candle files of ${path.basename(folder)}` } : {}),
});
console.log(backtestMarkdown(results));
console.log(
  `\n${results.horizons[0]!.signals} signals measured in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);
if (values.json) {
  const output = fromCaller(values.json);
  fs.mkdirSync(path.dirname(output), { recursive: true });
  fs.writeFileSync(output, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`results written to ${output}`);
}
