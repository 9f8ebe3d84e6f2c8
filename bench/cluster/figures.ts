// The figures a load run prints: per route (req/s, p50, p99, errors by status) and for the live streams.
import { percentileOf, type StreamFleet, type StreamWindow } from './streams.ts';
import type { Sample } from './workload.ts';

export type RouteFigures = {
  route: string;
  /** The failed answers by status (0: none), e.g. `503×2`. */
  failures: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
};

/** The live market streams of one stage, over its web-shaped run. */
export type StreamFigures = {
  /** Streams open at the end of the run, of `held` (one per virtual user). */
  open: number;
  held: number;
  /** Seconds to open them all at the start of the stage. */
  openSeconds: number;
  tickersPerSecond: number;
  candlesPerSecond: number;
  p50: number;
  p99: number;
  /** Streams dropped or refused during the run, by reason. */
  errors: number;
  failures: string;
};

const isFailure = (sample: Sample) => sample.status === 0 || sample.status >= 400;

function failuresOf(samples: Sample[]) {
  const byStatus = new Map<number, number>();
  for (const sample of samples.filter(isFailure))
    byStatus.set(sample.status, (byStatus.get(sample.status) ?? 0) + 1);
  return [...byStatus].map(([status, count]) => `${status || 'no answer'}×${count}`).join(', ');
}

/** Per route, busiest first, then `all`. */
export function figuresOf(samples: Sample[], seconds: number): RouteFigures[] {
  const byRoute = new Map<string, Sample[]>();
  for (const sample of samples) {
    const list = byRoute.get(sample.route) ?? [];
    list.push(sample);
    byRoute.set(sample.route, list);
  }
  const rowOf = (route: string, list: Sample[]): RouteFigures => {
    const latencies = list.map((sample) => sample.endedAt - sample.startedAt).sort((a, b) => a - b);
    const percentile = (share: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
    return {
      route,
      requests: list.length,
      perSecond: list.length / seconds,
      p50: percentile(0.5),
      p99: percentile(0.99),
      errors: list.filter(isFailure).length,
      failures: failuresOf(list),
    };
  };
  const rows = [...byRoute].map(([route, list]) => rowOf(route, list));
  rows.sort((a, b) => b.requests - a.requests);
  rows.push(rowOf('all', samples));
  return rows;
}

export function streamFiguresOf(
  fleet: StreamFleet,
  window: StreamWindow,
  endedAt: number,
  openSeconds: number,
): StreamFigures {
  const seconds = (endedAt - window.startedAt) / 1000;
  const byReason = new Map<string, number>();
  for (const client of fleet.clients)
    for (const drop of client.drops)
      if (drop.at >= window.startedAt && drop.at <= endedAt)
        byReason.set(drop.reason, (byReason.get(drop.reason) ?? 0) + 1);
  return {
    open: fleet.openCount(),
    held: fleet.clients.length,
    openSeconds,
    tickersPerSecond: window.tickers / seconds,
    candlesPerSecond: window.candles / seconds,
    p50: percentileOf(window.delays, 0.5),
    p99: percentileOf(window.delays, 0.99),
    errors: [...byReason.values()].reduce((sum, count) => sum + count, 0),
    failures: [...byReason].map(([reason, count]) => `${reason}×${count}`).join(', '),
  };
}

/** A route's row of a Markdown table: route, req/s, p50, p99, errors. */
export const formatRow = (row: RouteFigures) =>
  `| ${row.route} | ${row.perSecond.toFixed(1)} | ${row.p50} ms | ${row.p99} ms | ${row.errors}${row.failures ? ` (${row.failures})` : ''} |`;

export const summary = (row: RouteFigures) =>
  `${row.perSecond.toFixed(1)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.errors} errors${row.failures ? ` (${row.failures})` : ''}`;

export const streamSummary = (streams: StreamFigures) =>
  `${streams.open} of ${streams.held} open at the end, ${streams.tickersPerSecond.toFixed(0)} tickers/s + ${streams.candlesPerSecond.toFixed(0)} candles/s read, tick → client p50 ${streams.p50} ms, p99 ${streams.p99} ms, ${streams.errors} errors${streams.failures ? ` (${streams.failures})` : ''}`;
